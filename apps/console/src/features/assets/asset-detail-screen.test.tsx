import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssetDetail, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { zoneFixture } from '../../test/zone-fixtures';
import * as double from '../../ui/map/maplibre-test-double';
import { FLOOR_2, MONITOR, PUMP, assetFixture } from './asset-fixtures';
import { AssetDetailScreen } from './asset-detail-screen';
import { ASSET_TRACKER_HEX, FLOOR_PANEL_TEXTS } from './asset-floor-panel';

// Issue 20, SPEC §2.1 /assets/{id}: the asset's floor plan with its tracker of type asset (SPEC §3
// Map tracker), at an asset's single-tracker zoom (SPEC §9: 19); SPEC §8 'Failed to load asset data'.

// jsdom has no WebGL: only MapLibre's module is replaced; the panel, the map widget and its style run.
vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));

afterEach(() => {
  cleanup();
  double.resetMaps();
});

const USER: RawRule[] = [{ action: ['list', 'read'], subject: ['Asset', 'FloorPlan', 'Zone'] }];
const TRACKING: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: 'Asset' },
  { action: ['list', 'read'], subject: ['FloorPlan', 'Zone'] },
];
const PLACED = assetFixture({
  ...PUMP,
  tracker: { floorId: FLOOR_2, gateway: 'b0a710000003', lat: 40.7421, lng: -73.974, radius: 16 },
});

function serve(asset: AssetDetail | null, patch?: (body: unknown) => unknown) {
  return stubFetch((url, init) => {
    if (url.pathname === `/api/assets/${asset?.id}` && (init.method ?? 'GET') === 'GET')
      return { data: asset };
    if (url.pathname === `/api/assets/${asset?.id}` && init.method === 'PATCH')
      return patch?.(JSON.parse(String(init.body)));
    if (url.pathname === `/api/zones/${FLOOR_2}`)
      return zoneFixture({ id: FLOOR_2, name: 'Floor 2', level: 'floor', config: { number: 2 } });
    if (url.pathname.startsWith('/api/assets/'))
      return json({ reason: 'Asset not found', code: 'not_found' }, 404);
    return json({ reason: 'Not found' }, 404);
  });
}

const open = (id: string, rules = USER) =>
  renderSignedIn(<AssetDetailScreen />, { rules, path: `/assets/${id}`, route: '/assets/:id' });
const floorSection = async () =>
  (await screen.findByRole('heading', { name: 'Floor plan', level: 2 })).parentElement!;

describe('the asset floor plan screen (SPEC §2.1 /assets/{id})', () => {
  it('shows the asset, and its floor with its tracker at the gateway, focused at zoom 19', async () => {
    serve(PLACED);
    open(PLACED.id);
    expect(await screen.findByRole('heading', { name: PLACED.name, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('In use — With a patient or a team now')).toBeInTheDocument();
    expect(screen.getByText(PLACED.lastSeen!.path!)).toBeInTheDocument();
    const section = await floorSection();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    expect(within(section).getByTestId('floor-map-canvas')).toBeInTheDocument();
    expect(double.maps[0]!.options).toMatchObject({ center: [-73.974, 40.7421], zoom: 19 });
    double.maps[0]!.fire('load');
    await waitFor(() => expect(double.trackerElements()).toHaveLength(1));
    expect(double.trackerElements()[0]).toMatchObject({
      id: PLACED.id,
      lngLat: [-73.974, 40.7421],
      selected: true,
      colour: ASSET_TRACKER_HEX,
    });
    expect(double.trackerElements()[0]!.element.dataset.type).toBe('asset');
    expect(within(section).queryByText(FLOOR_PANEL_TEXTS.notPlaced)).not.toBeInTheDocument();
    // assetTrackingUser reads only.
    expect(screen.queryByRole('button', { name: 'Edit status and notes' })).not.toBeInTheDocument();
  });

  it('shows the floor without a tracker, and says why, when the gateway is not placed', async () => {
    serve(PUMP);
    open(PUMP.id);
    const section = await floorSection();
    expect(await within(section).findByText(FLOOR_PANEL_TEXTS.notPlaced)).toBeInTheDocument();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    expect(double.trackerElements()).toHaveLength(0);
  });

  it('says the asset is on no floor when its tag was never heard', async () => {
    serve(MONITOR);
    open(MONITOR.id);
    const section = await floorSection();
    expect(within(section).getByText(FLOOR_PANEL_TEXTS.notHeard)).toBeInTheDocument();
    expect(screen.getByText('Pending — No status set yet')).toBeInTheDocument();
    expect(double.maps).toHaveLength(0);
  });

  it('edits the status and notes from the asset’s screen', async () => {
    const sent: unknown[] = [];
    serve(PLACED, (body) => {
      sent.push(body);
      return { data: { ...PLACED, ...(body as object) } };
    });
    open(PLACED.id, TRACKING);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit status and notes' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${PLACED.name}` });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Missing');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Notes' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Not in Room 201');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toEqual([{ status: 'missing', notes: 'Not in Room 201' }]);
  });

  it('asks nothing for an id that cannot be an asset’s', async () => {
    const fetch = serve(null);
    open('c0ffee000001');
    expect(await screen.findByText('Failed to load asset data')).toBeInTheDocument();
    expect(screen.getByText('Sorry, there was a problem: Asset not found')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says ‘Failed to load asset data’ when the asset cannot be read', async () => {
    serve(null);
    open('10000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Failed to load asset data')).toBeInTheDocument();
    expect(screen.getByText('Sorry, there was a problem: Asset not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All assets' })).toHaveAttribute('href', '/assets');
    expect(screen.getByRole('heading', { name: 'Asset', level: 1 })).toBeInTheDocument();
  });
});
