import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSET_STATUS_HELP, type AssetDetail, type RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { FLOOR_2, MONITOR, PUMP, ZONES } from './asset-fixtures';
import { AssetsScreen } from './assets-screen';

// Issue 20, SPEC §2.1 /assets, §3 Asset (status capitalised, 'Pending' if empty), §7 PATCH
// assets/{id} {notes, status}, §8 'Failed to load asset data' and 'Failed to update asset.'.

const ADMIN: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: ['Asset', 'Zone', 'FloorPlan'] },
];
const TRACKING: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Asset' }];
const VIEWER: RawRule[] = [{ action: ['list', 'read'], subject: ['Asset', 'FloorPlan', 'Zone'] }];

type Sent = { method: string; path: string; query: string; body: unknown };

function serve(opts: { rows?: AssetDetail[]; listFails?: boolean; patch?: (body: unknown) => unknown } = {}) {
  const sent: Sent[] = [];
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    sent.push({
      method,
      path: url.pathname,
      query: url.search,
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    if (url.pathname === '/api/assets/zones') return { data: ZONES };
    if (url.pathname === '/api/assets' && method === 'GET') {
      if (opts.listFails) return json({ reason: 'Database unavailable' }, 503);
      const rows = opts.rows ?? [PUMP, MONITOR];
      return { data: rows, total: rows.length };
    }
    if (method === 'PATCH') return opts.patch?.(JSON.parse(String(init.body)));
    if (method === 'POST')
      return json({ reason: 'This tag is already on another asset', code: 'tag_taken' }, 409);
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, sent, lists: () => sent.filter((s) => s.path === '/api/assets' && s.method === 'GET') };
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the assets screen (SPEC §2.1 /assets, §3 Asset)', () => {
  it('lists name, tag, status as SPEC shows it, notes and the last location', async () => {
    serve();
    renderSignedIn(<AssetsScreen />, { rules: VIEWER, role: 'assetTrackingUser', path: '/assets' });
    const pump = await rowOf(PUMP.name);
    expect(within(pump).getByText('c0ffee100003')).toBeInTheDocument();
    expect(within(pump).getByText('In use')).toBeInTheDocument();
    expect(within(pump).getByText('With the patient in Room 201')).toBeInTheDocument();
    expect(within(pump).getByText(PUMP.lastSeen!.path!)).toBeInTheDocument();
    expect(within(pump).getByText('Floor 2')).toBeInTheDocument();
    const monitor = await rowOf(MONITOR.name);
    expect(within(monitor).getByText('Pending')).toBeInTheDocument();
    expect(within(monitor).getByText('Not heard yet')).toBeInTheDocument();
    // assetTrackingUser reads only (SPEC §6): no edit, add or delete.
    expect(screen.queryByRole('button', { name: `Edit ${PUMP.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add asset' })).not.toBeInTheDocument();
  });

  it('filters by where the assets were last heard and by status, Pending included', async () => {
    const server = serve();
    renderSignedIn(<AssetsScreen />, { rules: VIEWER, path: '/assets' });
    await rowOf(PUMP.name);
    const location = screen.getByRole('combobox', { name: 'Location' });
    await waitFor(() =>
      expect(
        within(location).getByRole('option', { name: 'Main Campus › North Tower › Floor 2 (1)' }),
      ).toBeInTheDocument(),
    );
    await userEvent.selectOptions(location, FLOOR_2);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await waitFor(() => expect(server.lists().at(-1)!.query).toContain(`zone=${FLOOR_2}`));
    expect(server.lists().at(-1)!.query).toContain('status=pending');
  });

  it('edits the status and notes: the status menu explains each status, and only changes are sent', async () => {
    const server = serve({ patch: (body) => ({ data: { ...PUMP, ...(body as object) } }) });
    renderSignedIn(<AssetsScreen />, { rules: TRACKING, role: 'assetTracking', path: '/assets' });
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${PUMP.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${PUMP.name}` });
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('in use');
    expect(within(dialog).getByText(ASSET_STATUS_HELP['in use'])).toBeInTheDocument();
    await userEvent.selectOptions(status, 'Cleaning');
    expect(within(dialog).getByText(ASSET_STATUS_HELP.cleaning)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.sent.filter((s) => s.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/assets/${PUMP.id}`, query: '', body: { status: 'cleaning' } },
    ]);
    // Adding and deleting are the administrator's.
    expect(screen.queryByRole('button', { name: 'Add asset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${PUMP.name}` })).not.toBeInTheDocument();
  });

  it('says ‘Failed to update asset.’ in the form when the server refuses, and keeps the edits', async () => {
    const server = serve({
      patch: () => json({ reason: 'Notes are at most 2000 characters', field: 'notes' }, 400),
    });
    renderSignedIn(<AssetsScreen />, { rules: ADMIN, path: '/assets' });
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${MONITOR.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${MONITOR.name}` });
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Cracked screen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update asset.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Cracked screen');
    expect(server.sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { notes: 'Cracked screen' },
    ]);
  });

  it('says ‘Failed to load asset data’ when the list cannot be read', async () => {
    serve({ listFails: true });
    renderSignedIn(<AssetsScreen />, { rules: VIEWER, path: '/assets' });
    expect(await screen.findByText('Failed to load asset data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says so when no asset matches', async () => {
    serve({ rows: [] });
    renderSignedIn(<AssetsScreen />, { rules: VIEWER, path: '/assets' });
    expect(await screen.findByText('No assets match')).toBeInTheDocument();
  });

  it('opens an asset’s floor plan from its row with the keyboard', async () => {
    serve();
    renderSignedIn(
      <>
        <AssetsScreen />
        <CurrentPath />
      </>,
      { rules: VIEWER, path: '/assets' },
    );
    const row = await rowOf(PUMP.name);
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(`/assets/${PUMP.id}`);
  });

  it('lets the administrator add an asset on a tag, and shows the server’s refusal (SPEC §8)', async () => {
    const server = serve();
    renderSignedIn(<AssetsScreen />, { rules: ADMIN, path: '/assets' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add asset' });
    const add = within(dialog).getByRole('button', { name: 'Add asset' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Wheelchair WC-12');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tag' }), 'C0:FF:EE:10:00');
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tag' }), ':02');
    await userEvent.click(add);
    expect(
      await within(dialog).findByText('Sorry, could not add: This tag is already on another asset.'),
    ).toBeInTheDocument();
    expect(server.sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { name: 'Wheelchair WC-12', tagId: 'c0ffee100002', zoneId: null },
    ]);
  });

  it('deletes an asset after the administrator confirms', async () => {
    const server = serve();
    renderSignedIn(<AssetsScreen />, { rules: ADMIN, path: '/assets' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${PUMP.name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete asset' });
    expect(
      within(confirm).getByText(`Delete ${PUMP.name}? Its tag stays, free for another asset.`),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
        `/api/assets/${PUMP.id}`,
      ]),
    );
  });
});
