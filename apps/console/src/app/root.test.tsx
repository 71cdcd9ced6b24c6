import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ROLE_ABILITIES, type RawRule, type RoleName } from '@vigil/domain';
import { SessionContext } from '../session/session';
import { alertFixture, meFixture } from '../test/alert-fixtures';
import { openEventStream, stubMediaPlayback } from '../test/alerting-harness';
import { json, stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { signedInSession } from '../test/signed-in';
import { appRoutes } from './router';

const CONSOLE_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';

beforeEach(stubMediaPlayback);

/** The server a shell screen talks to: its console, open alerts and otherwise empty lists. */
function serveShell({ openAlerts = 0 } = {}) {
  localStorage.setItem('vigil.consoleId', CONSOLE_ID);
  const alerts = Array.from({ length: openAlerts }, (_, i) => alertFixture({ id: `alert-${i}` }));
  return stubFetch((url, init) => {
    if (url.pathname === '/hash.json') return { hash: 'build-1' };
    if (url.pathname === '/api/events') return openEventStream(init.signal);
    if (url.pathname === '/api/alerts/') return { data: alerts, total: alerts.length };
    if (url.pathname.startsWith(`/api/consoles/${CONSOLE_ID}`)) return { id: CONSOLE_ID, name: 'Front desk' };
    if (init.method === undefined || init.method === 'GET') return { data: [], total: 0 };
    return json({ reason: 'Not found' }, 404);
  });
}

/** Opens the console at `path` as a user of `role` (the role's own rules unless given), or signed out. */
function openAt(
  path: string,
  {
    role,
    rules,
    flags = {},
  }: { role?: RoleName; rules?: readonly RawRule[]; flags?: Record<string, boolean> } = {},
) {
  const session =
    role === undefined
      ? undefined
      : signedInSession({ ...meFixture(flags), role }, rules ?? ROLE_ABILITIES[role]);
  const anonymous = {
    ...signedInSession(meFixture(), []),
    session: { status: 'anonymous' as const },
  };
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  renderWithProviders(
    <SessionContext.Provider value={session ?? anonymous}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { router, session: session ?? anonymous };
}

const at = (router: ReturnType<typeof openAt>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('error pages', () => {
  // Every kiosk role has its start page now (SPEC §2.2): the distribution role's station picker
  // (layouts/kiosk-layout.test.tsx), the warehouse's and the factory's home.
  it.each<[RoleName, string]>([
    ['warehouse', '/warehouse/home'],
    ['warehouseTempo', '/warehouse/home'],
    ['factory', '/factory/home'],
  ])('a %s user opening / lands on their kiosk’s home, %s', async (role, home) => {
    serveShell();
    const { router } = openAt('/', { role });
    await waitFor(() => expect(at(router)).toBe(home));
  });

  it('offers a user who may not open a page the way to their start page', async () => {
    serveShell();
    const { router } = openAt('/users', { role: 'security' });

    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your start page' }));
    await waitFor(() => expect(at(router)).toBe('/alerts'));
  });

  it('says that the outdoor feature is off, not that the role may not', async () => {
    serveShell();
    const { router } = openAt('/outdoor/nodes', { role: 'admin' });

    expect(await screen.findByRole('heading', { name: 'Feature turned off' })).toBeVisible();
    expect(at(router)).toBe('/error/403?feature=outdoor');
    expect(screen.getByText(/The outdoor feature is off for your organisation/)).toBeVisible();
    expect(screen.queryByText(/Your role does not allow/)).toBeNull();
  });

  it('keeps the header and the sidebar on a signed-in user’s 404 page', async () => {
    serveShell();
    openAt('/no/such/page', { role: 'admin' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your start page' })).toBeVisible();
  });

  it('keeps the header, without a sidebar, on the 404 page for someone not signed in', async () => {
    serveShell();
    openAt('/error/404');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
  });
});

describe('the mobile gateway app', () => {
  it('draws the floor plans in the empty layout when the app asks (?app=gateway), in the shell otherwise', async () => {
    serveShell();
    openAt('/floorplans?app=gateway', { role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Floor Plans', level: 1 })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('keeps the shell for the same screen in a browser', async () => {
    serveShell();
    openAt('/floorplans', { role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Floor Plans', level: 1 })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});

describe('the browser tab title', () => {
  it('names the screen', async () => {
    serveShell();
    openAt('/zones', { role: 'admin' });
    await waitFor(() => expect(document.title).toBe('Zones · Vigil'));
  });

  it('counts the open alerts first, on every screen of the shell', async () => {
    serveShell({ openAlerts: 2 });
    const { router } = openAt('/zones', { role: 'admin' });
    await waitFor(() => expect(document.title).toBe('(2) Zones · Vigil'));

    await router.navigate('/error/404');
    await waitFor(() => expect(document.title).toBe('(2) Error 404 · Vigil'));
  });

  it('names screens outside the shell too', async () => {
    serveShell();
    openAt('/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Vigil'));
  });
});

describe('the skip link', () => {
  it('is the first Tab stop of a shell screen, and Enter moves focus to the main content', async () => {
    serveShell();
    openAt('/zones', { role: 'admin' });
    const main = await screen.findByRole('main');

    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });
});
