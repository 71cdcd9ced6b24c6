import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { AlertDetail, NearResponder, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import {
  alertFixture,
  openEventStream,
  renderWithAlerting,
  stubMediaPlayback,
} from '../../test/alerting-harness';
import { zoneFixture } from '../../test/zone-fixtures';
import { RESPONDER_HEX } from '../../ui/map/responder-tracker';
import * as double from '../../ui/map/maplibre-test-double';
import { AlertDetailScreen } from './alert-detail-screen';

// Issue 20: the alert detail's floor plan draws the alert's nearest responders heard on its floor
// (SPEC §3 tracker type alert-responder) and lists them under the map.

vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));

beforeEach(stubMediaPlayback);
afterEach(() => {
  cleanup();
  double.resetMaps();
  vi.restoreAllMocks();
});

const FLOOR = 'f1000000-0000-4000-8000-000000000001';
const ALERT: AlertDetail = {
  ...alertFixture({
    id: 'al-1',
    gateway: 'aabbccddeeff',
    createdAt: '2026-06-01T10:00:00.000Z',
    position: { floorId: FLOOR, lat: 40.7421, lng: -73.974, radius: 16 },
  }),
  history: [{ at: '2026-06-01T10:00:00.000Z', action: 'created', actor: null }],
};
const near = (rank: number, name: string, floorId: string, lat: number): NearResponder => ({
  id: `c0ffee00000${rank}`,
  name,
  label: null,
  personId: null,
  location: null,
  position: { floorId, lat, lng: -73.9741, radius: 16 },
  seenAt: new Date().toISOString(),
  rank,
  distance: rank + 1,
  distanceLabel: rank === 1 ? 'Same unit' : 'Same building',
});
const RULES: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: 'Alert' },
  { action: 'read', subject: ['FloorPlan', 'Zone', 'Tag'] },
];

function serve() {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/events') return openEventStream(init.signal);
    if (url.pathname === '/api/alerts/') return { data: [], total: 0 };
    if (url.pathname === '/api/alerts/al-1') return ALERT;
    if (url.pathname === '/api/alerts/al-1/responders')
      return { data: [near(1, 'Blake Chen', FLOOR, 40.74215), near(2, 'Casey Morgan', 'floor-2', 40.7)] };
    if (url.pathname === `/api/zones/${FLOOR}`)
      return zoneFixture({ id: FLOOR, name: 'Floor 1', level: 'floor', parent: 'north' });
    return json({ reason: 'Not found' }, 404);
  });
}

describe('the alert detail’s nearest responders (issue 20)', () => {
  it('draws the nearest responders heard on the alert’s floor as alert-responder trackers, and lists them all', async () => {
    serve();
    renderWithAlerting(
      <Routes>
        <Route path="/alert/:id" element={<AlertDetailScreen />} />
      </Routes>,
      { path: '/alert/al-1', rules: RULES, flags: { responderTools: true } },
    );
    const section = await screen.findByRole('region', { name: 'Nearest responders' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Blake Chen · Same unit · seen 0 s ago', 'Casey Morgan · Same building · seen 0 s ago']);
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    // Casey was heard on another floor: listed, not drawn here.
    await waitFor(() =>
      expect(double.trackerElements().map((t) => [t.id, t.type, t.colour, t.lngLat])).toEqual([
        ['al-1', 'alert', expect.any(String), [-73.974, 40.7421]],
        [
          'alert-responder:c0ffee000001',
          'alert-responder',
          RESPONDER_HEX['alert-responder'],
          [-73.9741, 40.74215],
        ],
      ]),
    );
  });
});
