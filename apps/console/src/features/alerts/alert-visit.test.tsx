import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RawRule } from '@vigil/domain';
import { alertFixture } from '../../test/alert-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { renderSignedIn } from '../../test/signed-in';
import { metresToPx } from '../../ui/map/map-style';
import * as double from '../../ui/map/maplibre-test-double';
import { AlertVisitLine, AlertVisitPanel } from './alert-visit';

// Issue 20: a remote person's alert during a home visit shows the home's address and who visits;
// with a street layer, the address on a street map as an outdoor tracker (SPEC §9: radius 16, zoom 18).

vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));
afterEach(() => double.resetMaps());

const ROSE_LANE = { lat: 39.7817, lng: -89.6501 };
const visitAlert = (overdue = false, point: { lat: number; lng: number } | null = ROSE_LANE) =>
  alertFixture({
    id: 'alert-visit',
    tag: { id: 'c0ffee000008', label: null, owner: { name: 'Harper Kim', personId: 'P-1007' } },
    remote: { person: { name: 'Harper Kim' } },
    visit: { id: 'visit-1', address: '14 Rose Lane, Springfield', point, overdue },
  });
const MAP_READER: RawRule[] = [{ action: ['read'], subject: ['FloorPlan', 'Alert'] }];
const SIGNATURE = {
  signature: 'sig.one',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  url: '/api/storage/images/sig.one',
};

function serve(streets: boolean) {
  return stubFetch((url) => {
    if (url.pathname === '/api/map/config') return { streets, satellite: false, search: false };
    if (url.pathname === '/api/storage/signature/images') return SIGNATURE;
    return json({ reason: `unexpected ${url.pathname}` }, 404);
  });
}

/** What StreetLayer asks of MapLibre beyond the double: sources and layers over the style's. */
function withLayers(map: double.Map) {
  const added = { sources: new Map<string, unknown>(), layers: [] as { id: string }[] };
  Object.assign(map, {
    getStyle: () => ({ layers: [{ id: 'background', type: 'background' }] }),
    addSource: (id: string, source: unknown) => void added.sources.set(id, source),
    getSource: (id: string) => added.sources.get(id),
    removeSource: (id: string) => void added.sources.delete(id),
    addLayer: (layer: { id: string }) => void added.layers.push(layer),
    getLayer: (id: string) => added.layers.find((l) => l.id === id),
    removeLayer: (id: string) =>
      void added.layers.splice(
        added.layers.findIndex((l) => l.id === id),
        1,
      ),
  });
  return added;
}

describe('the alert card’s home visit line', () => {
  it('names the address and who visits', () => {
    renderWithProviders(<AlertVisitLine alert={visitAlert()} />);
    expect(screen.getByText('Home visit: 14 Rose Lane, Springfield')).toBeInTheDocument();
    expect(screen.getByText('· Harper Kim')).toBeInTheDocument();
    expect(screen.queryByText('Not checked out')).not.toBeInTheDocument();
  });

  it('says the lone-worker timer raised it', () => {
    renderWithProviders(<AlertVisitLine alert={visitAlert(true)} />);
    expect(screen.getByText('Home visit overdue: 14 Rose Lane, Springfield')).toBeInTheDocument();
    expect(screen.getByText('Not checked out')).toBeInTheDocument();
  });

  it('is not there for an alert of no visit', () => {
    renderWithProviders(<AlertVisitLine alert={alertFixture({ id: 'a1' })} />);
    expect(screen.queryByText(/Home visit/)).not.toBeInTheDocument();
  });
});

describe('the alert detail’s home visit', () => {
  it('shows the address on the street map as an outdoor tracker, radius 16 at zoom 18', async () => {
    serve(true);
    renderSignedIn(<AlertVisitPanel alert={visitAlert()} />, { rules: MAP_READER });
    expect(screen.getByRole('heading', { name: 'Home visit' })).toBeInTheDocument();
    expect(screen.getByText('Visiting: Harper Kim')).toBeInTheDocument();
    await waitFor(() => expect(double.maps).toHaveLength(1));
    const map = double.maps[0]!;
    const added = withLayers(map);
    map.fire('load');
    expect(map.options).toMatchObject({ center: [ROSE_LANE.lng, ROSE_LANE.lat], zoom: 18 });
    // SPEC §9: with streets shown the map may zoom out to 1.
    await waitFor(() => expect(map.minZoom).toBe(1));
    await waitFor(() => expect(double.trackerElements()).toHaveLength(1));
    expect(double.trackerElements()[0]).toMatchObject({
      id: 'alert-visit',
      lngLat: [ROSE_LANE.lng, ROSE_LANE.lat],
    });
    // The circle is SPEC §9's outdoor radius (16 m) on the ground at zoom 18.
    expect(double.trackerElements()[0]!.circlePx).toBeCloseTo(2 * metresToPx(16, ROSE_LANE.lat, 18), 6);
    await waitFor(() =>
      expect(added.layers).toEqual([expect.objectContaining({ id: 'home-visit-streets' })]),
    );
    expect(added.sources.get('home-visit-streets')).toMatchObject({
      type: 'raster',
      tiles: [expect.stringContaining('/api/map/tiles/streets/{z}/{x}/{y}?signature=sig.one')],
    });
  });

  it('without a street layer, shows the address as text with no link and no map', async () => {
    const fetch = serve(false);
    renderSignedIn(<AlertVisitPanel alert={visitAlert()} />, { rules: MAP_READER });
    expect(screen.getByText('Address: 14 Rose Lane, Springfield')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Street map/ })).not.toBeInTheDocument();
    expect(double.maps).toHaveLength(0);
  });

  it('says a lone-worker timer’s alert is an overdue visit', () => {
    serve(false);
    renderSignedIn(<AlertVisitPanel alert={visitAlert(true, null)} />, { rules: MAP_READER });
    expect(screen.getByRole('heading', { name: 'Home visit overdue' })).toBeInTheDocument();
    expect(screen.getByText('The visit was not checked out in time.')).toBeInTheDocument();
  });

  it('asks nothing of the map for a home without a point, or a caller who may not read floor plans', () => {
    const fetch = serve(true);
    renderSignedIn(<AlertVisitPanel alert={visitAlert(false, null)} />, { rules: MAP_READER });
    renderSignedIn(<AlertVisitPanel alert={visitAlert()} />, {
      rules: [{ action: ['read'], subject: 'Alert' }],
    });
    expect(screen.getAllByText('Address: 14 Rose Lane, Springfield')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });
});
