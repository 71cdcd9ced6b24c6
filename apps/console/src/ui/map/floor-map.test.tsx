import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { FloorMap, type FloorMapProps } from './floor-map';
import { LAYER_IDS, type MapMarker, type MapStyle, type MapTrackerCircle } from './map-style';
import * as double from './maplibre-test-double';

// jsdom has no WebGL: MapLibre's module is replaced at its boundary; the widget's own code runs.
vi.mock('maplibre-gl', () => import('./maplibre-test-double'));

afterEach(() => {
  double.resetMaps();
  vi.restoreAllMocks();
});

const markers: MapMarker[] = [
  { id: 'b0a710000001', lngLat: [-73.9741, 40.74205], colour: '#40c057', label: 'b0a710000001' },
  { id: 'b0a710000002', lngLat: [-73.97385, 40.74215], colour: '#fd7e14', label: 'b0a710000002' },
];

function renderMap(over: Partial<FloorMapProps> = {}) {
  const props: FloorMapProps = {
    label: 'Map of Floor 1',
    plan: null,
    markers,
    view: { key: 'floor-1', bounds: [-73.9741, 40.74205, -73.97385, 40.74215] },
    h: 400,
    ...over,
  };
  const utils = renderWithProviders(<FloorMap {...props} />);
  return {
    ...utils,
    props,
    rerenderMap: (next: Partial<FloorMapProps>) => utils.rerender(<FloorMap {...props} {...next} />),
  };
}

/** The map the widget made, once it has loaded its first style. */
async function loadedMap() {
  await waitFor(() => expect(double.maps).toHaveLength(1));
  const map = double.maps[0]!;
  map.fire('load');
  return map;
}

const styleOf = (map: double.Map) => map.style as MapStyle;

describe('FloorMap', () => {
  it('makes one map with the offline style, SPEC §9 zoom limits, the worker served by us, and its name', async () => {
    renderMap();
    const map = await loadedMap();
    expect(double.workerUrl).toMatch(/maplibre-gl-worker\.mjs/);
    expect(map.options).toMatchObject({
      minZoom: 18,
      maxZoom: 22,
      zoom: 20,
      attributionControl: false,
      maxPitch: 0,
    });
    expect(styleOf(map)).not.toHaveProperty('glyphs');
    expect(styleOf(map)).not.toHaveProperty('sprite');
    expect(map.options).toMatchObject({
      bounds: [
        [-73.9741, 40.74205],
        [-73.97385, 40.74215],
      ],
      fitBoundsOptions: { maxZoom: 20 },
    });
    await waitFor(() => expect(map.getCanvas()).toHaveAttribute('aria-label', 'Map of Floor 1'));
  });

  it('draws new markers and the selection through the style, and fits the camera only for a new view', async () => {
    const { rerenderMap } = renderMap();
    const map = await loadedMap();
    await waitFor(() => expect(map.fitted).toHaveLength(1));

    rerenderMap({ markers: markers.slice(0, 1), selectedId: 'b0a710000001' });
    await waitFor(() => {
      const source = styleOf(map).sources.markers as { data: { features: unknown[] } };
      expect(source.data.features).toHaveLength(1);
    });
    const halo = styleOf(map).layers.find((l) => l.id === LAYER_IDS.markerHalo);
    expect(halo).toMatchObject({ filter: ['==', ['get', 'id'], 'b0a710000001'] });
    expect(map.fitted).toHaveLength(1);
    // A marker chosen from outside the view is brought into it.
    expect(map.eased).toEqual([{ center: [-73.9741, 40.74205] }]);

    rerenderMap({ view: { key: 'floor-2', bounds: [0, 0, 1, 1], bearing: 12 } });
    await waitFor(() => expect(map.fitted).toHaveLength(2));
    expect(map.fitted[1]).toMatchObject({
      bounds: [
        [0, 0],
        [1, 1],
      ],
      options: { bearing: 12, maxZoom: 20 },
    });
  });

  it('centres the camera on a focused point at its zoom instead of fitting the bounds', async () => {
    const focus = { lngLat: [-73.974, 40.7421] as const, zoom: 20 };
    const { rerenderMap } = renderMap({
      view: {
        key: 'alert-1',
        bounds: [0, 0, 1, 1],
        bearing: 8,
        focus: { ...focus, lngLat: [...focus.lngLat] },
      },
    });
    const map = await loadedMap();
    expect(map.options).toMatchObject({ center: [-73.974, 40.7421], zoom: 20, bearing: 8 });
    expect(map.options).not.toHaveProperty('bounds');
    await waitFor(() => expect(map.jumped).toEqual([{ center: [-73.974, 40.7421], zoom: 20, bearing: 8 }]));
    expect(map.fitted).toHaveLength(0);

    rerenderMap({ view: { key: 'alert-2', bounds: null, focus: { lngLat: [1, 2], zoom: 20 } } });
    await waitFor(() => expect(map.jumped).toHaveLength(2));
    expect(map.jumped[1]).toEqual({ center: [1, 2], zoom: 20, bearing: 0 });
    expect(map.fitted).toHaveLength(0);
  });

  it('tells which marker was clicked, or none', async () => {
    const onSelect = vi.fn();
    renderMap({ onSelect });
    const map = await loadedMap();
    map.featuresUnderPointer = [{ properties: { id: 'b0a710000002' } }];
    map.fire('click', { point: { x: 1, y: 2 } });
    expect(onSelect).toHaveBeenLastCalledWith('b0a710000002');
    map.featuresUnderPointer = [];
    map.fire('click', { point: { x: 1, y: 2 } });
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  describe('trackers (SPEC §3 Map tracker)', () => {
    const trackers: MapTrackerCircle[] = [
      {
        id: 'alert-1',
        latlng: { lat: 40.7421, lng: -73.974 },
        radius: 16,
        color: '#e03131',
        name: 'Jane Doe',
      },
    ];
    const trackerElements = double.trackerElements;

    it('draws each tracker as an element over the map, follows new ones and resizes them with the zoom', async () => {
      const { rerenderMap } = renderMap({ trackers });
      const map = await loadedMap();
      await waitFor(() => expect(trackerElements().map((t) => t.id)).toEqual(['alert-1']));
      const [first] = trackerElements();
      expect(first).toMatchObject({ outlined: false, selected: false, colour: '#e03131' });
      expect(first!.lngLat).toEqual([-73.974, 40.7421]);
      // A 16 m radius at zoom 20 at this latitude is some 282 px: 565 px across.
      expect(first!.circlePx).toBeGreaterThan(550);
      expect(first!.circlePx).toBeLessThan(580);

      const second = { ...trackers[0]!, id: 'alert-2', outlined: true };
      rerenderMap({ trackers: [...trackers, second], selectedTrackerId: 'alert-2' });
      await waitFor(() => expect(trackerElements().map((t) => t.id)).toEqual(['alert-1', 'alert-2']));
      expect(trackerElements()[1]).toMatchObject({ outlined: true, selected: true });
      // New trackers do not move the camera by themselves.
      expect(map.eased).toEqual([]);

      // Zooming in one step doubles the circle on the screen: the same metres on the ground.
      map.zoomIn();
      expect(trackerElements()[0]!.circlePx).toBeCloseTo(2 * first!.circlePx, 3);

      rerenderMap({ trackers: [second] });
      await waitFor(() => expect(trackerElements().map((t) => t.id)).toEqual(['alert-2']));
    });

    it('draws a responder’s tracker by its type and moves it where the responder was heard next', async () => {
      const responder: MapTrackerCircle = {
        id: 'responder:c0ffee000002',
        latlng: { lat: 40.7421, lng: -73.974 },
        radius: 16,
        color: '#1864ab',
        name: 'Blake Chen',
        type: 'responder',
      };
      const { rerenderMap } = renderMap({ trackers: [...trackers, responder] });
      await loadedMap();
      await waitFor(() => expect(trackerElements()).toHaveLength(2));
      expect(trackerElements().map((t) => [t.id, t.type])).toEqual([
        ['alert-1', 'alert'],
        ['responder:c0ffee000002', 'responder'],
      ]);
      const element = trackerElements()[1]!.element;
      rerenderMap({ trackers: [...trackers, { ...responder, latlng: { lat: 40.7422, lng: -73.9745 } }] });
      await waitFor(() => expect(trackerElements()[1]!.lngLat).toEqual([-73.9745, 40.7422]));
      // The same element, moved: not another one drawn.
      expect(trackerElements()[1]!.element).toBe(element);
    });

    it('tells which tracker was clicked, apart from the markers', async () => {
      const onSelect = vi.fn();
      const onSelectTracker = vi.fn();
      renderMap({ trackers, onSelect, onSelectTracker });
      const map = await loadedMap();
      await waitFor(() => expect(trackerElements()).toHaveLength(1));
      const { element } = trackerElements()[0]!;
      await userEvent.click(element);
      // The map hears the same click after the element (it bubbles to the map's container).
      map.fire('click', { point: { x: 1, y: 2 }, originalEvent: { target: element } });
      expect(onSelectTracker).toHaveBeenCalledWith('alert-1');
      expect(onSelect).not.toHaveBeenCalled();
    });

    it('pans to panTo each time its key changes, and not on a rerender with the same key', async () => {
      const { rerenderMap } = renderMap({ trackers, panTo: null });
      const map = await loadedMap();
      expect(map.eased).toEqual([]);
      rerenderMap({ trackers, panTo: { key: 'new:alert-1', lngLat: [-73.974, 40.7421] } });
      await waitFor(() => expect(map.eased).toEqual([{ center: [-73.974, 40.7421] }]));
      rerenderMap({ trackers: [...trackers], panTo: { key: 'new:alert-1', lngLat: [-73.974, 40.7421] } });
      rerenderMap({ trackers, panTo: { key: 'new:alert-2', lngLat: [-73.9741, 40.74205] } });
      await waitFor(() => expect(map.eased).toHaveLength(2));
      expect(map.eased[1]).toEqual({ center: [-73.9741, 40.74205] });
    });

    it('names the trackers with the labels toggle', async () => {
      const user = userEvent.setup();
      renderMap({ trackers });
      await loadedMap();
      await user.click(screen.getByRole('button', { name: 'Labels' }));
      expect(double.markers.map((m) => m.element.textContent)).toContain('Jane Doe');
    });
  });

  it('shows and hides the labels as HTML beside the markers (the style has no glyphs)', async () => {
    const user = userEvent.setup();
    renderMap();
    await loadedMap();
    const labels = screen.getByRole('button', { name: 'Labels' });
    expect(labels).toHaveAttribute('aria-pressed', 'false');
    expect(double.markers).toHaveLength(0);

    await user.click(labels);
    expect(labels).toHaveAttribute('aria-pressed', 'true');
    expect(double.markers.map((m) => m.element.textContent)).toEqual(['b0a710000001', 'b0a710000002']);
    expect(double.markers[0]!.lngLat).toEqual([-73.9741, 40.74205]);
    expect(double.markers[0]!.element).toHaveAttribute('aria-hidden', 'true');

    await user.click(labels);
    expect(double.markers).toHaveLength(0);
  });

  it('zooms within the limits and refreshes on demand', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    renderMap({ onRefresh });
    const map = await loadedMap();
    const tools = screen.getByRole('toolbar', { name: 'Map tools' });
    await user.click(within(tools).getByRole('button', { name: 'Zoom in' }));
    await user.click(within(tools).getByRole('button', { name: 'Zoom in' }));
    expect(map.zoom).toBe(22);
    expect(within(tools).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await user.click(within(tools).getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(within(tools).getByRole('button', { name: 'Full screen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('keeps a missing plan tile silent and logs other map errors as warnings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderMap();
    const map = await loadedMap();
    map.fire('error', { error: Object.assign(new Error('Not Found'), { status: 404 }), tile: {} });
    expect(warn).not.toHaveBeenCalled();
    map.fire('error', { error: new Error('Style is broken') });
    expect(warn).toHaveBeenCalledWith('Floor map: Style is broken');
  });

  it('says what to do when the browser cannot draw WebGL', async () => {
    double.failNext(new Error('Failed to initialize WebGL'));
    renderMap();
    expect(await screen.findByText(/This browser cannot draw the map: WebGL 2 is turned off/)).toBeVisible();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('removes its map when it goes', async () => {
    const { unmount } = renderMap();
    const map = await loadedMap();
    unmount();
    expect(map.removed).toBe(true);
  });
});
