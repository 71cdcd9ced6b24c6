import { describe, expect, it } from 'vitest';
import { DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, PLAN_MIN_ZOOM, metresToPixels } from '@vigil/domain';
import {
  LAYER_IDS,
  MAP_BACKGROUND,
  MARKER_SOURCE,
  PLAN_SOURCE,
  TRACKER_SOURCE,
  boundsOf,
  buildMapStyle,
  keepForeignLayers,
  mapZoomLimits,
  markersGeoJson,
  trackersGeoJson,
  unionBounds,
  type MapMarker,
  type MapTrackerCircle,
} from './map-style';

/** The tracker layers, drawn over the markers: the coverage circle, the selected ring, the centre dot. */
const TRACKER_LAYERS = [LAYER_IDS.trackers, LAYER_IDS.trackerHalo, LAYER_IDS.trackerCentres];

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
      ...TRACKER_LAYERS,
    ]);
    expect(style.layers[0]).toMatchObject({
      type: 'background',
      paint: { 'background-color': MAP_BACKGROUND },
    });
    expect(Object.keys(style.sources)).toEqual([MARKER_SOURCE, TRACKER_SOURCE]);
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
      ...TRACKER_LAYERS,
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

  it('holds each tracker as a point with its colour, name, outline and radius in pixels at both zoom ends', () => {
    const [first, second] = trackersGeoJson(trackers).features;
    expect(first).toMatchObject({
      id: 'a1',
      geometry: { type: 'Point', coordinates: [-73.9741, 40.74205] },
      properties: { id: 'a1', colour: '#e03131', label: 'Ann', outlined: false },
    });
    // 16 m in MapLibre's 512 px world at the tracker's latitude, at zoom 1 and 22.
    expect(first!.properties.radiusMinZoomPx).toBeCloseTo(metresToPixels(16, 40.74205, MAP_MIN_ZOOM, 512), 9);
    expect(first!.properties.radiusMaxZoomPx).toBeCloseTo(metresToPixels(16, 40.74205, MAP_MAX_ZOOM, 512), 6);
    // At zoom 22 a metre is about 71 MapLibre px at this latitude: a 16 m radius is some 1130 px.
    expect(first!.properties.radiusMaxZoomPx).toBeGreaterThan(1100);
    expect(first!.properties.radiusMaxZoomPx).toBeLessThan(1160);
    expect(second!.properties).toMatchObject({ outlined: true, radiusMinZoomPx: 0, radiusMaxZoomPx: 0 });
  });

  it('draws the circle with a base-2 zoom interpolation, filled or outlined, and rings the selected tracker', () => {
    const style = buildMapStyle({ markers, trackers, selectedTrackerId: 'a2' });
    expect(style.sources[TRACKER_SOURCE]).toEqual({ type: 'geojson', data: trackersGeoJson(trackers) });
    const circle = style.layers.find((l) => l.id === LAYER_IDS.trackers)!;
    expect(circle).toMatchObject({
      type: 'circle',
      source: TRACKER_SOURCE,
      paint: {
        'circle-radius': [
          'interpolate',
          ['exponential', 2],
          ['zoom'],
          MAP_MIN_ZOOM,
          ['get', 'radiusMinZoomPx'],
          MAP_MAX_ZOOM,
          ['get', 'radiusMaxZoomPx'],
        ],
        'circle-opacity': ['case', ['get', 'outlined'], 0, 0.3],
      },
    });
    const halo = style.layers.find((l) => l.id === LAYER_IDS.trackerHalo)!;
    expect(halo).toMatchObject({ filter: ['==', ['get', 'id'], 'a2'] });
    const none = buildMapStyle({ markers, trackers }).layers.find((l) => l.id === LAYER_IDS.trackerHalo)!;
    expect(none).toMatchObject({ filter: ['==', ['get', 'id'], ''] });
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
