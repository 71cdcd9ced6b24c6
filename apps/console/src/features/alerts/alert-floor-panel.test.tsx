import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  planGeometryFromCorners,
  type Alert,
  type AlertDetail,
  type RawRule,
  type Zone,
} from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import {
  alertFixture,
  openEventStream,
  renderWithAlerting,
  stubMediaPlayback,
} from '../../test/alerting-harness';
import { zoneFixture } from '../../test/zone-fixtures';
import { metresToPx, type MapStyle } from '../../ui/map/map-style';
import * as double from '../../ui/map/maplibre-test-double';
import { AlertDetailScreen } from './alert-detail-screen';
import { NOT_PLACED } from './alert-floor-panel';

// jsdom has no WebGL: only MapLibre's module is replaced; the panel, the map widget and its style run.
vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));

beforeEach(stubMediaPlayback);
afterEach(() => {
  cleanup();
  double.resetMaps();
  vi.restoreAllMocks();
});

const GATEWAY = 'aabbccddeeff';
const FLOOR = 'f1000000-0000-4000-8000-000000000001';
const CORNERS = [
  [-73.9744, 40.7423],
  [-73.97355, 40.7423],
  [-73.97355, 40.7419],
  [-73.9744, 40.7419],
] as const;
const POSITION = { floorId: FLOOR, lat: 40.7421, lng: -73.974, radius: 16 };

const alertAt = (position: Alert['position']): AlertDetail => ({
  ...alertFixture({ id: 'al-1', gateway: GATEWAY, createdAt: '2026-06-01T10:00:00.000Z', position }),
  history: [{ at: '2026-06-01T10:00:00.000Z', action: 'created', actor: null }],
});
const floor = (config: Record<string, unknown> = { number: 1 }) =>
  zoneFixture({ id: FLOOR, name: 'Floor 1', level: 'floor', parent: 'north', config });

type Served = { alert?: AlertDetail; floorZone?: Zone; floorFails?: boolean };

function serve({ alert = alertAt(POSITION), floorZone = floor(), floorFails = false }: Served = {}) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/events') return openEventStream(init.signal);
    if (url.pathname === '/api/alerts/') return { data: [], total: 0 };
    if (url.pathname === '/api/alerts/al-1') return alert;
    if (url.pathname === `/api/zones/${FLOOR}`)
      return floorFails ? json({ reason: 'Database unavailable' }, 503) : floorZone;
    if (url.pathname === '/api/storage/signature/images')
      return { signature: 'sig', expiresAt: '2030-01-01T00:00:00Z', url: '/api/storage/images/sig' };
    return json({ reason: 'Not found' }, 404);
  });
}

const detail = (
  <Routes>
    <Route path="/alert/:id" element={<AlertDetailScreen />} />
  </Routes>
);
/** SPEC §6 security: alerts, floor plans and zones, but no gateways. */
const SECURITY: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: 'Alert' },
  { action: 'read', subject: ['FloorPlan', 'Zone'] },
];
const render = (rules = SECURITY) => renderWithAlerting(detail, { path: '/alert/al-1', rules });
const floorSection = async () =>
  (await screen.findByRole('heading', { name: 'Floor plan', level: 2 })).parentElement!;
const mapStyle = () => double.maps[0]!.style as MapStyle;
const requested = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.some(([input]) => new URL(String(input), 'http://localhost').pathname === path);

describe('the alert detail’s floor plan (issue 15)', () => {
  it('shows the alert’s floor with its plan and tracker focused at zoom 20, without reading the gateway', async () => {
    const fetch = serve({
      floorZone: floor({
        number: 1,
        planId: 'plan-7',
        geometry: planGeometryFromCorners(CORNERS),
        planBearing: 8,
      }),
    });
    render();
    const section = await floorSection();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    expect(within(section).getByTestId('floor-map-canvas')).toBeInTheDocument();
    expect(double.maps[0]!.options).toMatchObject({ center: [-73.974, 40.7421], zoom: 20, bearing: 8 });
    expect(double.maps[0]!.options).not.toHaveProperty('bounds');
    double.maps[0]!.fire('load');
    await waitFor(() =>
      expect(mapStyle().sources.plan).toMatchObject({
        type: 'raster',
        tiles: [`http://localhost:3000/api/storage/images/sig/plans/${FLOOR}/plan-7/{z}/{x}/{y}.png`],
      }),
    );
    await waitFor(() => expect(double.trackerElements()).toHaveLength(1));
    const [tracker] = double.trackerElements();
    expect(tracker).toMatchObject({
      id: 'al-1',
      lngLat: [-73.974, 40.7421],
      outlined: false,
      selected: true,
    });
    // The circle is the position's radius (16 m) on the ground at the map's zoom (20).
    expect(tracker!.circlePx).toBeCloseTo(2 * metresToPx(16, 40.7421, 20), 6);
    // The camera is placed on the tracker again once the map has loaded, still at zoom 20.
    await waitFor(() =>
      expect(double.maps[0]!.jumped).toEqual([{ center: [-73.974, 40.7421], zoom: 20, bearing: 8 }]),
    );
    expect(screen.getByRole('heading', { name: 'History', level: 2 })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/gateways'))).toBe(false);
  });

  it('draws the floor without tiles when it has no plan, an acknowledged alert outlined', async () => {
    const fetch = serve({ alert: { ...alertAt(POSITION), acknowledged: true } });
    render();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    expect(double.maps[0]!.options).toMatchObject({ center: [-73.974, 40.7421], zoom: 20 });
    expect(mapStyle().sources.plan).toBeUndefined();
    await waitFor(() => expect(double.trackerElements()).toHaveLength(1));
    expect(double.trackerElements()[0]!.outlined).toBe(true);
    expect(requested(fetch, '/api/storage/signature/images')).toBe(false);
  });

  it('says only that the gateway is not placed when the alert has no position', async () => {
    const fetch = serve({ alert: alertAt(null) });
    render();
    const section = await floorSection();
    expect(await within(section).findByText(NOT_PLACED)).toBeVisible();
    expect(section.children).toHaveLength(2);
    expect(within(section).queryByTestId('floor-map-canvas')).not.toBeInTheDocument();
    expect(double.maps).toHaveLength(0);
    expect(requested(fetch, `/api/zones/${FLOOR}`)).toBe(false);
  });

  it('says why the floor could not be loaded, and loads it again on Retry', async () => {
    const fetch = serve({ floorFails: true });
    render();
    const section = await floorSection();
    expect(await within(section).findByText('Could not load the alert’s floor')).toBeVisible();
    expect(within(section).getByText(/Database unavailable/)).toBeVisible();
    fetch.mockClear();
    within(section).getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(requested(fetch, `/api/zones/${FLOOR}`)).toBe(true));
  });

  it('shows no floor plan panel to a role that may not read floor plans', async () => {
    const fetch = serve();
    render([{ action: ['list', 'read', 'update'], subject: 'Alert' }]);
    expect(await screen.findByRole('heading', { name: 'Alert: Jane Doe', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Floor plan' })).not.toBeInTheDocument();
    expect(requested(fetch, `/api/zones/${FLOOR}`)).toBe(false);
  });
});
