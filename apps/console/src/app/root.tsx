import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routeLayout, type RouteLayout } from '@vigil/domain/routes';
import { useSession } from '../session/session';
import { StartPageContext } from '../session/start-page';
import { DocumentTitle } from './document-title';
import { guard, startPage, toGuardSession } from './guard';
import { useRoleOverride } from './use-role-override';
import { isRegistered } from './screens';
import { LoadingLayout } from './layouts/loading-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { HeaderLayout } from './layouts/header-layout';
import { LogoLayout } from './layouts/logo-layout';

// The default and no-footer layouts carry the shell (sidebar, nav bar, footer): their own chunk, so
// the login page does not load them.
const ShellLayout = lazy(async () => ({ default: (await import('./layouts/shell-layout')).ShellLayout }));
// The kiosk's layout (issue 21: header, clock, connection, station help) likewise.
const KioskLayout = lazy(async () => ({ default: (await import('./layouts/kiosk-layout')).KioskLayout }));

/** Guards every navigation (SPEC §2.2) and wraps the screen in its route's layout (SPEC §2.5). */
export function Root() {
  const location = useLocation();
  const { session } = useSession();
  const guardSession = useMemo(() => toGuardSession(session), [session]);
  const home = useMemo(
    () => (guardSession.status === 'signedIn' ? startPage(guardSession, isRegistered) : undefined),
    [guardSession],
  );
  useRoleOverride();
  // While a role override is pending, guard as if still loading so the old role does not redirect.
  const pendingOverride = new URLSearchParams(location.search).has('role') && session.status === 'signedIn';
  const decision = pendingOverride
    ? ({ type: 'wait' } as const)
    : guard(location, guardSession, isRegistered);

  if (decision.type === 'wait') return <LoadingLayout />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <StartPageContext.Provider value={home}>
      <Layout
        kind={routeLayout(decision.route, new URLSearchParams(location.search))}
        session={session.status}
      >
        <DocumentTitle />
        <Suspense fallback={<LoadingLayout inline />}>
          <Outlet />
        </Suspense>
      </Layout>
    </StartPageContext.Provider>
  );
}

function Layout({
  kind,
  session,
  children,
}: {
  kind: RouteLayout;
  session: 'loading' | 'anonymous' | 'signedIn';
  children: ReactNode;
}) {
  switch (kind) {
    case 'default':
    case 'noFooter':
      // A public screen of the shell (the error pages) keeps the header for someone not signed in.
      if (session === 'loading') return <LoadingLayout />;
      if (session === 'anonymous') return <HeaderLayout>{children}</HeaderLayout>;
      return (
        <Suspense fallback={<LoadingLayout />}>
          <ShellLayout footer={kind === 'default'}>{children}</ShellLayout>
        </Suspense>
      );
    case 'kiosk':
      return (
        <Suspense fallback={<LoadingLayout />}>
          <KioskLayout>{children}</KioskLayout>
        </Suspense>
      );
    case 'logo':
      return <LogoLayout>{children}</LogoLayout>;
    case 'loading':
      return <LoadingLayout />;
    default:
      return <EmptyLayout>{children}</EmptyLayout>;
  }
}
