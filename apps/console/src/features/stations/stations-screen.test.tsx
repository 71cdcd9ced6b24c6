import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DistributionStation, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { StationsScreen } from './stations-screen';

/** A customer admin: lists, reads and updates stations but deletes none (docs/ROLES.md). */
const ADMIN_RULES: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: ['DistributionStation', 'Zone'] },
];
const SUPER_RULES: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: 'DistributionStation' },
];

const WARD3: DistributionStation = {
  id: 'st-1',
  orgId: 'org-1',
  zoneId: null,
  name: 'Ward 3 station',
  helpMessage: 'Scan the QR code on the tag.',
  minimumInventory: 5,
  gatewayId: null,
  scanMode: 'qrCode',
  availableTags: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ED: DistributionStation = {
  ...WARD3,
  id: 'st-2',
  name: 'Emergency Department station',
  helpMessage: 'Tap your tag once.',
  minimumInventory: 4,
  gatewayId: 'b0a710000001',
  scanMode: 'singleTap',
  availableTags: 4,
};

/** Serves the list, and answers writes with `write` (by default the station as sent). */
function serveStations(
  rows: DistributionStation[],
  write: (body: object) => unknown = (body) => ({ ...WARD3, ...body }),
) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET')
      writes.push({ method, path: url.pathname, body: init.body && JSON.parse(String(init.body)) });
    if (url.pathname === '/api/distribution-station' && method === 'GET')
      return { data: rows, total: rows.length };
    if (method === 'PUT' || method === 'POST') return write(JSON.parse(String(init.body)) as object);
    if (method === 'DELETE')
      return json({ reason: 'Ward 3 station still has 2 tags; move them to another station first' }, 409);
    return json({ reason: 'Not found' }, 404);
  });
  return writes;
}

describe('the distribution stations screen (SPEC §2.1, §3 Distribution station)', () => {
  it('lists name, help text, available tags against the minimum and kiosk settings, and edits a station', async () => {
    const writes = serveStations([WARD3]);
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    const row = (await screen.findByText('Ward 3 station')).closest('tr')!;
    expect(within(row).getByText('Scan the QR code on the tag.')).toBeInTheDocument();
    expect(within(row).getByText('2 / 5')).toBeInTheDocument();
    expect(within(row).getByText('Below minimum')).toBeInTheDocument();
    expect(within(row).getByText('QR code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ward 3 station' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Ward 3 station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ward 3 station' });
    expect(within(dialog).getByRole('combobox', { name: 'Scan mode' })).toHaveValue('qrCode');
    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum inventory' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/api/distribution-station/st-1',
          body: {
            name: 'Ward 3 station',
            helpMessage: 'Scan the QR code on the tag.',
            minimumInventory: 12,
            scanMode: 'qrCode',
            gatewayId: null,
          },
        },
      ]),
    );
  });

  it('shows no badge for a station holding its minimum', async () => {
    serveStations([ED]);
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    const row = (await screen.findByText('Emergency Department station')).closest('tr')!;
    expect(within(row).getByText('4 / 4')).toBeInTheDocument();
    expect(within(row).getByText('Single tap')).toBeInTheDocument();
    expect(within(row).getByText('b0a710000001')).toBeInTheDocument();
    expect(within(row).queryByText('Below minimum')).not.toBeInTheDocument();
  });

  it('sets how the kiosk identifies a tag and the gateway beside it (issue 21)', async () => {
    const writes = serveStations([WARD3]);
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ward 3 station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ward 3 station' });
    const mode = within(dialog).getByRole('combobox', { name: 'Scan mode' });
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Single tap', 'Double tap', 'QR code', 'Off']);
    await userEvent.selectOptions(mode, 'Double tap');
    expect(within(dialog).getByText(/Press the tag’s button twice/)).toBeInTheDocument();
    const gateway = within(dialog).getByRole('textbox', { name: 'Gateway' });
    await userEvent.type(gateway, 'B0:A7:10');
    expect(within(dialog).getByText(/MAC address must be 12 hex characters/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(gateway, ':00:00:01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes.at(-1)?.body).toMatchObject({ scanMode: 'doubleTap', gatewayId: 'b0a710000001' }),
    );
  });

  it('shows why the server refused the gateway, at the field', async () => {
    serveStations([WARD3], () =>
      json(
        {
          reason: 'Gateway b0a710000001 is already the gateway of Emergency Department station',
          code: 'gateway_taken',
          field: 'gatewayId',
        },
        409,
      ),
    );
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ward 3 station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ward 3 station' });
    const gateway = within(dialog).getByRole('textbox', { name: 'Gateway' });
    await userEvent.type(gateway, 'b0a710000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Sorry, could not update: Gateway b0a710000001 is already the gateway of Emergency Department station.',
      ),
    ).toBeInTheDocument();
    expect(gateway).toHaveAccessibleDescription(
      expect.stringContaining('Gateway b0a710000001 is already the gateway of Emergency Department station'),
    );
    // Editing the field clears its refusal.
    await userEvent.type(gateway, '{backspace}2');
    expect(gateway).not.toHaveAccessibleDescription(expect.stringContaining('already the gateway'));
  });

  it('adds a station only with a name', async () => {
    const writes = serveStations([]);
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Add station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add distribution station' });
    const add = within(dialog).getByRole('button', { name: 'Add station' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lobby kiosk');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Help text' }), 'Ask reception');
    await userEvent.click(add);
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/distribution-station',
          body: {
            name: 'Lobby kiosk',
            helpMessage: 'Ask reception',
            minimumInventory: 0,
            scanMode: 'singleTap',
            gatewayId: null,
          },
        },
      ]),
    );
  });

  it('tells why a delete was refused (SPEC §8 Lists)', async () => {
    serveStations([WARD3]);
    renderSignedIn(<StationsScreen />, { rules: SUPER_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ward 3 station' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Sorry, could not delete: Ward 3 station still has 2 tags; move them to another station first.',
      ),
    ).toBeInTheDocument();
  });
});
