import type { ContextType, ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { abilityFor, type RawRule } from '@vigil/domain';
import { SessionContext } from '../session/session';
import { meFixture } from './alert-fixtures';
import { renderWithProviders } from './render';

/**
 * Renders a screen for a signed-in user holding `rules` under `role` (default the demo admin's
 * role name, which SPEC §6 decides some things by), at `path`, matched by `route` when the screen
 * reads route parameters; `flags` are the zone's feature flags.
 */
export function renderSignedIn(
  ui: ReactElement,
  {
    rules,
    role = 'admin',
    path = '/',
    route = '*',
    flags = {},
  }: { rules: RawRule[]; role?: string; path?: string; route?: string; flags?: Record<string, boolean> },
) {
  const me = { ...meFixture(flags), role };
  const session: NonNullable<ContextType<typeof SessionContext>> = {
    session: { status: 'signedIn', me, ability: abilityFor(rules) },
    signOut: vi.fn(),
    signInWithPassword: vi.fn(),
    signInWithKey: vi.fn(),
    overrideRole: vi.fn(),
    reload: vi.fn(),
  };
  return renderWithProviders(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}
