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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serveStations(rows: DistributionStation[]) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET')
      writes.push({ method, path: url.pathname, body: init.body && JSON.parse(String(init.body)) });
    if (url.pathname === '/api/distribution-station' && method === 'GET')
      return { data: rows, total: rows.length };
    if (method === 'PUT' || method === 'POST')
      return { ...WARD3, ...(JSON.parse(String(init.body)) as object) };
    if (method === 'DELETE')
      return json({ reason: 'Ward 3 station still has 2 tags; move them to another station first' }, 409);
    return json({ reason: 'Not found' }, 404);
  });
  return writes;
}

describe('the distribution stations screen (SPEC §2.1, §3 Distribution station)', () => {
  it('lists name, help text and minimum inventory, and edits a station', async () => {
    const writes = serveStations([WARD3]);
    renderSignedIn(<StationsScreen />, { rules: ADMIN_RULES });
    const row = (await screen.findByText('Ward 3 station')).closest('tr')!;
    expect(within(row).getByText('Scan the QR code on the tag.')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ward 3 station' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Ward 3 station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ward 3 station' });
    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum inventory' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/api/distribution-station/st-1',
          body: { name: 'Ward 3 station', helpMessage: 'Scan the QR code on the tag.', minimumInventory: 12 },
        },
      ]),
    );
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
          body: { name: 'Lobby kiosk', helpMessage: 'Ask reception', minimumInventory: 0 },
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
