import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { planGeometryFromCorners, type PlanCorners } from '@vigil/domain';
import { uploadPlanImage } from '../../../api/plan-jobs';
import type * as PlanJobs from '../../../api/plan-jobs';
import { ApiError } from '../../../api/errors';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { zoneFixture } from '../../../test/zone-fixtures';
import { floorPlanOf } from '../../../ui/map/floor-plan';
import { MapInstanceContext } from '../../../ui/map/map-context';
import { PlanEditor } from './plan-editor';
import { PLAN_IMAGE_ID, PLAN_OUTLINE_ID } from './plan-layers';

// The editor draws through the map instance only (no MapLibre import): a small stand-in map that
// projects lng/lat linearly (1e5 px per degree round 0, 0) records what the editor asks of it.
// The upload goes by XHR (its progress), which jsdom cannot send: that one call is replaced.
vi.mock('../../../api/plan-jobs', async (importOriginal) => ({
  ...(await importOriginal<typeof PlanJobs>()),
  uploadPlanImage: vi.fn(),
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const SCALE = 1e5;
const CENTRE = { x: 500, y: 300 };

class FakeMap {
  container = document.createElement('div');
  sources = new Map<string, Record<string, unknown>>();
  layers: { id: string; before?: string }[] = [];
  bearing = 0;
  constructor() {
    Object.defineProperty(this.container, 'clientWidth', { value: 1000 });
    Object.defineProperty(this.container, 'clientHeight', { value: 600 });
    document.body.appendChild(this.container);
  }
  on() {}
  off() {}
  getContainer() {
    return this.container;
  }
  project([lng, lat]: [number, number]) {
    return { x: CENTRE.x + lng * SCALE, y: CENTRE.y - lat * SCALE };
  }
  unproject([x, y]: [number, number]) {
    return { lng: (x - CENTRE.x) / SCALE, lat: (CENTRE.y - y) / SCALE };
  }
  addSource(id: string, source: Record<string, unknown>) {
    const stored: Record<string, unknown> = { ...source };
    // What the editor calls on an image source and a GeoJSON one.
    stored.setCoordinates = (coordinates: unknown) => void (stored.coordinates = coordinates);
    stored.setData = (data: unknown) => void (stored.data = data);
    this.sources.set(id, stored);
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  addLayer(layer: { id: string }, before?: string) {
    this.layers.push({ id: layer.id, before });
  }
  getLayer(id: string) {
    return this.layers.find((l) => l.id === id);
  }
  removeLayer(id: string) {
    this.layers = this.layers.filter((l) => l.id !== id);
  }
  setBearing(bearing: number) {
    this.bearing = bearing;
  }
}

const FLOOR_ID = 'f1000000-0000-4000-8000-000000000001';
const UPLOAD = { id: '5e000000-0000-4000-8000-000000000005', path: `plans/${FLOOR_ID}/sources/x/source.png` };
const THUMBNAIL = {
  id: UPLOAD.id,
  path: `plans/${FLOOR_ID}/sources/x/thumbnail.png`,
  width: 400,
  height: 200,
};
const SIGNATURE = {
  signature: 'sig',
  expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
  url: '/api/storage/images/sig',
};

function renderEditor(config: Record<string, unknown> = {}) {
  const map = new FakeMap();
  const onExit = vi.fn();
  const floor = zoneFixture({ id: FLOOR_ID, name: 'Floor 1', level: 'floor', parent: 'north', config });
  const plan = floorPlanOf(floor);
  renderWithProviders(
    <MapInstanceContext.Provider value={map as unknown as MapLibreMap}>
      <PlanEditor
        floor={floor}
        directory={{ floors: [floor], buildings: [], sites: [] }}
        plan={plan}
        onExit={onExit}
      />
    </MapInstanceContext.Provider>,
  );
  return { map, onExit };
}

/** The server: the signature, the jobs (done at their first poll unless `tileStatus` says otherwise), zones. */
function stubServer(tileStatus: Record<string, unknown> = { step: 'done', percent: 100, isRunning: false }) {
  const bodies: Record<string, unknown> = {};
  const fetch = stubFetch((url, init) => {
    const path = url.pathname;
    if (init.body) bodies[`${init.method} ${path}`] = JSON.parse(String(init.body));
    if (path === '/api/storage/signature/images') return SIGNATURE;
    if (path.endsWith('/plan/thumbnail')) return { job: 'thumb-job' };
    if (path.endsWith('/plan/tile')) return { job: 'tile-job' };
    if (path.endsWith('/plan/status/thumb-job'))
      return { step: 'done', percent: 100, isRunning: false, failReason: null, result: THUMBNAIL };
    if (path.endsWith('/plan/status/tile-job')) return tileStatus;
    if (path === `/api/zones/${FLOOR_ID}/plan/bearing` && init.method === 'PUT')
      return zoneFixture({ id: FLOOR_ID, name: 'Floor 1', level: 'floor', parent: 'north' });
    return json({ reason: `unexpected ${path}` }, 404);
  });
  return { fetch, bodies };
}

async function uploadImage(user: ReturnType<typeof userEvent.setup>) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['png'], 'plan.png', { type: 'image/png' }));
}

describe('PlanEditor', () => {
  it('uploads, previews the thumbnail fitted into the view, moves a corner by keyboard and places the plan', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    vi.mocked(uploadPlanImage).mockImplementation(async (_floor, _file, onProgress) => {
      onProgress(0.5);
      return UPLOAD;
    });
    const { map, onExit } = renderEditor();
    const panel = screen.getByRole('region', { name: 'Floor plan' });
    expect(panel).toHaveTextContent('up to 50 MB');

    await uploadImage(user);
    const topLeft = await screen.findByRole('button', { name: 'Top left corner' });
    expect(bodies[`POST /api/zones/${FLOOR_ID}/plan/thumbnail`]).toEqual(UPLOAD);
    for (const name of ['Top right corner', 'Bottom right corner', 'Bottom left corner'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    // The preview: MapLibre's image source, 2:1 like the thumbnail, centred in the free view.
    const source = map.getSource(PLAN_IMAGE_ID)!;
    expect(source).toMatchObject({
      type: 'image',
      url: expect.stringContaining('/api/storage/images/sig/plans/'),
    });
    const [tl, tr, br] = source.coordinates as [number, number][];
    expect((tr![0] - tl![0]) / (tl![1] - br![1])).toBeCloseTo(2, 5);

    topLeft.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect((source.coordinates as number[][])[0]![0]).toBeCloseTo(tl![0] + 10 / SCALE, 9),
    );

    await user.click(within(panel).getByRole('button', { name: 'Place plan' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    const tile = bodies[`POST /api/zones/${FLOOR_ID}/plan/tile`] as { id: string; corners: number[][] };
    expect(tile.id).toBe(UPLOAD.id);
    expect(tile.corners[0]![0]).toBeCloseTo(tl![0] + 10 / SCALE, 9);
    // The rotation did not change: the floor is not updated by the console.
    expect(bodies[`PUT /api/zones/${FLOOR_ID}/plan/bearing`]).toBeUndefined();
  });

  it('shows a job stopped below 100 % as Prematurely stopped, and stays in plan edit', async () => {
    const user = userEvent.setup();
    stubServer({ step: 'tiling', percent: 40, isRunning: false, failReason: null });
    vi.mocked(uploadPlanImage).mockResolvedValue(UPLOAD);
    const { onExit } = renderEditor();
    await uploadImage(user);
    await screen.findByRole('button', { name: 'Top left corner' });
    await user.click(screen.getByRole('button', { name: 'Place plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Prematurely stopped');
    expect(onExit).not.toHaveBeenCalled();
  });

  it('shows an upload refusal in SPEC §8’s words', async () => {
    const user = userEvent.setup();
    stubServer();
    vi.mocked(uploadPlanImage).mockRejectedValue(
      new ApiError(400, 'A plan image must be a PNG or JPEG file'),
    );
    renderEditor();
    await uploadImage(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was a problem uploading: A plan image must be a PNG or JPEG file',
    );
  });

  it('rotates by 5° (0.2° with Shift) and, on Done, saves the rotation when asked', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    const { map, onExit } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(map.bearing).toBe(5.2));
    expect(screen.getByText('Rotation: 5.2°')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save rotation changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    expect(bodies[`PUT /api/zones/${FLOOR_ID}/plan/bearing`]).toEqual({ bearing: 5.2 });
  });

  it('discards a rotation on No, turning the map back, and stays on Keep editing', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    const { map, onExit } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() => expect(map.bearing).toBe(-5));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save rotation changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onExit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    dialog = await screen.findByRole('dialog', { name: 'Save rotation changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    expect(map.bearing).toBe(0);
    expect(bodies[`PUT /api/zones/${FLOOR_ID}/plan/bearing`]).toBeUndefined();
  });

  it('moves the current plan’s corners and, on Done, tiles its image again when asked', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    const corners: PlanCorners = [
      [-0.001, 0.001],
      [0.001, 0.001],
      [0.001, -0.001],
      [-0.001, -0.001],
    ];
    const planId = '91a00000-0000-4000-8000-000000000009';
    const { map, onExit } = renderEditor({ planId, geometry: planGeometryFromCorners(corners) });
    // Nothing moved yet: leaving asks nothing.
    await user.click(screen.getByRole('button', { name: 'Move the current plan’s corners' }));
    const bottomLeft = await screen.findByRole('button', { name: 'Bottom left corner' });
    expect(map.getSource(PLAN_OUTLINE_ID)).toMatchObject({ type: 'geojson' });
    expect(map.getSource(PLAN_IMAGE_ID)).toBeUndefined();

    bottomLeft.focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save changes to floor plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    const tile = bodies[`POST /api/zones/${FLOOR_ID}/plan/tile`] as { sourceId: string; corners: number[][] };
    expect(tile.sourceId).toBe(planId);
    expect(tile.corners[3]![1]).toBeCloseTo(-0.001 - 1 / SCALE, 9);
    expect(tile.corners.slice(0, 3)).toEqual(corners.slice(0, 3));
  });
});
