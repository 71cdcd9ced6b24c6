import type { ContextType, ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { abilityFor, type Me, type RawRule } from '@vigil/domain';
import { SessionContext } from '../session/session';
import { meFixture } from './alert-fixtures';
import { renderWithProviders } from './render';

type SessionValue = NonNullable<ContextType<typeof SessionContext>>;

/** A signed-in session for `me` holding `rules`; its actions are spies that resolve at once. */
export function signedInSession(me: Me, rules: readonly RawRule[]): SessionValue {
  return {
    session: { status: 'signedIn', me, ability: abilityFor(rules) },
    signOut: vi.fn(async () => {}),
    signInWithPassword: vi.fn(async () => {}),
    signInWithCode: vi.fn(async () => {}),
    signInWithKey: vi.fn(async () => {}),
    overrideRole: vi.fn(async () => {}),
    reload: vi.fn(async () => {}),
  };
}

/** Shows the router's current path, for tests that check where a click led. */
export function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

export type SignedInOptions = {
  /** The signed-in user's rules (their role's abilities). */
  rules: RawRule[];
  /** The role name, which SPEC §6 decides some things by; default the demo admin's. */
  role?: string;
  /** The zone's feature flags. */
  flags?: Record<string, boolean>;
  /** Who is signed in, instead of the fixture user with `role` and `flags`. */
  me?: Me;
  /** The URL the screen opens at. */
  path?: string;
  /** The route pattern `ui` is matched by, for screens that read route parameters. */
  route?: string;
  /** Wraps the routes inside the router and session, e.g. in the shell's providers. */
  around?: (routes: ReactElement) => ReactNode;
};

/**
 * Renders a screen for a signed-in user at `path`, with the providers every screen has; returns the
 * session too, whose spies (e.g. `signOut`) a test can check.
 */
export function renderSignedIn(
  ui: ReactNode,
  {
    rules,
    role = 'admin',
    flags = {},
    me,
    path = '/',
    route = '*',
    around = (routes) => routes,
  }: SignedInOptions,
) {
  const session = signedInSession(me ?? { ...meFixture(flags), role }, rules);
  const routes = (
    <Routes>
      <Route path={route} element={ui} />
    </Routes>
  );
  const rendered = renderWithProviders(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>{around(routes)}</MemoryRouter>
    </SessionContext.Provider>,
  );
  return { ...rendered, session };
}
