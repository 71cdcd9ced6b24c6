import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planGeometryFromCorners, type Gateway, type RawRule, type Zone } from '@vigil/domain';
import { QueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../api/alerts';
import { floorplanQueries } from '../../api/floorplans';
import { alertFixture } from '../../test/alert-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { gatewayFixture } from '../../test/gateway-fixtures';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { zoneFixture } from '../../test/zone-fixtures';
import type { MapStyle } from '../../ui/map/map-style';
import * as double from '../../ui/map/maplibre-test-double';
import { FloorplansScreen } from './floorplans-screen';
import { PREFETCHED_EVENT, prefetchFloorPlans } from './prefetch';

// jsdom has no WebGL: only MapLibre's module is replaced; the screen, the map widget and its style run.
vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));

afterEach(() => {
  double.resetMaps();
  vi.restoreAllMocks();
});

/** A customer admin: reads and edits floor plans, reads zones and gateways. */
const ADMIN_RULES: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: ['FloorPlan', 'Zone', 'Gateway'] },
];
/** The security desk (docs/ROLES.md): reads floor plans and zones, lists no gateways. */
const SECURITY_RULES: RawRule[] = [
  { action: ['read'], subject: 'FloorPlan' },
  { action: ['list', 'read'], subject: 'Zone' },
];

const CORNERS = [
  [-73.9744, 40.7423],
  [-73.97355, 40.7423],
  [-73.97355, 40.7419],
  [-73.9744, 40.7419],
] as const;

// Zone ids are UUIDs: the gateway answers are checked against the domain's schema.
const FLOOR_1 = 'f1000000-0000-4000-8000-000000000001';
const FLOOR_2 = 'f2000000-0000-4000-8000-000000000002';
const UNIT_ED = 'e0000000-0000-4000-8000-0000000000ed';
const AREA_101 = 'a1010000-0000-4000-8000-000000000101';

const ZONES = {
  site: zoneFixture({ id: 'site', name: 'Main Campus', level: 'site', parent: 'org' }),
  building: zoneFixture({ id: 'north', name: 'North Tower', level: 'building', parent: 'site' }),
  floor1: zoneFixture({
    id: FLOOR_1,
    name: 'Floor 1',
    level: 'floor',
    parent: 'north',
    config: { number: 1 },
  }),
  floor2: zoneFixture({
    id: FLOOR_2,
    name: 'Floor 2',
    level: 'floor',
    parent: 'north',
    config: { number: 2 },
  }),
  unit: zoneFixture({ id: UNIT_ED, name: 'Emergency Department', level: 'unit', parent: FLOOR_1 }),
  area: zoneFixture({ id: AREA_101, name: 'ED Room 101', level: 'area', parent: UNIT_ED }),
};

const recent = () => new Date(Date.now() - 60_000).toISOString();
const onFloor1 = (id: string, lat: number, lng: number, state: Record<string, unknown> = {}) =>
  gatewayFixture({
    id,
    orgId: '0a000000-0000-4000-8000-00000000000a',
    config: { state: 'deployed', location: AREA_101, coordinates: { lat, lng }, logistics: { sku: 'GW2' } },
    state: { status: 'connected', updatedAt: recent(), ...state },
    location: { unit: 'Emergency Department', area: 'ED Room 101' },
  });
const GATEWAYS = [
  onFloor1('b0a710000002', 40.74215, -73.97385),
  onFloor1('b0a710000001', 40.74205, -73.9741, { diagnostics: { button: 100, coverage: 97, floor: 74 } }),
];

type Served = { zones?: Zone[]; gateways?: Gateway[]; hang?: boolean };

/** The zone, gateway and image-signature API the screen reads, over a stubbed fetch. */
function serve({ zones = Object.values(ZONES), gateways = GATEWAYS, hang = false }: Served = {}) {
  return stubFetch((url) => {
    if (hang) return new Promise(() => {});
    const q = url.searchParams;
    if (url.pathname === '/api/zones') {
      const parents = q.get('where') ? (JSON.parse(q.get('where')!).parent.$in as string[]) : null;
      const data = zones.filter((z) =>
        parents ? parents.includes(z.parent ?? '') : z.level === q.get('level'),
      );
      return { data, total: data.length };
    }
    if (url.pathname === '/api/gateways') {
      const where = JSON.parse(q.get('where')!) as { 'config.location': { $in: string[] } };
      const data = gateways.filter((g) => where['config.location'].$in.includes(g.config.location ?? ''));
      return { data, total: data.length };
    }
    if (url.pathname === '/api/storage/signature/images')
      return { signature: 'sig', expiresAt: '2030-01-01T00:00:00Z', url: '/api/storage/images/sig' };
    return json({ reason: 'Not found' }, 404);
  });
}

function render(path = `/floorplans/${FLOOR_1}`, rules = ADMIN_RULES) {
  return renderSignedIn(
    <>
      <FloorplansScreen />
      <CurrentPath />
    </>,
    { rules, path, route: '/floorplans/:floorId?' },
  );
}

const mapStyle = () => double.maps[0]!.style as MapStyle;

describe('FloorplansScreen', () => {
  it('shows that it is loading while the floors are on their way', () => {
    serve({ hang: true });
    render();
    expect(screen.getByRole('heading', { name: 'Floor Plans', level: 1 })).toBeVisible();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('says there are no floors yet and where to add them', async () => {
    serve({ zones: [ZONES.site, ZONES.building] });
    render('/floorplans');
    expect(await screen.findByText('No floors in your zones yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Zones' })).toHaveAttribute('href', '/zones');
  });

  it('opens the first floor when the route names none', async () => {
    serve();
    render('/floorplans');
    await waitFor(() =>
      expect(screen.getByLabelText('Current path')).toHaveTextContent(`/floorplans/${FLOOR_1}`),
    );
  });

  it('lists the floor’s gateways and draws them on the map, noting that the floor has no plan', async () => {
    const fetch = serve();
    render();
    const list = await screen.findByRole('region', { name: 'Gateways on this floor' });
    // The rows come after the map (a deferred render).
    expect(
      (await within(list).findAllByRole('button', { name: /^Show .* on the map$/ })).map(
        (b) => b.textContent,
      ),
    ).toEqual([expect.stringContaining('b0a710000001'), expect.stringContaining('b0a710000002')]);
    expect(within(list).getByRole('link', { name: 'Open gateway b0a710000001' })).toHaveAttribute(
      'href',
      '/gateway/b0a710000001',
    );
    expect(screen.getByText('Main Campus › North Tower › Floor 1')).toBeVisible();
    // Over the map, once its chunk has loaded.
    expect(await screen.findByText('No floor plan for this floor yet')).toBeVisible();
    expect(
      screen.getByText(
        /You may edit floor plans: once this floor’s plan \(a PNG or JPEG image, or a PDF’s first page\) is uploaded/,
      ),
    ).toBeVisible();

    // The map: the markers in the domain's colours (green: diagnostics passing; orange: none reported), no plan.
    await waitFor(() => expect(double.maps).toHaveLength(1));
    const markers = mapStyle().sources.markers as { data: { features: { properties: unknown }[] } };
    expect(markers.data.features.map((f) => f.properties)).toEqual([
      { id: 'b0a710000001', colour: '#40c057', label: 'b0a710000001' },
      { id: 'b0a710000002', colour: '#fd7e14', label: 'b0a710000002' },
    ]);
    expect(mapStyle().sources).not.toHaveProperty('plan');
    expect(screen.getByRole('region', { name: 'Marker colours' })).toHaveTextContent(
      'Diagnostics passing (1)Needs attention (1)',
    );

    // SPEC §7 map gateways: limit 500, deployed or ready to deploy, on the floor, with coordinates.
    const asked = fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/gateways')!;
    expect(asked.searchParams.get('limit')).toBe('500');
    expect(asked.searchParams.getAll('config.state')).toEqual(['deployed', 'ready_to_deploy']);
    expect(JSON.parse(asked.searchParams.get('where')!)).toEqual({
      'config.location': { $in: [FLOOR_1, UNIT_ED, AREA_101] },
      'config.coordinates': { $exists: true },
    });
  });

  it('picks a gateway from the list to ring it on the map', async () => {
    const user = userEvent.setup();
    serve();
    render();
    const button = await screen.findByRole('button', { name: 'Show b0a710000002 on the map' });
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(mapStyle().layers.find((l) => l.id === 'markers-selected')).toMatchObject({
        filter: ['==', ['get', 'id'], 'b0a710000002'],
      }),
    );
  });

  it('says a floor has no plan yet, and what a user who may edit floor plans can do', async () => {
    serve();
    render(`/floorplans/${FLOOR_2}`);
    expect(await screen.findByRole('heading', { name: 'No floor plan for this floor yet' })).toBeVisible();
    expect(
      screen.getByText(/Floor 2 has no plan and no gateway placed on it\. You may edit floor plans/),
    ).toBeVisible();
    expect(double.maps).toHaveLength(0);
  });

  it('tells a user who may not edit floor plans who can, and asks for no gateways it may not list', async () => {
    const fetch = serve();
    render(`/floorplans/${FLOOR_1}`, SECURITY_RULES);
    expect(await screen.findByRole('heading', { name: 'No floor plan for this floor yet' })).toBeVisible();
    expect(screen.getByText(/Someone who may edit floor plans can upload this floor’s plan/)).toBeVisible();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/gateways'))).toBe(false);
  });

  it('draws a floor’s plan tiles from image storage with the signature, inside the plan’s corners', async () => {
    const planned = {
      ...ZONES.floor1,
      config: { number: 1, planId: 'plan-7', geometry: planGeometryFromCorners(CORNERS), planBearing: 8 },
    };
    serve({ zones: [ZONES.site, ZONES.building, planned, ZONES.unit, ZONES.area] });
    render();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    await waitFor(() =>
      expect(mapStyle().sources.plan).toEqual({
        type: 'raster',
        tiles: [`http://localhost:3000/api/storage/images/sig/plans/${FLOOR_1}/plan-7/{z}/{x}/{y}.png`],
        tileSize: 256,
        minzoom: 18,
        maxzoom: 22,
        bounds: [-73.9744, 40.7419, -73.97355, 40.7423],
      }),
    );
    expect(screen.queryByText('No floor plan for this floor yet')).not.toBeInTheDocument();
    expect(double.maps[0]!.options).toMatchObject({ bearing: 8 });
  });

  it('switches floors with the floor selector', async () => {
    const user = userEvent.setup();
    serve();
    render();
    await user.click(await screen.findByRole('combobox', { name: 'Floor' }));
    await user.click(await screen.findByRole('option', { name: 'Floor 2' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current path')).toHaveTextContent(`/floorplans/${FLOOR_2}`),
    );
    expect(await screen.findByText(/Floor 2 has no plan/)).toBeVisible();
  });

  it('says when the floor named is not one of the caller’s', async () => {
    serve();
    render('/floorplans/elsewhere');
    expect(await screen.findByText('This floor is not in your zones')).toBeVisible();
  });

  describe('open alerts on the map (issue 15)', () => {
    function renderWithFlags(flags: Record<string, boolean> = {}) {
      return renderSignedIn(<FloorplansScreen />, {
        rules: ADMIN_RULES,
        flags,
        path: `/floorplans/${FLOOR_1}`,
        route: '/floorplans/:floorId?',
      });
    }
    /** The trackers on the map (elements over it), by id. */
    const trackers = () => double.trackerElements().sort((a, b) => a.id!.localeCompare(b.id!));
    const trackerIds = () => trackers().map((t) => t.id);
    const helpAt1 = alertFixture({ id: 'alert-1', gateway: 'b0a710000001' });
    const elsewhere = alertFixture({ id: 'alert-x', gateway: 'ffffffffffff' });
    const dangerAt2 = alertFixture({
      id: 'alert-2',
      mode: 'danger',
      gateway: 'b0a710000002',
      tag: { id: 't2', label: null, owner: { name: 'Sam Porter', personId: 'p-2' } },
      createdAt: new Date().toISOString(),
    });

    it('draws the floor’s open alerts from the shell’s feed, lists them, and pans to a new one', async () => {
      serve();
      const { queryClient } = renderWithFlags();
      // The shell's alert feed has answered: the screen reads it, it fetches no alerts itself.
      act(() => queryClient.setQueryData(alertKeys.open(), [helpAt1, elsewhere]));
      const list = await screen.findByRole('region', { name: 'Open alerts on this floor' });
      expect(within(list).getByRole('link', { name: 'Open the alert of Jane Doe' })).toHaveAttribute(
        'href',
        '/alert/alert-1',
      );
      expect(list).toHaveTextContent('Help · Main site › Building A › Ward 3');
      await waitFor(() => expect(double.maps).toHaveLength(1));
      const map = double.maps[0]!;
      map.fire('load');
      await waitFor(() => expect(trackerIds()).toEqual(['alert-1']));
      expect(trackers()[0]).toMatchObject({
        lngLat: [-73.9741, 40.74205],
        colour: '#e8590c',
        outlined: false,
      });
      // What was open when the floor opened is not new: the camera stays on the floor.
      expect(map.eased).toEqual([]);

      // A press arrives through the realtime feed: drawn, listed and panned to.
      act(() => queryClient.setQueryData(alertKeys.open(), [dangerAt2, helpAt1, elsewhere]));
      await waitFor(() => expect(trackerIds()).toEqual(['alert-1', 'alert-2']));
      expect(trackers()[1]).toMatchObject({ lngLat: [-73.97385, 40.74215], colour: '#e03131' });
      expect(map.eased).toEqual([{ center: [-73.97385, 40.74215] }]);
      expect(
        within(list).getByRole('button', { name: 'Show the alert of Sam Porter on the map' }),
      ).toBeVisible();

      // Acknowledged: still drawn, outlined; closed: gone.
      act(() => queryClient.setQueryData(alertKeys.open(), [{ ...dangerAt2, acknowledged: true }, helpAt1]));
      await waitFor(() => expect(trackers()[1]).toMatchObject({ outlined: true }));
      expect(list).toHaveTextContent('Danger · Acknowledged');
      act(() => queryClient.setQueryData(alertKeys.open(), [helpAt1]));
      await waitFor(() => expect(trackerIds()).toEqual(['alert-1']));
      expect(map.eased).toHaveLength(1);
    });

    it('selects a tracker from the list and pans to it; a click on the map selects it there', async () => {
      const user = userEvent.setup();
      serve();
      const { queryClient } = renderWithFlags();
      act(() => queryClient.setQueryData(alertKeys.open(), [helpAt1]));
      const show = await screen.findByRole('button', { name: 'Show the alert of Jane Doe on the map' });
      await waitFor(() => expect(double.maps).toHaveLength(1));
      const map = double.maps[0]!;
      map.fire('load');
      await user.click(show);
      expect(show).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(map.eased).toEqual([{ center: [-73.9741, 40.74205] }]));
      await waitFor(() => expect(trackers()[0]).toMatchObject({ id: 'alert-1', selected: true }));
      await user.click(show);
      await waitFor(() => expect(trackers()[0]).toMatchObject({ selected: false }));
      await user.click(trackers()[0]!.element);
      expect(show).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(trackers()[0]).toMatchObject({ selected: true }));
    });

    it('leaves the camera alone for a new alert when the zone’s noAutoPan flag is on (SPEC §6)', async () => {
      serve();
      const { queryClient } = renderWithFlags({ noAutoPan: true });
      act(() => queryClient.setQueryData(alertKeys.open(), [helpAt1]));
      await screen.findByRole('region', { name: 'Open alerts on this floor' });
      await waitFor(() => expect(double.maps).toHaveLength(1));
      const map = double.maps[0]!;
      map.fire('load');
      act(() => queryClient.setQueryData(alertKeys.open(), [dangerAt2, helpAt1]));
      await waitFor(() => expect(trackerIds()).toEqual(['alert-1', 'alert-2']));
      expect(map.eased).toEqual([]);
    });

    it('shows no alert list when no open alert is on this floor', async () => {
      serve();
      const { queryClient } = renderWithFlags();
      act(() => queryClient.setQueryData(alertKeys.open(), [elsewhere]));
      await screen.findByRole('region', { name: 'Gateways on this floor' });
      expect(screen.queryByRole('region', { name: 'Open alerts on this floor' })).not.toBeInTheDocument();
    });
  });
});

describe('the floor plans prefetched while the console is idle (prefetch.ts)', () => {
  /** Runs the prefetch with idle callbacks that come at once; resolves when it says it is done. */
  async function prefetch(listsGateways: boolean) {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const queryClient = new QueryClient();
    const done = new Promise((resolve) =>
      document.addEventListener(PREFETCHED_EVENT, resolve, { once: true }),
    );
    prefetchFloorPlans(queryClient, listsGateways);
    await done;
    return queryClient;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('holds the floor Floor Plans opens on, its zones and its gateways, as the screen asks for them', async () => {
    serve();
    const queryClient = await prefetch(true);
    const places = queryClient.getQueryData(floorplanQueries.places(FLOOR_1).queryKey);
    expect(places).toEqual([FLOOR_1, UNIT_ED, AREA_101]);
    const gateways = queryClient.getQueryData(floorplanQueries.gateways(FLOOR_1, places, false).queryKey);
    expect(gateways?.data.map((g) => g.id).sort()).toEqual(['b0a710000001', 'b0a710000002']);
    expect(queryClient.getQueryData(floorplanQueries.floors().queryKey)?.floors).toHaveLength(2);
  });

  it('asks for no gateways for a role that may not list them', async () => {
    const fetch = serve();
    const queryClient = await prefetch(false);
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/'))).toBe(false);
    expect(queryClient.getQueryData(floorplanQueries.floors().queryKey)).toBeUndefined();
  });
});
