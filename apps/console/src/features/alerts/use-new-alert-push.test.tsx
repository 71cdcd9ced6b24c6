import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type * as ReactRouter from 'react-router';
import type { Alert } from '@vigil/domain';
import { alertFixture } from '../../test/alert-fixtures';
import { useNewAlertPush } from './use-new-alert-push';

const navigate = vi.fn();
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  useNavigate: () => navigate,
}));

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

function render(path: string, routerPath = path) {
  window.history.pushState(null, '', path);
  navigate.mockClear();
  return renderHook(({ alerts }: { alerts?: Alert[] }) => useNewAlertPush(alerts), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[routerPath]}>{children}</MemoryRouter>
    ),
    initialProps: { alerts: undefined as Alert[] | undefined },
  });
}

describe('a new active alert pushes the user to the alerts screen (SPEC §2.2)', () => {
  it('pushes from another screen for an alert made after the console started', () => {
    const hook = render('/zones');
    hook.rerender({ alerts: [] });
    hook.rerender({
      alerts: [alertFixture({ id: 'a1', state: 'notified', acknowledged: false, createdAt: at(1000) })],
    });
    expect(navigate).toHaveBeenCalledWith('/alerts');
  });

  it('counts an alert that arrives with the very first answer as new when it was made since the start', () => {
    const hook = render('/zones');
    hook.rerender({
      alerts: [alertFixture({ id: 'a2', state: 'notified', acknowledged: false, createdAt: at(1000) })],
    });
    expect(navigate).toHaveBeenCalledWith('/alerts');
  });

  it('does not push for the alerts present when the console started, nor on the alerts screen', () => {
    const old = render('/zones');
    old.rerender({
      alerts: [alertFixture({ id: 'a3', state: 'notified', acknowledged: false, createdAt: at(-60_000) })],
    });
    expect(navigate).not.toHaveBeenCalled();

    const onAlerts = render('/alerts');
    onAlerts.rerender({ alerts: [] });
    onAlerts.rerender({
      alerts: [alertFixture({ id: 'a4', state: 'notified', acknowledged: false, createdAt: at(1000) })],
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reads the address bar, not a rendered location that is still waiting for its screen', () => {
    // The router still renders /alerts while the address bar already says /zones.
    const hook = render('/zones', '/alerts');
    hook.rerender({ alerts: [] });
    hook.rerender({
      alerts: [alertFixture({ id: 'a5', state: 'notified', acknowledged: false, createdAt: at(1000) })],
    });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
