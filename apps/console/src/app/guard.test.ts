import { describe, expect, it } from 'vitest';
import { ROLE_ABILITIES, abilityFor, mayHearAlerts, type RoleName } from '@vigil/domain';
import type { RouteId } from '@vigil/domain/routes';
import { guard, safeAfter, startPage, type GuardSession } from './guard';

const NOW_BUILT = new Set<RouteId>(['root', 'login', 'error', 'zones', 'users', 'roles', 'keys']);
const built = (id: RouteId) => NOW_BUILT.has(id);
const withAlerts = (id: RouteId) => NOW_BUILT.has(id) || id === 'alerts';
const withKiosks = (id: RouteId) => NOW_BUILT.has(id) || id === 'distribution' || id === 'factoryHome';

function signedIn(role: RoleName, flags: Record<string, boolean> = {}): GuardSession {
  const ability = abilityFor(ROLE_ABILITIES[role]);
  return {
    status: 'signedIn',
    role,
    can: ([action, subject, field]) => ability.can(action, subject, field),
    flags,
    mayHearAlerts: mayHearAlerts(ability),
  };
}
const anonymous: GuardSession = { status: 'anonymous' };
const at = (href: string) => {
  const url = new URL(href, 'http://console.test');
  return { pathname: url.pathname, search: url.search };
};
const go = (href: string, session: GuardSession, registered = built) => guard(at(href), session, registered);

describe('navigation guard (SPEC §2.2)', () => {
  it.each([
    ['/zones', '/login?after=%2Fzones'],
    ['/users?page=2', '/login?after=%2Fusers%3Fpage%3D2'],
    ['/zones?method=key&authSlug=acme', '/login?method=key&authSlug=acme&after=%2Fzones'],
    ['/', '/login'],
  ])('sends an unauthenticated user from %s to %s', (href, to) => {
    expect(go(href, anonymous)).toEqual({ type: 'redirect', to });
  });

  it('renders the login screen for an unauthenticated user', () => {
    expect(go('/login', anonymous)).toMatchObject({ type: 'render', route: { id: 'login' } });
  });

  it.each([
    ['/login?after=%2Fusers', '/users'],
    ['/login?after=https%3A%2F%2Fevil.example', '/zones'],
    ['/login?after=%2F%2Fevil.example', '/zones'],
    ['/login', '/zones'],
  ])('sends a signed-in admin opening %s to %s', (href, to) => {
    expect(go(href, signedIn('admin'))).toEqual({ type: 'redirect', to });
  });

  it('lets after win over the landing rules', () => {
    expect(go('/login?after=%2Fkeys', signedIn('security'), withAlerts)).toEqual({
      type: 'redirect',
      to: '/keys',
    });
  });

  it('lands a user who may hear alerts on the alerts screen once it exists, others on their first sidebar entry', () => {
    expect(go('/', signedIn('security'), withAlerts)).toEqual({ type: 'redirect', to: '/alerts' });
    expect(go('/', signedIn('security'))).toEqual({ type: 'redirect', to: '/zones' });
    expect(go('/', signedIn('admin'))).toEqual({ type: 'redirect', to: '/zones' });
  });

  it('sends noAccess to the error page with the noAccess flag, wherever it goes', () => {
    for (const href of ['/', '/zones', '/login']) {
      expect(go(href, signedIn('noAccess'))).toEqual({ type: 'redirect', to: '/error/403?noAccess=1' });
    }
  });

  it('gives /error/403 to a kiosk role whose home is not built yet', () => {
    expect(go('/', signedIn('factory'))).toEqual({ type: 'redirect', to: '/error/403' });
    expect(go('/zones', signedIn('warehouse'))).toEqual({ type: 'redirect', to: '/error/403' });
  });

  it('sends kiosk roles to their homes once built (distribution → the station picker)', () => {
    expect(go('/', signedIn('factory'), withKiosks)).toEqual({ type: 'redirect', to: '/factory/home' });
    expect(go('/zones', signedIn('distribution'), withKiosks)).toEqual({
      type: 'redirect',
      to: '/distribution',
    });
  });

  it('gives /error/403 for a route the role may not open', () => {
    expect(go('/users', signedIn('security'))).toEqual({ type: 'redirect', to: '/error/403' });
  });

  it('names the feature that is off when only its flag refuses the route', () => {
    const withOutdoor = (id: RouteId) => NOW_BUILT.has(id) || id === 'outdoor';
    expect(go('/outdoor/nodes', signedIn('admin'), withOutdoor)).toEqual({
      type: 'redirect',
      to: '/error/403?feature=outdoor',
    });
    expect(go('/outdoor/nodes', signedIn('admin', { outdoor: true }), withOutdoor)).toMatchObject({
      type: 'render',
    });
    const mayNot: GuardSession = {
      status: 'signedIn',
      role: 'custom',
      can: () => false,
      flags: {},
      mayHearAlerts: false,
    };
    expect(go('/outdoor/nodes', mayNot, withOutdoor)).toEqual({
      type: 'redirect',
      to: '/error/403',
    });
  });

  it('renders an allowed route with its parameters', () => {
    expect(go('/zones', signedIn('admin'))).toMatchObject({ type: 'render', route: { id: 'zones' } });
    expect(go('/error/404', anonymous)).toMatchObject({
      type: 'render',
      route: { id: 'error' },
      params: { code: '404' },
    });
  });

  it.each(['/no/such/page', '/alerts', '/0123456789abc', '/tags'])(
    'sends %s (unknown or not built yet) to /error/404',
    (href) => {
      expect(go(href, signedIn('admin'))).toEqual({ type: 'redirect', to: '/error/404' });
      expect(go(href, anonymous)).toEqual({ type: 'redirect', to: '/error/404' });
    },
  );

  it('waits while the session loads', () => {
    expect(go('/zones', { status: 'loading' })).toEqual({ type: 'wait' });
    expect(go('/login', { status: 'loading' })).toEqual({ type: 'wait' });
    expect(go('/error/403', { status: 'loading' })).toMatchObject({ type: 'render' });
  });

  it('lands on /error/403 when no screen is open to the user', () => {
    const nothing: GuardSession = {
      status: 'signedIn',
      role: 'custom',
      can: () => false,
      flags: {},
      mayHearAlerts: false,
    };
    expect(go('/', nothing)).toEqual({ type: 'redirect', to: '/error/403' });
  });
});

describe('safeAfter', () => {
  it.each([
    ['/zones', '/zones'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (after, expected) => {
    expect(safeAfter(after)).toBe(expected);
  });
});

describe('startPage', () => {
  it('is the landing page, or none for a role that would land on an error page', () => {
    const session = (role: RoleName) => signedIn(role) as Extract<GuardSession, { status: 'signedIn' }>;
    expect(startPage(session('admin'), built)).toBe('/zones');
    expect(startPage(session('distribution'), built)).toBeUndefined();
    expect(startPage(session('noAccess'), built)).toBeUndefined();
    expect(startPage(session('factory'), withKiosks)).toBe('/factory/home');
  });
});
