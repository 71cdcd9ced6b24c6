import { describe, it, expect } from 'vitest';
import { markerDensity, polygonAreaM2, squareMetresToSquareFeet } from './floor-area';
import type { LngLat } from './web-mercator';

// The exact area of a longitude/latitude box on the WGS84 ellipsoid, by the authalic-latitude formula
// A = a²/2 · Δλ · (q(φ₂) − q(φ₁)): another method than the projection under test.
const A = 6_378_137;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const rad = (deg: number) => (deg * Math.PI) / 180;
function q(latitude: number): number {
  const s = Math.sin(rad(latitude));
  return (1 - E2) * (s / (1 - E2 * s * s) - (1 / (2 * E)) * Math.log((1 - E * s) / (1 + E * s)));
}
function ellipsoidBoxArea([west, south, east, north]: readonly number[]): number {
  return ((A * A) / 2) * rad(east - west) * (q(north) - q(south));
}
const ringOf = ([west, south, east, north]: readonly number[]): LngLat[] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

describe('polygonAreaM2: floor area of a [lng, lat] ring (SPEC §9 Map floor area)', () => {
  it.each([
    ['0.001° square on the equator, about 12,309 m²', [0, 0, 0.001, 0.001], 12_309.07],
    ['a Boston block', [-71.0603, 42.3596, -71.058, 42.3613], 35_780.28],
    ['a box at 60° north', [10, 60, 10.002, 60.001], 12_433.42],
    ['a box in Sydney', [151.2, -33.87, 151.201, -33.869], 10_262.97],
    ['a box across the antimeridian', [179.9995, 10, 180.0005, 10.001], null],
  ] as const)('%s is within 0.01 %% of the ellipsoid', (_case, box, roughly) => {
    const ring = ringOf(box).map(([lng, lat]): LngLat => [lng > 180 ? lng - 360 : lng, lat]);
    const exact = ellipsoidBoxArea(box);
    if (roughly !== null) expect(exact).toBeCloseTo(roughly, 1);
    expect(Math.abs(polygonAreaM2(ring) / exact - 1)).toBeLessThan(1e-4);
  });

  it('gives the same area open or closed, either way round', () => {
    const closed = ringOf([-71.0603, 42.3596, -71.058, 42.3613]);
    const area = polygonAreaM2(closed);
    expect(polygonAreaM2(closed.slice(0, -1))).toBeCloseTo(area, 6);
    expect(polygonAreaM2([...closed].reverse())).toBeCloseTo(area, 6);
  });

  it('halves for the triangle cutting the box on its diagonal', () => {
    const [sw, se, ne] = ringOf([0, 0, 0.001, 0.001]);
    expect(polygonAreaM2([sw, se, ne]) / 12_309.07 - 0.5).toBeLessThan(1e-4);
  });

  it.each([
    ['no points', []],
    [
      'two points',
      [
        [0, 0],
        [0.001, 0.001],
      ],
    ],
    [
      'two points closed',
      [
        [0, 0],
        [0.001, 0.001],
        [0, 0],
      ],
    ],
  ] as const)('is 0 for %s', (_case, ring) => {
    expect(polygonAreaM2(ring as readonly LngLat[])).toBe(0);
  });
});

describe('squareMetresToSquareFeet (SPEC §9: 10.76391041671 ft² per m²)', () => {
  it.each([
    [0, 0],
    [1, 10.76391041671],
    [1000, 10763.91041671],
    [35_780.28, 385_135.7286],
  ])('%f m² → %f ft²', (m2, ft2) => {
    expect(squareMetresToSquareFeet(m2)).toBeCloseTo(ft2, 3);
  });
});

describe('markerDensity: markers per 1,000 ft² (SPEC §9 Map)', () => {
  it.each([
    [10, 1000, 10],
    [5, 10_000, 0.5],
    [0, 2500, 0],
    [24, 385_135.71, 0.0623156],
    [3, 0, null],
    [3, -10, null],
    [3, Number.NaN, null],
    [3, Number.POSITIVE_INFINITY, null],
  ])('%i markers on %f ft² → %s', (markers, area, density) => {
    const actual = markerDensity(markers, area);
    if (density === null) expect(actual).toBeNull();
    else expect(actual).toBeCloseTo(density, 6);
  });
});
