import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connection } from '../../api/connection';
import { meFixture } from '../../test/alert-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { DISTRIBUTION_RULES, ED_STATION, serveKiosk } from '../../features/kiosk/kiosk-test-kit';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ROLE_ABILITIES } from '@vigil/domain';
import { SessionContext } from '../../session/session';
import { renderWithProviders } from '../../test/render';
import { signedInSession } from '../../test/signed-in';
import { appRoutes } from '../router';
import { KioskLayout } from './kiosk-layout';

const HOME = `/distribution/${ED_STATION.id}/home`;

function renderLayout(opts: { role?: string; flags?: Record<string, boolean>; kind?: 'user' | 'key' } = {}) {
  const me = { ...meFixture(opts.flags), role: opts.role ?? 'distribution', kind: opts.kind ?? 'user' };
  return renderSignedIn(
    <KioskLayout>
      <h1>Who is the tag for?</h1>
    </KioskLayout>,
    { rules: DISTRIBUTION_RULES, me, path: HOME },
  );
}

afterEach(() => {
  connection.set({ serverProblem: false, alertsStale: false });
  vi.restoreAllMocks();
});

describe('the kiosk layout (SPEC §2.5: exit link, logo, clock, connection icon, station help text)', () => {
  it('shows the logo, the station and its help text, the clock and the connection', async () => {
    serveKiosk();
    renderLayout();
    expect(screen.getByRole('img', { name: 'Vigil logo' })).toBeVisible();
    expect(await screen.findByText(ED_STATION.helpMessage)).toBeVisible();
    expect(screen.getByText('Emergency Department station')).toBeVisible();
    expect(screen.getByLabelText('Current time')).toHaveTextContent(/\d{1,2}:\d{2}/);
    expect(screen.getByRole('status', { name: 'Connection: Online' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('Who is the tag for?');
  });

  it('shows the server unreachable, as the console’s banners would', async () => {
    serveKiosk();
    renderLayout();
    act(() => connection.set({ serverProblem: true }));
    expect(await screen.findByRole('status', { name: 'Connection: Server unreachable' })).toBeVisible();
  });

  it('offers sign-out only to the distribution role with the kioskLogout flag and no API key (SPEC §6)', async () => {
    serveKiosk();
    const { session, unmount } = renderLayout({ flags: { kioskLogout: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(session.signOut).toHaveBeenCalled();
    unmount();

    renderLayout({ flags: { kioskLogout: true }, kind: 'key' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('has no sign-out without the flag, and no exit to the dashboard in a browser tab', async () => {
    serveKiosk();
    localStorage.setItem(`vigil.kiosk.${ED_STATION.id}.canExit`, 'true');
    renderLayout({ role: 'admin' });
    await screen.findByText(ED_STATION.helpMessage);
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exit to dashboard' })).not.toBeInTheDocument();
  });

  it('exits to the dashboard from the installed app when this station’s can-exit is saved (SPEC §6)', async () => {
    serveKiosk();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('standalone'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    localStorage.setItem(`vigil.kiosk.${ED_STATION.id}.canExit`, 'true');
    renderLayout({ role: 'admin' });
    expect(await screen.findByRole('link', { name: 'Exit to dashboard' })).toHaveAttribute('href', '/');
  });
});

describe('the distribution role in the console (SPEC §2.2)', () => {
  it.each(['/', '/tags', '/alerts'])(
    'opening %s lands on the station picker, in the kiosk layout',
    async (path) => {
      serveKiosk();
      const session = signedInSession({ ...meFixture(), role: 'distribution' }, ROLE_ABILITIES.distribution);
      const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
      renderWithProviders(
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>,
      );
      expect(await screen.findByRole('heading', { name: 'Choose this kiosk’s station' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/distribution');
      expect(screen.getByRole('status', { name: 'Connection: Online' })).toBeVisible();
      expect(screen.queryByRole('button', { name: /User menu/ })).not.toBeInTheDocument();
    },
  );
});
