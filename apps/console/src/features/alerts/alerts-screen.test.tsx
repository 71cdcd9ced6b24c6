import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../api/messages';
import { Banners } from './banners';
import {
  alertFixture,
  renderWithAlerting,
  serveAlerts,
  stubMediaPlayback,
} from '../../test/alerting-harness';
import { AlertsScreen } from './alerts-screen';

beforeEach(stubMediaPlayback);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const jane = alertFixture({ id: 'al-jane' });
const shooter = alertFixture({
  id: 'al-omar',
  mode: 'danger',
  dangerReason: 'activeShooter',
  state: 'escalated',
  tag: { id: '0a0b0c0d0e0f', label: null, owner: { name: 'Omar Reyes', personId: 'p-2' } },
  location: { id: 'lobby', name: 'Lobby', path: [{ id: 'lobby', name: 'Lobby', level: 'area' }] },
});

describe('the alerts screen', () => {
  it('says so when no alert is open', async () => {
    serveAlerts([]);
    renderWithAlerting(<AlertsScreen />);
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
  });

  it("shows an alert's person, location, age, mode and state", async () => {
    serveAlerts([jane]);
    renderWithAlerting(<AlertsScreen />);
    const card = await screen.findByRole('article', {
      name: 'Alert: Jane Doe at Main site › Building A › Ward 3',
    });
    expect(within(card).getByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(within(card).getByText('Main site › Building A › Ward 3')).toBeInTheDocument();
    expect(within(card).getByText('2 min ago')).toBeInTheDocument();
    expect(within(card).getByText('Help')).toBeInTheDocument();
    expect(within(card).getByText('Notified')).toBeInTheDocument();
  });

  it('acknowledges an alert and then names who did', async () => {
    const { fetch } = serveAlerts([jane]);
    renderWithAlerting(<AlertsScreen />);
    const card = await screen.findByRole('article', { name: /Jane Doe/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Acknowledge alert for Jane Doe' }));
    const acknowledged = await within(card).findByText(/^Acknowledged by Sam Responder/);
    expect(acknowledged).toHaveTextContent(/^Acknowledged by Sam Responder, \d+ s ago$/);
    // The status reads what the user needs, not the stored state (still 'notified').
    expect(within(card).getByText('Acknowledged')).toBeInTheDocument();
    expect(within(card).queryByText('Notified')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ acknowledged: true });
  });

  it('makes danger alerts stand out', async () => {
    serveAlerts([jane, shooter]);
    renderWithAlerting(<AlertsScreen />);
    const card = await screen.findByRole('article', { name: 'Danger alert: Omar Reyes at Lobby' });
    expect(within(card).getByText('Danger')).toBeInTheDocument();
    expect(within(card).getByText('Active shooter')).toBeInTheDocument();
    expect(within(card).getByText('Escalated')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Alert: Jane Doe/ })).toBeInTheDocument();
  });

  it('lists the newest alert first', async () => {
    const older = alertFixture({ id: 'old', createdAt: new Date(Date.now() - 600_000).toISOString() });
    serveAlerts([older, { ...shooter, createdAt: new Date().toISOString() }]);
    renderWithAlerting(<AlertsScreen />);
    await screen.findByRole('article', { name: /Omar Reyes/ });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Danger alert: Omar Reyes at Lobby',
      'Alert: Jane Doe at Main site › Building A › Ward 3',
    ]);
  });

  it('mutes the alarm with a note, until a new alert arrives', async () => {
    serveAlerts([jane]);
    renderWithAlerting(
      <>
        <Banners />
        <AlertsScreen />
      </>,
    );
    const mute = await screen.findByRole('button', { name: 'Mute alarm' });
    await waitFor(() => expect(mute).toBeEnabled());
    await userEvent.click(mute);
    expect(await screen.findByText(messages.alertsMuted)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute alarm' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Unmute alarm' }));
    expect(screen.queryByText(messages.alertsMuted)).not.toBeInTheDocument();
  });

  it('closes an alert with a reason, and it leaves the list', async () => {
    serveAlerts([jane]);
    renderWithAlerting(<AlertsScreen />);
    const card = await screen.findByRole('article', { name: /Jane Doe/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Close alert for Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close alert' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'False alarm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
  });
});

describe('the alert banners (SPEC §2.6)', () => {
  it('shows one danger banner per dangerous location with the danger flag, and the help-request count off the alerts screen', async () => {
    serveAlerts([jane, shooter, { ...shooter, id: 'al-omar-2', dangerReason: 'other' }]);
    renderWithAlerting(<Banners />, { path: '/zones', flags: { danger: true } });
    const banner = (await screen.findByText('Dangerous location: Lobby')).closest('[role="alert"]');
    expect(banner).toHaveTextContent('Active shooter');
    expect(screen.getAllByText(/Dangerous location/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '3 active help requests' })).toHaveAttribute('href', '/alerts');
  });

  it('shows no danger banner without the danger flag, and no count on the alerts screen', async () => {
    serveAlerts([shooter]);
    renderWithAlerting(
      <>
        <Banners />
        <AlertsScreen />
      </>,
    );
    await screen.findByRole('article', { name: /Omar Reyes/ });
    expect(screen.queryByText(/Dangerous location/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /active help request/ })).not.toBeInTheDocument();
  });

  it('sends the user to the alerts screen when a new alert arrives', async () => {
    const server = serveAlerts([jane]);
    renderWithAlerting(<Banners />, { path: '/zones' });
    await screen.findByRole('link', { name: '1 active help request' });
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/zones');

    server.add(alertFixture({ id: 'al-new', createdAt: new Date().toISOString() }));
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/alerts'),
      {
        timeout: 5000,
      },
    );
  });
});
