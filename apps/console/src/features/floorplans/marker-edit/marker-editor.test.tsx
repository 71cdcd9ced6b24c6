import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKER_COLOUR_HEX, type Marker, type Zone } from '@vigil/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { gatewayFixture } from '../../../test/gateway-fixtures';
import { renderWithProviders } from '../../../test/render';
import { zoneFixture } from '../../../test/zone-fixtures';
import { MapInstanceContext } from '../../../ui/map/map-context';
import { FakeMap } from './fake-map';
import { MarkerEditor } from './marker-editor';
import { AREA, FLOOR, markerFixture } from './marker-fixtures';
import { EDIT_LAYERS, EDIT_SOURCE } from './use-edit-layers';
import type { EditFeatureCollection } from './marker-features';

const UNIT = 'e0000000-0000-4000-8000-0000000000ed';
const ORG = '0a000000-0000-4000-8000-00000000000a';
const FLOOR_ZONE = zoneFixture({
  id: FLOOR,
  name: 'Floor 1',
  level: 'floor',
  config: { category: 'indoor' },
});
const ZONES = [
  zoneFixture({ id: UNIT, name: 'Emergency Department', level: 'unit', parent: FLOOR }),
  zoneFixture({ id: AREA, name: 'ED Room 101', level: 'area', parent: UNIT }),
];

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = (call: Call) => unknown;

/**
 * The markers, zones and gateways API over a stubbed fetch: markers are kept and changed as the
 * server would; `answers` replaces the answer of a write ("METHOD /path-start").
 */
function serve(markers: Marker[], answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  stubFetch(async (url, init) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const own = Object.entries(answers).find(([key]) => `${call.method} ${call.path}`.startsWith(key));
    if (own) return own[1](call);
    return defaultAnswer(markers, call);
  });
  return calls;
}

function defaultAnswer(markers: Marker[], { method, path, query, body }: Call) {
  const id = path.split('/')[3];
  if (path === '/api/markers' && method === 'GET') return { data: markers, total: markers.length };
  if (path === '/api/markers' && method === 'POST') {
    const { location, coordinates, camera } = body as Marker['config'];
    const made = markerFixture({
      config: { location, coordinates, camera: camera ? { id: null, name: null } : null },
    });
    markers.push(made);
    return made;
  }
  const marker = markers.find((m) => m.id === id);
  if (method === 'PUT' && marker) {
    Object.assign(marker.config, body);
    return marker;
  }
  if (method === 'DELETE' && marker) {
    markers.splice(markers.indexOf(marker), 1);
    return new Response(null, { status: 204 });
  }
  if (path === '/api/zones') {
    const parents = JSON.parse(query.get('where')!).parent.$in as string[];
    const data = ZONES.filter((z) => parents.includes(z.parent ?? ''));
    return { data, total: data.length };
  }
  if (path === '/api/gateways') {
    const data = query.get('query')
      ? // Answers are checked against the domain's schema: ids are UUIDs.
        [gatewayFixture({ id: 'b0a710000003', orgId: ORG, config: { state: 'ready_to_deploy' } })]
      : [];
    return { data, total: data.length };
  }
  return json({ reason: 'Not found' }, 404);
}

function renderEditor(kind: 'markers' | 'cameras' = 'markers', floor: Zone = FLOOR_ZONE) {
  const map = new FakeMap();
  const onExit = vi.fn();
  const rendered = renderWithProviders(
    <MapInstanceContext.Provider value={map.asMap()}>
      <MarkerEditor
        floor={floor}
        directory={{ floors: [floor], buildings: [], sites: [] }}
        plan={null}
        onExit={onExit}
        kind={kind}
      />
    </MapInstanceContext.Provider>,
  );
  return { map, onExit, ...rendered };
}

const drawn = (map: FakeMap) => map.sources.get(EDIT_SOURCE)!.data as EditFeatureCollection;
const panel = (name = 'Markers and gateways') => screen.getByRole('region', { name });
const list = () => screen.findByRole('region', { name: /on this floor/ });

describe('MarkerEditor (markers and gateways)', () => {
  it('draws the floor’s markers on its own layers in their edit colours, lists them, and cleans up', async () => {
    const markers = [markerFixture(), markerFixture({ gateway: 'b0a710000003', config: { location: AREA } })];
    serve(markers);
    const { map, unmount } = renderEditor();
    expect(within(panel()).getByText('Loading markers…')).toBeInTheDocument();
    const rows = within(await list()).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual(['Gateway b0a710000003', 'Marker without gateway']);
    expect([...map.layers.keys()].every((id) => id.startsWith('marker-edit-'))).toBe(true);
    await waitFor(() => expect(drawn(map).features).toHaveLength(2));
    expect(drawn(map).features.map((f) => f.properties.colour)).toEqual([
      MARKER_COLOUR_HEX.gray,
      MARKER_COLOUR_HEX.blue,
    ]);

    unmount();
    expect(map.layers.size).toBe(0);
    expect(map.sources.size).toBe(0);
    expect(map.listenerCount()).toBe(0);
  });

  it('says so when the floor has no markers yet', async () => {
    serve([]);
    renderEditor();
    expect(await within(panel()).findByText(/No markers on this floor yet/)).toBeVisible();
  });

  it('adds a marker where the map is clicked and selects it', async () => {
    const calls = serve([]);
    const { map } = renderEditor();
    await within(panel()).findByText(/No markers on this floor yet/);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Add marker' }));
    fireEvent.click(within(panel()).getByRole('button', { name: 'add it at the map’s centre' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      location: FLOOR,
      coordinates: { lat: 40.742, lng: -73.974 },
    });
    const row = await within(await list()).findByRole('button', { name: 'Marker without gateway' });
    await waitFor(() => expect(row).toHaveAttribute('aria-pressed', 'true'));

    // A click on the map (not on a marker) while adding places one there.
    await userEvent.click(within(panel()).getByRole('button', { name: 'Add marker' }));
    map.underPointer = [];
    map.fire('click', { point: { x: 5, y: 5 }, lngLat: { lng: -73.97, lat: 40.74 } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({
      coordinates: { lat: 40.74, lng: -73.97 },
    });
  });

  it('shows SPEC §8’s text with the server’s reason when a marker cannot be added', async () => {
    serve([], { 'POST /api/markers': () => json({ reason: 'Must specify area' }, 400) });
    renderEditor();
    await within(panel()).findByText(/No markers on this floor yet/);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Add marker' }));
    await userEvent.click(within(panel()).getByRole('button', { name: 'add it at the map’s centre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, could not add marker: Must specify area',
    );
  });

  it('assigns a gateway: an area first, MAC suggestions after 4 characters, the server’s refusal on the field', async () => {
    const marker = markerFixture();
    const calls = serve([marker], {
      'POST /api/markers/': () =>
        json(
          { reason: 'This gateway is already assigned to another location', code: 'gateway_already_placed' },
          409,
        ),
    });
    renderEditor();
    await userEvent.click(
      await within(await list()).findByRole('button', { name: 'Marker without gateway' }),
    );
    const mac = await within(panel()).findByRole('combobox', { name: 'Gateway MAC' });
    await userEvent.click(within(panel()).getByRole('button', { name: 'Assign gateway' }));
    expect(within(panel()).getByText('Must specify area')).toBeVisible();

    await userEvent.type(mac, 'b0a');
    expect(within(panel()).getByText(/Keep typing/)).toBeVisible();
    await userEvent.type(mac, '7');
    const option = await screen.findByRole('option', { name: 'b0a710000003' });
    const asked = calls.filter((c) => c.path === '/api/gateways' && c.query.get('query'));
    expect(asked.map((c) => c.query.get('query'))).toEqual(['b0a7']);
    expect(Object.fromEntries(asked[0]!.query)).toMatchObject({
      limit: '20',
      byColumn: 'id',
      orderBy: 'id',
      'config.state': 'ready_to_deploy',
    });
    await userEvent.click(option);
    expect(mac).toHaveValue('b0a710000003');

    await userEvent.click(within(panel()).getByRole('combobox', { name: 'Area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ED Room 101' }));
    await userEvent.click(within(panel()).getByRole('button', { name: 'Assign gateway' }));
    expect(
      await within(panel()).findByText('This gateway is already assigned to another location'),
    ).toBeVisible();
    expect(within(panel()).getByText('No gateway assigned yet.')).toBeVisible();
    // The marker was put in the chosen area first: the server places the gateway at the marker's area.
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual([
      `PUT /api/markers/${marker.id}`,
      `POST /api/markers/${marker.id}/assign/b0a710000003`,
    ]);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ location: AREA });
  });

  it('asks before moving a marker that has a gateway, then saves where it was dropped', async () => {
    const marker = markerFixture({ gateway: 'b0a710000003', config: { location: AREA } });
    const calls = serve([marker]);
    const { map } = renderEditor();
    await within(await list()).findByRole('button', { name: 'Gateway b0a710000003' });

    const drag = (to: { lng: number; lat: number }) => {
      map.fire(
        'mousedown',
        {
          features: [{ properties: { id: marker.id, editable: true } }],
          point: { x: 0, y: 0 },
          preventDefault: vi.fn(),
        },
        EDIT_LAYERS.markers,
      );
      map.fire('mousemove', { point: { x: 30, y: 10 }, lngLat: to });
      map.fire('mouseup');
    };
    drag({ lng: -73.9741, lat: 40.7421 });
    const question = await screen.findByRole('dialog', { name: 'Move gateway b0a710000003?' });
    expect(question).toHaveTextContent('Move this gateway to the new position?');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    drag({ lng: -73.9742, lat: 40.7422 });
    const again = await screen.findByRole('dialog', { name: 'Move gateway b0a710000003?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        coordinates: { lat: 40.7422, lng: -73.9742 },
      }),
    );
  });

  it('moves the selected marker with the arrow keys and saves it with Enter', async () => {
    const marker = markerFixture();
    const calls = serve([marker]);
    renderEditor();
    await userEvent.click(
      await within(await list()).findByRole('button', { name: 'Marker without gateway' }),
    );
    const position = within(panel()).getByRole('group', { name: 'Position' });
    position.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(panel()).getByText('Position (moved, not saved)')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const { coordinates } = calls.find((c) => c.method === 'PUT')!.body as {
      coordinates: { lat: number; lng: number };
    };
    // Two steps of 0.5 m north on an unturned map.
    expect((coordinates.lat - 40.742) * 111_320).toBeCloseTo(1, 3);
    expect(coordinates.lng).toBeCloseTo(-73.974, 9);
  });

  it('removes a marker after confirming, and shows why when it cannot', async () => {
    const marker = markerFixture();
    serve([marker], {
      'DELETE /api/markers/': () => json({ reason: 'Not allowed to update FloorPlan' }, 403),
    });
    renderEditor();
    await userEvent.click(
      await within(await list()).findByRole('button', { name: 'Marker without gateway' }),
    );
    await userEvent.click(within(panel()).getByRole('button', { name: 'Remove marker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove marker' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, could not remove marker: Not allowed to update FloorPlan',
    );
  });

  it('asks “Save changes?” on Done with unsaved edits, saves them, then leaves', async () => {
    const marker = markerFixture();
    const calls = serve([marker]);
    const { onExit } = renderEditor();
    await userEvent.click(
      await within(await list()).findByRole('button', { name: 'Marker without gateway' }),
    );
    await userEvent.click(within(panel()).getByText('stool'));
    await userEvent.type(within(panel()).getByRole('textbox', { name: 'Notes' }), 'Left of the door');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      labels: ['stool'],
      notes: 'Left of the door',
    });
  });
});

describe('MarkerEditor (cameras)', () => {
  it('lists only cameras, adds one, asks for its id and name, and deletes it after SPEC §5’s question', async () => {
    const markers = [
      markerFixture(),
      markerFixture({ config: { camera: { id: 'cam-1', name: 'Lobby door' } } }),
    ];
    const calls = serve(markers, {
      'PUT /api/markers/': () => json({ reason: 'Camera id is taken' }, 400),
    });
    const { map } = renderEditor('cameras');
    const rows = within(await list()).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual(['Lobby door (cam-1)']);
    await waitFor(() =>
      expect(drawn(map).features.map((f) => f.properties.colour)).toEqual([MARKER_COLOUR_HEX.darkBlue]),
    );

    await userEvent.click(within(panel('Cameras')).getByRole('button', { name: 'Add camera' }));
    await userEvent.click(
      within(panel('Cameras')).getByRole('button', { name: 'add it at the map’s centre' }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ camera: {} }));
    await within(await list()).findByRole('button', { name: 'Camera without id' });

    const save = await within(panel('Cameras')).findByRole('button', { name: 'Save camera' });
    await userEvent.click(save);
    expect(within(panel('Cameras')).getByText('Must specify id')).toBeVisible();
    await userEvent.type(within(panel('Cameras')).getByRole('textbox', { name: 'Camera id' }), 'cam-2');
    await userEvent.click(save);
    expect(within(panel('Cameras')).getByText('Must specify name')).toBeVisible();
    await userEvent.type(within(panel('Cameras')).getByRole('textbox', { name: 'Camera name' }), 'Stairs');
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, could not edit camera: Camera id is taken',
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ camera: { id: 'cam-2', name: 'Stairs' } });

    await userEvent.click(within(panel('Cameras')).getByRole('button', { name: 'Delete camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete camera' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this camera?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});

describe('MarkerEditor (a camera’s stream source, issue 16)', () => {
  it('shows whether a password is set, never the password, and saves the source with PUT markers/{id}/stream', async () => {
    const camera = markerFixture({ config: { camera: { id: 'cam-1', name: 'Lobby door' } } });
    const stored = {
      markerId: camera.id,
      kind: 'mjpeg',
      url: 'http://10.0.0.5/video.mjpg',
      username: 'viewer',
      passwordSet: true,
      updatedAt: '2026-06-01T10:00:00.000Z',
    };
    const streamPath = `/api/markers/${camera.id}/stream`;
    const calls = serve([camera], {
      [`GET ${streamPath}`]: () => stored,
      [`PUT ${streamPath}`]: (call) => ({ ...stored, ...(call.body as object), passwordSet: true }),
    });
    renderEditor('cameras');
    await userEvent.click(within(await list()).getByRole('button', { name: 'Lobby door (cam-1)' }));
    const form = panel('Cameras');
    const address = await within(form).findByRole('textbox', { name: 'Stream address' });
    expect(address).toHaveValue('http://10.0.0.5/video.mjpg');
    expect(within(form).getByRole('textbox', { name: 'Stream user name' })).toHaveValue('viewer');
    const password = within(form).getByLabelText('Stream password');
    expect(password).toHaveValue('');
    expect(within(form).getByText('Password: set (leave empty to keep it)')).toBeInTheDocument();

    // An address with credentials in it is refused before anything is sent.
    await userEvent.clear(address);
    await userEvent.type(address, 'http://admin:pw@10.0.0.6/live.m3u8');
    await userEvent.click(within(form).getByRole('button', { name: 'Save camera' }));
    expect(
      within(form).getByText(
        'Put the camera’s user name and password in their own fields, not in the address',
      ),
    ).toBeVisible();
    expect(calls.some((c) => c.path === streamPath && c.method === 'PUT')).toBe(false);

    await userEvent.clear(address);
    await userEvent.type(address, 'http://10.0.0.6/live.m3u8');
    await userEvent.click(within(form).getByRole('radio', { name: 'HLS' }));
    await userEvent.type(password, 's3cret');
    await userEvent.click(within(form).getByRole('button', { name: 'Save camera' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === streamPath && c.method === 'PUT')?.body).toEqual({
        kind: 'hls',
        url: 'http://10.0.0.6/live.m3u8',
        username: 'viewer',
        password: 's3cret',
      }),
    );
    await waitFor(() => expect(password).toHaveValue(''));
  });
});
