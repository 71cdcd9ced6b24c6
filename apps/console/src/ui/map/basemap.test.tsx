import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import type { MapConfig } from '../../api/basemap';
import { BASEMAP_MAX_ZOOM, useBasemap } from './basemap';
import { MapInstanceContext } from './map-context';

type Layer = { id: string; type: string; source?: string };

/** What BasemapRaster asks of MapLibre, over a style of the ground, the plan and the markers. */
function fakeMap() {
  const layers: Layer[] = [
    { id: 'background', type: 'background' },
    { id: 'plan', type: 'raster', source: 'plan' },
    { id: 'markers', type: 'circle', source: 'markers' },
  ];
  const sources = new Map<string, unknown>();
  const map = {
    layerIds: () => layers.map((l) => l.id),
    sources,
    getStyle: () => ({ layers: [...layers] }),
    addSource: vi.fn((id: string, source: unknown) => void sources.set(id, source)),
    getSource: (id: string) => sources.get(id),
    removeSource: vi.fn((id: string) => void sources.delete(id)),
    addLayer: vi.fn((layer: Layer, before?: string) => {
      const at = before ? layers.findIndex((l) => l.id === before) : layers.length;
      layers.splice(at, 0, layer);
    }),
    getLayer: (id: string) => layers.find((l) => l.id === id),
    removeLayer: vi.fn(
      (id: string) =>
        void layers.splice(
          layers.findIndex((l) => l.id === id),
          1,
        ),
    ),
  };
  return map;
}

function Harness({ map }: { map: ReturnType<typeof fakeMap> }) {
  const basemap = useBasemap();
  return (
    <>
      <div role="toolbar" aria-label="Map tools">
        {basemap.tools}
      </div>
      <output aria-label="Streets shown">{String(basemap.streetsShown)}</output>
      <MapInstanceContext.Provider value={map as unknown as MapLibreMap}>
        {basemap.layers}
      </MapInstanceContext.Provider>
    </>
  );
}

const SIGNATURE = {
  signature: 'sig.one',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  url: '/api/storage/images/sig.one',
};

function serve(config: Partial<MapConfig> | Response) {
  return stubFetch((url) => {
    if (url.pathname === '/api/map/config') {
      return config instanceof Response
        ? config
        : { streets: false, satellite: false, search: false, ...config };
    }
    if (url.pathname === '/api/storage/signature/images') return SIGNATURE;
    return json({ reason: `unexpected ${url.pathname}` }, 404);
  });
}

function renderBasemap(config: Partial<MapConfig> | Response) {
  const fetch = serve(config);
  const map = fakeMap();
  renderWithProviders(<Harness map={map} />);
  return { fetch, map };
}

const tilesOf = (layer: string) =>
  `${window.location.origin}/api/map/tiles/${layer}/{z}/{x}/{y}?signature=sig.one`;
const shown = () => screen.getByRole('status', { name: 'Streets shown' });

describe('useBasemap (SPEC §2.7 satellite toggle, §9 tiles from a map provider)', () => {
  it('offers the satellite toggle unavailable, saying why, when the deployment has no provider', async () => {
    const { fetch, map } = renderBasemap({});
    const toggle = screen.getByRole('button', { name: 'Satellite' });
    await waitFor(() => expect(toggle).toHaveAccessibleDescription('Satellite layer not configured'));
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(toggle);
    expect(shown()).toHaveTextContent('false');
    expect(map.addSource).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Street map' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/map/config']);
  });

  it('draws the satellite tiles from our server under the plan while toggled on', async () => {
    const { map } = renderBasemap({ satellite: true });
    const toggle = await screen.findByRole('button', { name: 'Satellite', pressed: false });
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Satellite', pressed: true })).toBeInTheDocument();
    expect(shown()).toHaveTextContent('true');
    await waitFor(() => expect(map.addSource).toHaveBeenCalledTimes(1));
    expect(map.addSource).toHaveBeenCalledWith('basemap-satellite', {
      type: 'raster',
      tiles: [tilesOf('satellite')],
      tileSize: 256,
      minzoom: 1,
      maxzoom: BASEMAP_MAX_ZOOM,
    });
    expect(map.layerIds()).toEqual(['background', 'basemap-satellite', 'plan', 'markers']);

    await userEvent.click(screen.getByRole('button', { name: 'Satellite', pressed: true }));
    expect(shown()).toHaveTextContent('false');
    expect(map.layerIds()).toEqual(['background', 'plan', 'markers']);
    expect(map.sources.size).toBe(0);
  });

  it('offers a street map where one is configured, one layer at a time', async () => {
    const { map } = renderBasemap({ satellite: true, streets: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Street map' }));
    await waitFor(() => expect(map.layerIds()).toContain('basemap-streets'));
    expect(map.sources.get('basemap-streets')).toMatchObject({ tiles: [tilesOf('streets')] });

    await userEvent.click(screen.getByRole('button', { name: 'Satellite' }));
    await waitFor(() => expect(map.layerIds()).toContain('basemap-satellite'));
    expect(map.layerIds()).not.toContain('basemap-streets');
    expect(screen.getByRole('button', { name: 'Street map' })).toHaveAttribute('aria-pressed', 'false');
    expect(shown()).toHaveTextContent('true');
  });

  it("says why when the server's map settings cannot be read", async () => {
    renderBasemap(json({ reason: 'Not allowed to read FloorPlan' }, 403));
    const toggle = screen.getByRole('button', { name: 'Satellite' });
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(
        'The map layers could not be loaded: Not allowed to read FloorPlan',
      ),
    );
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
  });
});
