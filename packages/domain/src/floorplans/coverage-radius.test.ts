import { describe, it, expect } from 'vitest';
import {
  MAPLIBRE_TILE_SIZE_PX,
  coverageKindOf,
  gatewayCoverageRadiusM,
  heatmapRadiusStops,
  metresPerPixel,
  metresToPixels,
} from './coverage-radius';

describe('gatewayCoverageRadiusM (SPEC §9 coverage radius)', () => {
  it.each([
    ['indoor', 'GW2', 16],
    ['garage', 'GW2', 32],
    ['outdoor', 'NODE1', 64],
    ['outdoor', 'GWL0', 0],
    ['garage', 'GWL1', 0],
    [null, 'GW2', 16],
    ['home', undefined, 16],
    ['toString', 'GW2', 16],
  ] as const)('category %s, SKU %s → %i m', (category, sku, radius) => {
    expect(gatewayCoverageRadiusM({ category, sku })).toBe(radius);
  });

  it.each([
    ['indoor', 'indoor'],
    ['garage', 'garage'],
    ['outdoor', 'outdoor'],
    ['home', 'indoor'],
    ['constructor', 'indoor'],
    [undefined, 'indoor'],
  ] as const)('the category %s is the %s kind', (category, kind) => {
    expect(coverageKindOf(category)).toBe(kind);
  });
});

describe('metresPerPixel: Web Mercator ground resolution (SPEC §9 Map, 256 px tiles)', () => {
  it.each([
    ['equator, zoom 0: 156543.03392 m', 0, 0, 156_543.03392],
    ['equator, zoom 18: 156543.03392 / 2^18', 0, 18, 0.59716428],
    ['60° north, zoom 22: half of 156543.03392 / 2^22', 60, 22, 0.01866138],
    ['Boston, zoom 20', 42.3604, 20, 0.11031434],
  ])('%s', (_case, latitude, zoom, metres) => {
    expect(metresPerPixel(latitude, zoom)).toBeCloseTo(metres, 4);
  });
});

describe('metresToPixels (SPEC §9 coverage radius drawn in metres)', () => {
  it.each([
    [16, 0, 18, 26.7933],
    [64, 60, 22, 3429.542],
    [16, 42.3604, 20, 145.0401],
  ])('%i m at %f° and zoom %i → %f px', (metres, latitude, zoom, pixels) => {
    expect(metresToPixels(metres, latitude, zoom)).toBeCloseTo(pixels, 3);
  });

  it('doubles with each zoom', () => {
    expect(metresToPixels(32, 42.36, 21) / metresToPixels(32, 42.36, 20)).toBeCloseTo(2, 12);
  });
});

describe('heatmapRadiusStops: a heatmap radius in metres at every zoom (SPEC §2.7, §9)', () => {
  // MapLibre's exponential interpolation between two stops, as its style specification defines it.
  function interpolate(stops: [number, number][], zoom: number): number {
    const [[z0, v0], [z1, v1]] = stops;
    const t = (2 ** (zoom - z0) - 1) / (2 ** (z1 - z0) - 1);
    return v0 + t * (v1 - v0);
  }

  it('spans the map zooms 1 to 22, in MapLibre pixels (a 512 px world at zoom 0)', () => {
    const stops = heatmapRadiusStops(16, 42.3604);
    expect(stops.map(([zoom]) => zoom)).toEqual([1, 22]);
    expect(stops[0][1]).toBeCloseTo(0.000553284, 9);
    expect(stops[1][1]).toBeCloseTo(1160.3206, 3);
    expect(MAPLIBRE_TILE_SIZE_PX).toBe(512);
  });

  it.each([
    [16, 42.3604, 20, 290.0802],
    [64, 0, 20, 857.3855],
    [32, 60, 18.5, 303.1316],
  ])('%i m at %f° interpolates at zoom %f to its ground size, %f px', (metres, latitude, zoom, pixels) => {
    expect(interpolate(heatmapRadiusStops(metres, latitude), zoom)).toBeCloseTo(pixels, 3);
  });

  it('gives a bridge (0 m) no radius', () => {
    expect(heatmapRadiusStops(0, 42.36)).toEqual([
      [1, 0],
      [22, 0],
    ]);
  });
});
