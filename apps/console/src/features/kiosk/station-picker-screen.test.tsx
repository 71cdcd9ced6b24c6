import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ED_STATION, renderKiosk, serveKiosk } from './kiosk-test-kit';

describe('the station picker (SPEC §2.1 /distribution, §8)', () => {
  it('lists the stations and opens the chosen one’s home', async () => {
    serveKiosk();
    renderKiosk('/distribution');
    expect(await screen.findByRole('heading', { name: 'Choose this kiosk’s station' })).toBeVisible();
    expect(await screen.findByText(ED_STATION.helpMessage)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Emergency Department station' }));
    expect(await screen.findByRole('heading', { name: 'Who is the tag for?' })).toBeVisible();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(`/distribution/${ED_STATION.id}/home`);
  });

  it('says so when the organisation has no station', async () => {
    serveKiosk({ stations: [] });
    renderKiosk('/distribution');
    expect(await screen.findByText('No distribution station settings found')).toBeVisible();
  });

  it('sends a station that fails to load back to the picker, saying why', async () => {
    serveKiosk();
    renderKiosk('/distribution/no-such-station/home');
    expect(await screen.findByText('Could not load distribution station. Please pick one.')).toBeVisible();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(/^\/distribution$/);
  });

  it('shows SPEC §8’s text when a station’s settings cannot be read', async () => {
    serveKiosk({ stations: [{ ...ED_STATION, name: undefined as unknown as string }] });
    renderKiosk(`/distribution/${ED_STATION.id}/home`);
    expect(await screen.findByText('Invalid distribution station settings')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose another station' })).toBeVisible();
  });

  it('lets a role with a dashboard save this device’s can-exit setting (SPEC §6), not the distribution role', async () => {
    serveKiosk();
    const { unmount } = renderKiosk('/distribution');
    await screen.findByRole('link', { name: 'Emergency Department station' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    unmount();

    renderKiosk('/distribution', { role: 'admin' });
    const canExit = await screen.findByRole('checkbox', { name: /Allow exit to the dashboard/ });
    await userEvent.click(canExit);
    expect(canExit).toBeChecked();
    expect(localStorage.getItem(`vigil.kiosk.${ED_STATION.id}.canExit`)).toBe('true');
  });
});
