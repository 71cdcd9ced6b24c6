import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ACTIONS, SUBJECTS, planGeometryFromCorners, type RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderSignedIn } from '../../../test/signed-in';
import { zoneFixture } from '../../../test/zone-fixtures';
import { MapInstanceContext } from '../../../ui/map/map-context';
import * as double from '../../../ui/map/maplibre-test-double';
import { useCoverageTools } from './coverage-tools';
import { rowsOf } from './test-rows';

// jsdom has no WebGL: the diagnostics labels' MapLibre Markers come from the test double, and the
// map the tools draw on is the double's, with the layer calls they make recorded.
vi.mock('maplibre-gl', () => import('../../../ui/map/maplibre-test-double'));

afterEach(() => {
  double.resetMaps();
  vi.restoreAllMocks();
});

const ALL: RawRule[] = [{ action: [...ACTIONS], subject: [...SUBJECTS] }];
const FLOOR_ID = 'f1000000-0000-4000-8000-000000000001';
const CORNERS = [
  [-73.9744, 40.7423],
  [-73.97355, 40.7423],
  [-73.97355, 40.7419],
  [-73.9744, 40.7419],
] as const;
const floor = zoneFixture({
  id: FLOOR_ID,
  name: 'Floor 1',
  level: 'floor',
  config: { number: 1, category: 'indoor', geometry: planGeometryFromCorners(CORNERS) },
});
const ROWS = rowsOf([
  {
    id: 'b0a710000001',
    lngLat: [-73.9741, 40.74205],
    state: { diagnostics: { button: 50, coverage: 50, floor: 50 } },
  },
  { id: 'b0a710000002', lngLat: [-73.97385, 40.74215], state: { status: 'disconnected' } },
]);
const metric = (percent: number) => ({ percent, total: 24, count: 24 });

/** A map whose style calls are recorded (the double draws nothing). */
function recordingMap() {
  const map = new double.Map({ container: document.createElement('div'), style: {}, zoom: 20 });
  const layers = new Map<string, { layer: unknown; before?: string }>();
  const sources = new Map<string, unknown>();
  layers.set('markers-selected', { layer: {} });
  Object.assign(map, {
    addSource: vi.fn((id: string, source: unknown) => sources.set(id, source)),
    addLayer: vi.fn((layer: { id: string }, before?: string) => layers.set(layer.id, { layer, before })),
    getLayer: (id: string) => layers.get(id),
    getSource: (id: string) => sources.get(id),
    removeLayer: vi.fn((id: string) => layers.delete(id)),
    removeSource: vi.fn((id: string) => sources.delete(id)),
  });
  return { map, layers, sources };
}

function Harness() {
  const tools = useCoverageTools(floor, ROWS);
  return (
    <>
      <div role="toolbar" aria-label="Map tools">
        {tools.tools}
      </div>
      {tools.layers}
      <output aria-label="Shown">{tools.rows.map((r) => r.gateway.id).join(' ')}</output>
    </>
  );
}

function render(role: string) {
  const fetch = stubFetch((url) => {
    if (url.pathname === '/api/metrics/gateways')
      return {
        data: [{ gateway: 'b0a710000001', button: metric(100), coverage: metric(97), floor: metric(74) }],
      };
    if (url.pathname === '/api/markers') return { data: [], total: 0 };
    return json({ reason: 'Not found' }, 404);
  });
  const recording = recordingMap();
  renderSignedIn(
    <MapInstanceContext.Provider value={recording.map as unknown as MapLibreMap}>
      <Harness />
    </MapInstanceContext.Provider>,
    { rules: ALL, role },
  );
  return { fetch, ...recording };
}

describe('coverage tools (SPEC §2.7 marker toolbar)', () => {
  it('the super admin turns the coverage heatmap to gradient under the markers, then off', async () => {
    const user = userEvent.setup();
    const { layers, sources } = render('superAdmin');
    const button = screen.getByRole('button', { name: 'Coverage heatmap' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: /^Off/ })).toHaveAttribute('aria-current', 'true');
    await user.click(await screen.findByRole('menuitem', { name: /^Gradient/ }));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(layers.get('coverage-gradient')).toMatchObject({
      layer: { type: 'heatmap' },
      before: 'markers-selected',
    });
    const points = sources.get('coverage-points') as { data: { features: { id: string }[] } };
    expect(points.data.features.map((f) => f.id)).toEqual(['b0a710000001', 'b0a710000002']);

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: /^Off/ }));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(layers.has('coverage-gradient')).toBe(false);
    expect(sources.has('coverage-points')).toBe(false);
  });

  it('the super admin sees the floor area and marker density', async () => {
    render('superAdmin');
    const readout = screen.getByRole('region', { name: 'Floor area and marker density' });
    expect(within(readout).getByTestId('floor-area')).toHaveTextContent(/^[\d,]+ ft²$/);
    await waitFor(() =>
      expect(within(readout).getByTestId('marker-density')).toHaveTextContent(
        /^\d+\.\d\d per 1,000 ft² \(2 markers\)$/,
      ),
    );
  });

  it('someone else has no heatmap and no floor area, but the diagnostics and the filter', () => {
    render('admin');
    expect(screen.queryByRole('button', { name: 'Coverage heatmap' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Floor area and marker density' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Diagnostics' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filter markers' })).toBeVisible();
  });

  it('diagnostics: the 24-hour metrics beside each marker, else what it last reported', async () => {
    const user = userEvent.setup();
    const { fetch } = render('admin');
    await user.click(screen.getByRole('button', { name: 'Diagnostics' }));
    expect(screen.getByRole('button', { name: 'Diagnostics' })).toHaveAttribute('aria-pressed', 'true');
    const list = screen.getByRole('region', { name: 'Gateway diagnostics' });
    await waitFor(() => expect(list).toHaveTextContent('averages over the last 24 hours'));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'b0a710000001 diagnostics: button 100% (passes), coverage 97% (passes), floor 74% (passes)',
      'b0a710000002: no diagnostics reported',
    ]);
    await waitFor(() =>
      expect(double.markers.map((m) => m.element.textContent)).toContain('B 100% · C 97% · F 74%'),
    );
    const asked = new URL(
      String(fetch.mock.calls.find(([u]) => String(u).includes('metrics'))![0]),
      'http://x',
    );
    expect(asked.searchParams.get('zone')).toBe(FLOOR_ID);

    await user.click(screen.getByRole('button', { name: 'Diagnostics' }));
    expect(screen.queryByRole('region', { name: 'Gateway diagnostics' })).toBeNull();
    await waitFor(() => expect(double.markers).toHaveLength(0));
  });

  it('the filter hides markers by colour or MAC, and says how many are shown', async () => {
    const user = userEvent.setup();
    render('admin');
    const filter = screen.getByRole('button', { name: 'Filter markers' });
    await user.click(filter);
    await user.click(await screen.findByRole('checkbox', { name: 'Disconnected (1)' }));
    expect(screen.getByLabelText('Shown')).toHaveTextContent(/^b0a710000001$/);
    expect(filter).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 of 2 shown')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await user.type(screen.getByRole('textbox', { name: 'MAC, unit or area' }), '0002');
    expect(screen.getByLabelText('Shown')).toHaveTextContent(/^b0a710000002$/);
  });
});
