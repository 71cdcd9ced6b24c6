import { describe, it, expect } from 'vitest';
import {
  MERCATOR_MAX_LATITUDE,
  boundsOf,
  lngLatToMercator,
  lngLatToWorldPixel,
  mercatorToLngLat,
  tileOf,
  tileRange,
  tilesForPlan,
  worldPixelToLngLat,
  type LngLat,
} from './web-mercator';

// Expected tiles worked out with the standard slippy-map formula, x = ⌊(lng + 180) / 360 · 2^z⌋ and
// y = ⌊(1 − ln(tan φ + sec φ) / π) / 2 · 2^z⌋. For Boston at z 18: x = 0.3026111 · 262144 = 79327.69,
// and tan 42.361° = 0.911878, sec = 1.353337, ln 2.265215 = 0.817670, /π = 0.260272, so
// y = 0.369864 · 262144 = 96957.58.
describe('tileOf: the XYZ tile of a position (SPEC §9 Map, 256 px tiles)', () => {
  it.each([
    ['Boston', [-71.06, 42.361], 18, 79327, 96957],
    ['Boston, a plan corner', [-71.058, 42.3596], 18, 79329, 96958],
    ['London', [-0.1276, 51.5072], 18, 130979, 87169],
    ['Sydney (south, east)', [151.2093, -33.8688], 18, 241179, 157310],
    ['Tokyo', [139.6917, 35.6895], 20, 931169, 412876],
    ['San Francisco', [-122.4194, 37.7749], 22, 670862, 1621186],
    ['null island at zoom 1', [0, 0], 1, 1, 1],
    ['the north-west corner of the world', [-180, MERCATOR_MAX_LATITUDE], 3, 0, 0],
    ['the south-east corner of the world stays inside', [180, -MERCATOR_MAX_LATITUDE], 3, 7, 7],
  ] as const)('%s at zoom %i', (_place, lngLat, zoom, x, y) => {
    expect(tileOf(lngLat, zoom)).toEqual({ x, y });
  });
});

describe('Web Mercator conversions (SPEC §9 Map)', () => {
  it.each([
    ['null island', [0, 0], [0, 0]],
    ['180° east is half the equator, 20037508.34 m', [180, 0], [20037508.342789244, 0]],
    ['the top of the square world', [0, MERCATOR_MAX_LATITUDE], [0, 20037508.342789244]],
  ] as const)('%s in metres', (_case, lngLat, metres) => {
    const [x, y] = lngLatToMercator(lngLat);
    expect(x).toBeCloseTo(metres[0], 5);
    expect(y).toBeCloseTo(metres[1], 5);
  });

  it.each([
    ['null island is the middle of the world at zoom 0', [0, 0], 0, [128, 128]],
    ['180°W on the equator is the left edge at zoom 1', [-180, 0], 1, [0, 256]],
    ['Boston at zoom 18', [-71.06, 42.361], 18, [79327.68711111111 * 256, 96957.5796515206 * 256]],
  ] as const)('%s in world pixels', (_case, lngLat, zoom, pixel) => {
    const [px, py] = lngLatToWorldPixel(lngLat, zoom);
    expect(px).toBeCloseTo(pixel[0], 4);
    expect(py).toBeCloseTo(pixel[1], 4);
  });

  it.each([[[-71.06, 42.361]], [[151.2093, -33.8688]], [[0, 0]]] as const)(
    '%j comes back from metres and from world pixels within 1e-12°',
    (lngLat) => {
      const [lng, lat] = mercatorToLngLat(lngLatToMercator(lngLat));
      expect(Math.abs(lng - lngLat[0])).toBeLessThan(1e-12);
      expect(Math.abs(lat - lngLat[1])).toBeLessThan(1e-12);
      const [lng2, lat2] = worldPixelToLngLat(lngLatToWorldPixel(lngLat, 22), 22);
      expect(Math.abs(lng2 - lngLat[0])).toBeLessThan(1e-12);
      expect(Math.abs(lat2 - lngLat[1])).toBeLessThan(1e-12);
    },
  );
});

describe('tileRange: the tiles covering bounds (SPEC §9 Map)', () => {
  it.each([
    ['the Boston plan at 18', [-71.0603, 42.3596, -71.058, 42.3613], 18, [79327, 79329, 96957, 96958]],
    [
      'the Boston plan at 22',
      [-71.0603, 42.3596, -71.058, 42.3613],
      22,
      [1269239, 1269266, 1551316, 1551343],
    ],
    [
      'the whole world at zoom 2',
      [-180, -MERCATOR_MAX_LATITUDE, 180, MERCATOR_MAX_LATITUDE],
      2,
      [0, 3, 0, 3],
    ],
    [
      'an edge on a tile line pulls in no tile beyond it',
      [-180, 0, 0, MERCATOR_MAX_LATITUDE],
      1,
      [0, 0, 0, 0],
    ],
    ['a single point', [-71.06, 42.361, -71.06, 42.361], 18, [79327, 79327, 96957, 96957]],
  ] as const)('%s', (_case, bounds, zoom, [minX, maxX, minY, maxY]) => {
    expect(tileRange(bounds, zoom)).toEqual({ minX, maxX, minY, maxY });
  });
});

describe('tilesForPlan: the plan tile pyramid, zoom 18 to 22 (SPEC §9 Map)', () => {
  const corners: LngLat[] = [
    [-71.06, 42.361],
    [-71.058, 42.3613],
    [-71.0584, 42.3596],
    [-71.0603, 42.3598],
  ];

  it('bounds the corners', () => {
    expect(boundsOf(corners)).toEqual([-71.0603, 42.3596, -71.058, 42.3613]);
  });

  it('counts the tiles of each zoom', () => {
    expect(tilesForPlan(corners).map(({ zoom, count }) => [zoom, count])).toEqual([
      [18, 6],
      [19, 20],
      [20, 56],
      [21, 210],
      [22, 784],
    ]);
  });

  it('gives each zoom its range', () => {
    expect(tilesForPlan(corners, 20, 20)).toEqual([
      { zoom: 20, minX: 317309, maxX: 317316, minY: 387829, maxY: 387835, count: 56 },
    ]);
  });
});
