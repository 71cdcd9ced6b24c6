import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RawRule, Responder } from '@vigil/domain';
import { responderKeys } from '../../api/responders';
import { json, stubFetch } from '../../test/fetch-stub';
import { gatewayFixture } from '../../test/gateway-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { zoneFixture } from '../../test/zone-fixtures';
import { RESPONDER_HEX } from '../../ui/map/responder-tracker';
import * as double from '../../ui/map/maplibre-test-double';
import { FloorplansScreen } from './floorplans-screen';

// Issue 20: the floor map draws the responders last heard on the floor (SPEC §3 tracker type
// responder) for a user who may see them (read Tag responders, the responderTools flag), and lists them.

vi.mock('maplibre-gl', () => import('../../ui/map/maplibre-test-double'));

afterEach(() => {
  double.resetMaps();
  vi.restoreAllMocks();
});

const RULES: RawRule[] = [{ action: ['list', 'read'], subject: ['FloorPlan', 'Zone', 'Gateway', 'Tag'] }];
const FLOOR_1 = 'f1000000-0000-4000-8000-000000000001';
const FLOOR_2 = 'f2000000-0000-4000-8000-000000000002';
const AREA = 'a1010000-0000-4000-8000-000000000101';
const ZONES = [
  zoneFixture({ id: 'site', name: 'Main Campus', level: 'site', parent: 'org' }),
  zoneFixture({ id: 'north', name: 'North Tower', level: 'building', parent: 'site' }),
  zoneFixture({ id: FLOOR_1, name: 'Floor 1', level: 'floor', parent: 'north' }),
  zoneFixture({ id: FLOOR_2, name: 'Floor 2', level: 'floor', parent: 'north' }),
  zoneFixture({ id: AREA, name: 'ED Room 101', level: 'area', parent: FLOOR_1 }),
];
const GATEWAY = gatewayFixture({
  id: 'b0a710000001',
  orgId: '0a000000-0000-4000-8000-00000000000a',
  config: { state: 'deployed', location: AREA, coordinates: { lat: 40.74205, lng: -73.9741 } },
  state: { status: 'connected', updatedAt: new Date().toISOString() },
});

const heard = (id: string, name: string, floorId: string, lat: number, area: string): Responder => ({
  id,
  name,
  label: null,
  personId: null,
  location: { unit: 'Emergency Department', area, path: `Main Campus › ${area}` },
  position: { floorId, lat, lng: -73.9741, radius: 16 },
  seenAt: new Date(Date.now() - 20_000).toISOString(),
});
const BLAKE = heard('c0ffee000002', 'Blake Chen', FLOOR_1, 40.74205, 'ED Room 101');
const CASEY = heard('c0ffee000003', 'Casey Morgan', FLOOR_2, 40.74205, 'Room 201');

function serve(answers: Responder[][]) {
  let asked = 0;
  const fetch = stubFetch((url) => {
    const q = url.searchParams;
    if (url.pathname === '/api/zones') {
      const parents = q.get('where') ? (JSON.parse(q.get('where')!).parent.$in as string[]) : null;
      const data = ZONES.filter((z) =>
        parents ? parents.includes(z.parent ?? '') : z.level === q.get('level'),
      );
      return { data, total: data.length };
    }
    if (url.pathname === '/api/gateways') return { data: [GATEWAY], total: 1 };
    if (url.pathname === '/api/responders') {
      const data = answers[Math.min(asked++, answers.length - 1)]!;
      return { data, total: data.length };
    }
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, asked: () => asked };
}

const render = (flags: Record<string, boolean>) =>
  renderSignedIn(<FloorplansScreen />, {
    rules: RULES,
    flags,
    path: `/floorplans/${FLOOR_1}`,
    route: '/floorplans/:floorId?',
  });

describe('responders on the floor map (issue 20)', () => {
  it('draws and lists the responders heard on this floor, and moves one heard elsewhere next', async () => {
    const moved = {
      ...BLAKE,
      position: { ...BLAKE.position!, lat: 40.7422 },
      location: { area: 'Main Entrance' },
    };
    serve([
      [BLAKE, CASEY],
      [moved, CASEY],
    ]);
    const { queryClient } = render({ responderTools: true });
    const list = await screen.findByRole('region', { name: 'Responders on this floor' });
    // Casey was heard on Floor 2: not here.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const blake = within(list).getByRole('button', { name: 'Show Blake Chen on the map' });
    expect(blake).toHaveTextContent('Emergency Department › ED Room 101');
    expect(blake).toHaveTextContent(/seen 2\d s ago/);
    await waitFor(() => expect(double.maps).toHaveLength(1));
    double.maps[0]!.fire('load');
    await waitFor(() =>
      expect(double.trackerElements().map((t) => [t.id, t.type, t.colour, t.lngLat])).toEqual([
        ['responder:c0ffee000002', 'responder', RESPONDER_HEX.responder, [-73.9741, 40.74205]],
      ]),
    );

    // The list is asked again (every few seconds in the app): Blake was heard at another gateway.
    await act(() => queryClient.refetchQueries({ queryKey: responderKeys.list() }));
    await waitFor(() => expect(double.trackerElements()[0]!.lngLat).toEqual([-73.9741, 40.7422]));
    expect(within(list).getByRole('button', { name: 'Show Blake Chen on the map' })).toHaveTextContent(
      'Main Entrance',
    );

    await userEvent.click(within(list).getByRole('button', { name: 'Show Blake Chen on the map' }));
    await waitFor(() => expect(double.trackerElements()[0]!.selected).toBe(true));
    expect(double.maps[0]!.eased).toEqual([{ center: [-73.9741, 40.7422] }]);
  });

  it('shows no responders, and asks for none, without the responderTools flag', async () => {
    const served = serve([[BLAKE]]);
    render({});
    expect(await screen.findByRole('region', { name: /Gateways/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Responders on this floor' })).toBeNull();
    expect(served.asked()).toBe(0);
    expect(double.trackerElements()).toEqual([]);
  });
});
