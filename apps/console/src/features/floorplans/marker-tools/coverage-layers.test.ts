import { describe, expect, it } from 'vitest';
import {
  MAPLIBRE_TILE_SIZE_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  metresToPixels,
  polygonAreaM2,
} from '@vigil/domain';
import {
  COVERAGE_IDS,
  KERNEL_DENSITY_AT_RADIUS,
  coverageGeoJson,
  coveragePoints,
  flatCoverageImage,
  flatLayer,
  gradientLayer,
  radiusExpression,
} from './coverage-layers';
import { rowsOf } from './test-rows';

const LAT = 40.742;

describe('coverage radius per gateway (SPEC §9: indoor 16, garage 32, outdoor 64, bridges 0)', () => {
  it.each([
    ['indoor', undefined, 'GW2', 16],
    ['garage', undefined, 'GW2', 32],
    ['outdoor', undefined, 'NODE0', 64],
    [null, 'garage', 'GW2', 32],
    [null, 'outdoor', 'NODE1', 64],
    [null, null, 'GW2', 16],
    ['lobby', undefined, 'GW2', 16],
  ] as const)('gateway category %s on a %s floor, %s → %i m', (category, floorCategory, sku, metres) => {
    const rows = rowsOf([{ id: 'b0a710000001', config: { category, logistics: { sku } } }]);
    expect(coveragePoints(rows, floorCategory).map((p) => p.radiusM)).toEqual([metres]);
  });

  it.each(['GWL0', 'GWL1'])('a bridge (%s) covers nothing, so draws nothing', (sku) => {
    const rows = rowsOf([
      { id: 'b0a710000001', config: { category: 'outdoor', logistics: { sku } } },
      { id: 'b0a710000002' },
    ]);
    expect(coveragePoints(rows, 'outdoor').map((p) => p.id)).toEqual(['b0a710000002']);
  });
});

describe('gradient heatmap drawn in metres at every zoom (SPEC §2.7)', () => {
  const [feature] = coverageGeoJson([{ id: 'g', lngLat: [-73.974, LAT], radiusM: 16 }]).features;

  it('carries the radius in MapLibre pixels at zoom 1 and 22', () => {
    expect(feature!.properties.radiusMinZoomPx).toBeCloseTo(metresToPixels(16, LAT, MAP_MIN_ZOOM, 512), 9);
    expect(feature!.properties.radiusMaxZoomPx).toBeCloseTo(metresToPixels(16, LAT, MAP_MAX_ZOOM, 512), 6);
  });

  it.each([18, 19, 20, 21, 22])('base-2 interpolation gives 16 m at zoom %i', (zoom) => {
    const { radiusMinZoomPx: a, radiusMaxZoomPx: b } = feature!.properties;
    // MapLibre's exponential interpolation with base 2 between the two stops.
    const t = (2 ** (zoom - MAP_MIN_ZOOM) - 1) / (2 ** (MAP_MAX_ZOOM - MAP_MIN_ZOOM) - 1);
    expect(a + t * (b - a)).toBeCloseTo(metresToPixels(16, LAT, zoom, MAPLIBRE_TILE_SIZE_PX), 6);
  });

  it('the heatmap layer reads that expression, over the points source, under a coverage- id', () => {
    expect(radiusExpression()).toEqual([
      'interpolate',
      ['exponential', 2],
      ['zoom'],
      MAP_MIN_ZOOM,
      ['get', 'radiusMinZoomPx'],
      MAP_MAX_ZOOM,
      ['get', 'radiusMaxZoomPx'],
    ]);
    const layer = gradientLayer() as {
      id: string;
      type: string;
      source: string;
      paint: Record<string, unknown>;
    };
    expect(layer).toMatchObject({
      id: 'coverage-gradient',
      type: 'heatmap',
      source: COVERAGE_IDS.pointSource,
    });
    expect(layer.paint['heatmap-radius']).toEqual(radiusExpression());
    // The colour starts where one gateway's kernel reaches its coverage radius.
    expect((layer.paint['heatmap-color'] as unknown[]).slice(5, 7)).toEqual([
      KERNEL_DENSITY_AT_RADIUS,
      'rgba(33, 102, 172, 0.35)',
    ]);
    expect(KERNEL_DENSITY_AT_RADIUS).toBeCloseTo(0.004432, 6);
  });
});

describe('flat coverage: the circles’ union as one translucent picture (SPEC §2.7)', () => {
  it('nothing to draw without a covering gateway', () => {
    expect(flatCoverageImage([])).toBeNull();
  });

  it('one gateway: a square picture 32 m across whose circle fills it', () => {
    const image = flatCoverageImage([{ id: 'g', lngLat: [-73.974, LAT], radiusM: 16 }], 512)!;
    expect([image.width, image.height]).toEqual([512, 512]);
    expect(image.circles).toHaveLength(1);
    expect(image.circles[0]!.r).toBeCloseTo(256, 6);
    // The picture's corners span 32 m by 32 m on the ground: 1024 m².
    expect(polygonAreaM2(image.coordinates)).toBeCloseTo(1024, -1);
  });

  it('two gateways 50 m apart: both circles, a gap between them, in one picture', () => {
    const east = -73.974 + 50 / (111_320 * Math.cos((LAT * Math.PI) / 180));
    const image = flatCoverageImage(
      [
        { id: 'a', lngLat: [-73.974, LAT], radiusM: 16 },
        { id: 'b', lngLat: [east, LAT], radiusM: 16 },
      ],
      820,
    )!;
    const [a, b] = image.circles;
    expect(image.width).toBe(820);
    expect(b!.x - a!.x - a!.r - b!.r).toBeGreaterThan(0);
    expect(image.coordinates[0][1]).toBeGreaterThan(image.coordinates[3][1]);
  });

  it('the flat layer is a uniformly translucent raster of that picture', () => {
    expect(flatLayer()).toMatchObject({
      id: 'coverage-flat',
      type: 'raster',
      source: 'coverage-flat',
      paint: { 'raster-opacity': 0.4 },
    });
  });
});
