import { describe, expect, it } from 'vitest';
import { DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, PLAN_MIN_ZOOM, metresToPixels } from '@vigil/domain';
import {
  LAYER_IDS,
  MAP_BACKGROUND,
  MARKER_SOURCE,
  PLAN_SOURCE,
  boundsOf,
  buildMapStyle,
  keepForeignLayers,
  mapZoomLimits,
  markersGeoJson,
  metresToPx,
  trackerLook,
  unionBounds,
  type MapMarker,
  type MapTrackerCircle,
} from './map-style';

const markers: MapMarker[] = [
  { id: 'b0a710000001', lngLat: [-73.9741, 40.74205], colour: '#40c057', label: 'b0a710000001' },
  { id: 'b0a710000002', lngLat: [-73.97385, 40.74215], colour: '#fd7e14', label: 'b0a710000002' },
];
const plan = {
  url: 'http://127.0.0.1:8080/api/storage/images/sig/plans/f/p/{z}/{x}/{y}.png',
  bounds: [-74, 40, -73, 41] as const,
};

describe('the offline map style (ARCHITECTURE §9 Floor plans)', () => {
  it('is a background layer and the markers, with no glyphs and no sprite, when the floor has no plan', () => {
    const style = buildMapStyle({ markers });
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    expect(style.layers.map((l) => l.id)).toEqual([
      LAYER_IDS.background,
      LAYER_IDS.markerHalo,
      LAYER_IDS.markers,
    ]);
    expect(style.layers[0]).toMatchObject({
      type: 'background',
      paint: { 'background-color': MAP_BACKGROUND },
    });
    expect(Object.keys(style.sources)).toEqual([MARKER_SOURCE]);
  });

  it('names no URL at all without a plan, and only the plan tiles with one: nothing leaves the server', () => {
    expect(JSON.stringify(buildMapStyle({ markers }))).not.toMatch(/https?:|\/\//);
    const urls = JSON.stringify(buildMapStyle({ markers, plan })).match(/https?:\/\/[^"]+/g);
    expect(urls).toEqual([plan.url]);
  });

  it('draws the plan as 256 px raster tiles at zoom 18–22 (SPEC §9), inside its bounds, under the markers', () => {
    const style = buildMapStyle({ markers, plan });
    expect(style.sources[PLAN_SOURCE]).toEqual({
      type: 'raster',
      tiles: [plan.url],
      tileSize: 256,
      minzoom: 18,
      maxzoom: 22,
      bounds: [-74, 40, -73, 41],
    });
    expect(style.layers.map((l) => l.id)).toEqual([
      LAYER_IDS.background,
      LAYER_IDS.plan,
      LAYER_IDS.markerHalo,
      LAYER_IDS.markers,
    ]);
  });

  it('asks for every tile of a plan whose bounds are not known', () => {
    const style = buildMapStyle({ markers, plan: { url: plan.url } });
    expect(style.sources[PLAN_SOURCE]).not.toHaveProperty('bounds');
  });

  it('colours each marker circle by its own colour and rings only the selected one', () => {
    const style = buildMapStyle({ markers, selectedId: 'b0a710000002' });
    const circles = style.layers.find((l) => l.id === LAYER_IDS.markers)!;
    expect(circles).toMatchObject({
      type: 'circle',
      source: MARKER_SOURCE,
      paint: { 'circle-color': ['get', 'colour'] },
    });
    const halo = style.layers.find((l) => l.id === LAYER_IDS.markerHalo)!;
    expect(halo).toMatchObject({ filter: ['==', ['get', 'id'], 'b0a710000002'] });
    const none = buildMapStyle({ markers }).layers.find((l) => l.id === LAYER_IDS.markerHalo)!;
    expect(none).toMatchObject({ filter: ['==', ['get', 'id'], ''] });
  });

  it('holds the markers as GeoJSON points in [lng, lat] order with what the layers read', () => {
    expect(markersGeoJson(markers).features[1]).toEqual({
      type: 'Feature',
      id: 'b0a710000002',
      geometry: { type: 'Point', coordinates: [-73.97385, 40.74215] },
      properties: { id: 'b0a710000002', colour: '#fd7e14', label: 'b0a710000002' },
    });
  });
});

describe('zoom limits (SPEC §9 Map)', () => {
  it('are 18 to 22 without streets, 1 to 22 with them; the default 20 lies inside', () => {
    expect(mapZoomLimits()).toEqual({ minZoom: PLAN_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM });
    expect(mapZoomLimits()).toEqual({ minZoom: 18, maxZoom: 22 });
    expect(mapZoomLimits(true)).toEqual({ minZoom: 1, maxZoom: 22 });
    expect(DEFAULT_ZOOM).toBe(20);
  });
});

describe('bounds', () => {
  it('hold every point, west-south-east-north; none for no points', () => {
    expect(boundsOf(markers.map((m) => m.lngLat))).toEqual([-73.9741, 40.74205, -73.97385, 40.74215]);
    expect(boundsOf([[1, 2]])).toEqual([1, 2, 1, 2]);
    expect(boundsOf([])).toBeNull();
  });

  it('join, either side absent', () => {
    expect(unionBounds([0, 0, 1, 1], [-1, 0.5, 0.5, 2])).toEqual([-1, 0, 1, 2]);
    expect(unionBounds(null, [0, 0, 1, 1])).toEqual([0, 0, 1, 1]);
    expect(unionBounds(null, null)).toBeNull();
  });
});

describe('trackers on the map (SPEC §3 Map tracker)', () => {
  const trackers: MapTrackerCircle[] = [
    { id: 'a1', latlng: { lat: 40.74205, lng: -73.9741 }, radius: 16, color: '#e03131', name: 'Ann' },
    {
      id: 'a2',
      latlng: { lat: 40.74215, lng: -73.97385 },
      radius: 0,
      color: '#e8590c',
      name: 'Bo',
      outlined: true,
    },
  ];

  it('draws the coverage circle as its radius in metres on the ground at every zoom', () => {
    // 16 m in MapLibre's 512 px world at the tracker's latitude, at zoom 1, 20 and 22.
    for (const zoom of [MAP_MIN_ZOOM, DEFAULT_ZOOM, MAP_MAX_ZOOM]) {
      const look = trackerLook(trackers[0]!, zoom, false);
      expect(look.circlePx).toBeCloseTo(2 * metresToPixels(16, 40.74205, zoom, 512), 6);
    }
    // At zoom 22 a metre is about 71 MapLibre px at this latitude: a 16 m radius is some 1130 px.
    expect(metresToPx(16, 40.74205, MAP_MAX_ZOOM)).toBeGreaterThan(1100);
    expect(metresToPx(16, 40.74205, MAP_MAX_ZOOM)).toBeLessThan(1160);
    // A bridge (radius 0) is only its dot.
    expect(trackerLook(trackers[1]!, DEFAULT_ZOOM, false).circlePx).toBe(0);
  });

  it.each([
    // zoom, dot diameter (a marker's: radius 5 at 18 → 11 at 22), selected ring diameter (10 → 18)
    [PLAN_MIN_ZOOM, 10, 20],
    [DEFAULT_ZOOM, 16, 28],
    [MAP_MAX_ZOOM, 22, 36],
    [MAP_MIN_ZOOM, 10, 20],
  ])(
    'at zoom %d its dot is %d px and the selected ring %d px, as a marker and its ring',
    (zoom, dot, ring) => {
      expect(trackerLook(trackers[0]!, zoom, true)).toMatchObject({ dotPx: dot, ringPx: ring });
      expect(trackerLook(trackers[0]!, zoom, false).ringPx).toBe(0);
    },
  );

  it('is filled in its colour, or only outlined (an acknowledged alert)', () => {
    expect(trackerLook(trackers[0]!, DEFAULT_ZOOM, false)).toMatchObject({
      colour: '#e03131',
      outlined: false,
    });
    expect(trackerLook(trackers[1]!, DEFAULT_ZOOM, false)).toMatchObject({
      colour: '#e8590c',
      outlined: true,
    });
  });

  it('is not part of the map style (trackers are elements over the map, tracker-elements.ts)', () => {
    const style = buildMapStyle({ markers });
    expect(JSON.stringify(style)).not.toMatch(/tracker/);
  });
});

describe('keepForeignLayers: what FloorMap children added survives a new style', () => {
  const base = buildMapStyle({ plan: { url: '/t/{z}/{x}/{y}.png' }, markers: [] });
  const foreign = {
    ...base,
    sources: { ...base.sources, 'child-sat': { type: 'raster' as const, tiles: ['/sat/{z}/{x}/{y}'] } },
    layers: [
      base.layers[0]!,
      { id: 'child-sat', type: 'raster' as const, source: 'child-sat' },
      ...base.layers.slice(1),
      { id: 'td-polygon', type: 'background' as const },
    ],
  };

  it('keeps foreign sources and layers in their places', () => {
    const next = keepForeignLayers(foreign, buildMapStyle({ plan: null, markers: [] }));
    expect(Object.keys(next.sources)).toContain('child-sat');
    const ids = next.layers.map((l) => l.id);
    expect(ids.slice(0, 2)).toEqual(['background', 'child-sat']);
    expect(ids.at(-1)).toBe('td-polygon');
    expect(ids).not.toContain('plan');
  });

  it('changes nothing without a previous style, and drops nothing the new style owns', () => {
    const next = buildMapStyle({ plan: null, markers: [] });
    expect(keepForeignLayers(undefined, next)).toBe(next);
    expect(keepForeignLayers(base, next).layers.map((l) => l.id)).toEqual(next.layers.map((l) => l.id));
  });
});
