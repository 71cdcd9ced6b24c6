import { mayHearAlerts, type Permission } from '@vigil/domain';
import {
  ROUTE_BY_ID,
  kioskHome,
  landingRoute,
  matchRoute,
  routeAllowed,
  routePath,
  routeRefusal,
  type AppRoute,
  type NavigationContext,
  type RouteId,
} from '@vigil/domain/routes';
import type { Session } from '../session/session';

/** What the guard needs to know of the session (built from /users/me and the role's ability). */
export type GuardSession =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | {
      status: 'signedIn';
      role: string;
      can: NavigationContext['can'];
      flags: NavigationContext['flags'];
      mayHearAlerts: boolean;
    };

/** The guard's view of a session: its role, abilities, feature flags and whether it hears alerts. */
export function toGuardSession(session: Session): GuardSession {
  if (session.status !== 'signedIn') return session;
  const { ability, me } = session;
  return {
    status: 'signedIn',
    role: me.role,
    can: ([action, subject, field]: Permission) => ability.can(action, subject, field),
    flags: me.zone.config.featureFlags,
    mayHearAlerts: mayHearAlerts(ability),
  };
}

export type GuardDecision =
  | { type: 'render'; route: AppRoute; params: Record<string, string> }
  | { type: 'redirect'; to: string }
  | { type: 'wait' };

/** Query parameters of the login screen itself (SPEC §2.1 /login: method, after, authSlug, authDomain). */
const LOGIN_PARAMS = ['method', 'after', 'authSlug', 'authDomain'] as const;

/** `after` is followed only when it is a path of this console, never another site (`//evil`). */
export function safeAfter(after: string | null | undefined): string | undefined {
  return after && after.startsWith('/') && !after.startsWith('//') && !after.startsWith('/\\')
    ? after
    : undefined;
}

/**
 * SPEC §2.2 navigation guard, as a pure function of (location, session, registered screens):
 * where a user may go, where they are sent instead, or to wait while the session loads.
 */
export function guard(
  location: { pathname: string; search: string },
  session: GuardSession,
  registered: (routeId: RouteId) => boolean,
): GuardDecision {
  const query = new URLSearchParams(location.search);
  const match = matchRoute(location.pathname);
  if (!match || !registered(match.route.id as RouteId)) return { type: 'redirect', to: '/error/404' };
  if (match.redirect) return { type: 'redirect', to: match.redirect + location.search };
  const { route, params } = match;

  if (route.id === 'login') {
    if (session.status === 'loading') return { type: 'wait' };
    if (session.status === 'anonymous') return { type: 'render', route, params };
    return { type: 'redirect', to: safeAfter(query.get('after')) ?? landing(session, registered) };
  }
  if (route.auth === 'none') return { type: 'render', route, params };
  if (session.status === 'loading') return { type: 'wait' };
  if (session.status === 'anonymous') return { type: 'redirect', to: loginPath(location, query) };

  if (session.role === 'noAccess') return { type: 'redirect', to: '/error/403?noAccess=1' };
  const ctx = navigationContext(session, registered);
  if (route.id === 'root') return { type: 'redirect', to: landing(session, registered) };
  const refusal = routeRefusal(route, ctx);
  if (refusal) {
    // A kiosk role outside its kiosk goes home (SPEC §2.2: distribution → the station picker).
    const home = kioskHome(session.role);
    if (home && registered(home) && routeAllowed(ROUTE_BY_ID[home], ctx))
      return { type: 'redirect', to: routePath(home) };
    // A feature that is off is named, so the page does not blame the role.
    if (refusal.kind === 'feature') return { type: 'redirect', to: `/error/403?feature=${refusal.flag}` };
    return { type: 'redirect', to: '/error/403' };
  }
  return { type: 'render', route, params };
}

function navigationContext(
  session: Extract<GuardSession, { status: 'signedIn' }>,
  registered: (routeId: RouteId) => boolean,
): NavigationContext {
  return { can: session.can, flags: session.flags, registered, role: session.role };
}

/** SPEC §2.2: where a signed-in user lands when no route is set; /error/403 when nowhere. */
export function landing(
  session: Extract<GuardSession, { status: 'signedIn' }>,
  registered: (routeId: RouteId) => boolean,
): string {
  if (session.role === 'noAccess') return '/error/403?noAccess=1';
  return landingRoute(navigationContext(session, registered), session.mayHearAlerts) ?? '/error/403';
}

/** The user's start page, or undefined when their role has none (landing is an error page then). */
export function startPage(
  session: Extract<GuardSession, { status: 'signedIn' }>,
  registered: (routeId: RouteId) => boolean,
): string | undefined {
  const to = landing(session, registered);
  return to.startsWith('/error/') ? undefined : to;
}

/** Unauthenticated: to login with the target path as `after`, plus method and the other query. */
function loginPath(location: { pathname: string }, query: URLSearchParams): string {
  const login = new URLSearchParams();
  const rest = new URLSearchParams();
  for (const [key, value] of query) {
    if ((LOGIN_PARAMS as readonly string[]).includes(key)) login.set(key, value);
    else rest.append(key, value);
  }
  const target = location.pathname + (rest.size ? `?${rest}` : '');
  if (location.pathname !== '/' || rest.size) login.set('after', target);
  const search = login.toString();
  return `/login${search ? `?${search}` : ''}`;
}
