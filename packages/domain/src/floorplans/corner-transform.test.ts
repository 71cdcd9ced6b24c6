import { describe, it, expect } from 'vitest';
import {
  PLAN_CORNER_REASONS,
  homographyFromCorners,
  imagePixelToLngLat,
  lngLatToImagePixel,
  validatePlanCorners,
  type PlanCorners,
} from './corner-transform';
import type { LngLat } from './web-mercator';

// An 800 × 600 plan placed over a Boston block by four corners that make no parallelogram (a photo
// of a paper plan). The expected positions were solved independently, with exact rational arithmetic
// on the same Web Mercator corners, and are given to 1e-13°.
const WIDTH = 800;
const HEIGHT = 600;
const CORNERS: PlanCorners = [
  [-71.06, 42.361],
  [-71.058, 42.3613],
  [-71.0584, 42.3596],
  [-71.0603, 42.3598],
];
const DEG = 1e-9;

function expectNear(actual: LngLat | null, expected: LngLat, tolerance = DEG) {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual![0] - expected[0])).toBeLessThan(tolerance);
  expect(Math.abs(actual![1] - expected[1])).toBeLessThan(tolerance);
}

describe('homographyFromCorners: a plan placed by four corners (SPEC §4 Plan editing)', () => {
  const inMetres = homographyFromCorners(WIDTH, HEIGHT, CORNERS);
  const inPixelsAt20 = homographyFromCorners(WIDTH, HEIGHT, CORNERS, 20);

  it.each([
    ['top-left corner', [0, 0], CORNERS[0]],
    ['top-right corner', [800, 0], CORNERS[1]],
    ['bottom-right corner', [800, 600], CORNERS[2]],
    ['bottom-left corner', [0, 600], CORNERS[3]],
    ['centre', [400, 300], [-71.0593423491311, 42.3604245592654]],
    ['pixel up left', [200, 150], [-71.0596980394539, 42.3607357869101]],
    ['pixel up right', [700, 100], [-71.0583995930891, 42.3609830055113]],
    ['fractional pixel (123.5, 456.25)', [123.5, 456.25], [-71.0600082154425, 42.3600805823111]],
  ] as const)('maps the %s to its position, solved in metres or in world pixels', (_case, pixel, lngLat) => {
    expectNear(imagePixelToLngLat(inMetres, pixel), lngLat);
    expectNear(imagePixelToLngLat(inPixelsAt20, pixel), lngLat);
  });

  it('sends the centre where the diagonals cross, not to the average of the corners', () => {
    const centre = imagePixelToLngLat(inMetres, [WIDTH / 2, HEIGHT / 2])!;
    const average = [-71.059175, 42.360425];
    expect(Math.abs(centre[0] - average[0])).toBeGreaterThan(1e-4);
  });

  it('is not affine: equal steps across the image are unequal steps on the map', () => {
    const at = (x: number) => imagePixelToLngLat(inMetres, [x, 0])![0];
    const firstHalf = at(400) - at(0);
    const secondHalf = at(800) - at(400);
    expect(Math.abs(firstHalf - secondHalf)).toBeGreaterThan(1e-6);
  });

  it.each([[[-71.0593, 42.3605]], [[-71.06, 42.361]], [[-71.0599, 42.3597]], [[-71.0575, 42.3615]]] as const)(
    'takes %j to a pixel and back within 1e-9°',
    (lngLat) => {
      for (const homography of [inMetres, inPixelsAt20]) {
        const pixel = lngLatToImagePixel(homography, lngLat)!;
        expectNear(imagePixelToLngLat(homography, pixel), lngLat);
      }
    },
  );

  it.each([[[0, 0]], [[400, 300]], [[799.5, 0.25]]] as const)(
    'takes the pixel %j to the map and back within 1e-6 px',
    (pixel) => {
      const back = lngLatToImagePixel(inMetres, imagePixelToLngLat(inMetres, pixel)!)!;
      expect(Math.abs(back[0] - pixel[0])).toBeLessThan(1e-6);
      expect(Math.abs(back[1] - pixel[1])).toBeLessThan(1e-6);
    },
  );

  it('maps an upright rectangle placed on a rectangle proportionally', () => {
    const rectangle: PlanCorners = [
      [0, 0.001],
      [0.002, 0.001],
      [0.002, 0],
      [0, 0],
    ];
    const homography = homographyFromCorners(200, 100, rectangle);
    expectNear(imagePixelToLngLat(homography, [50, 50]), [0.0005, 0.0005], 1e-7);
  });

  it.each([
    ['a zero width', 0, 600],
    ['a negative height', 800, -1],
  ])('refuses %s', (_case, width, height) => {
    expect(() => homographyFromCorners(width, height, CORNERS)).toThrow(RangeError);
  });

  it('refuses corners validatePlanCorners refuses, with its reason', () => {
    const crossing: PlanCorners = [CORNERS[0], CORNERS[1], CORNERS[3], CORNERS[2]];
    expect(() => homographyFromCorners(WIDTH, HEIGHT, crossing)).toThrow(PLAN_CORNER_REASONS.crossing);
  });
});

describe('validatePlanCorners (SPEC §4 Plan editing)', () => {
  const [tl, tr, br, bl] = CORNERS;
  it.each([
    ['the Boston quad', CORNERS, null],
    [
      'a rotated square',
      [
        [0.001, 0],
        [0, -0.001],
        [-0.001, 0],
        [0, 0.001],
      ],
      null,
    ],
    ['three corners', [tl, tr, br], PLAN_CORNER_REASONS.count],
    ['five corners', [tl, tr, br, bl, tl], PLAN_CORNER_REASONS.count],
    ['a latitude beyond Web Mercator', [tl, [-71.058, 86], br, bl], PLAN_CORNER_REASONS.offMap('top-right')],
    ['a longitude beyond 180', [tl, tr, br, [-181, 42.3598]], PLAN_CORNER_REASONS.offMap('bottom-left')],
    [
      'a corner that is not a number',
      [tl, tr, [Number.NaN, 42.3596], bl],
      PLAN_CORNER_REASONS.offMap('bottom-right'),
    ],
    [
      'two corners at one place',
      [tl, tr, tr, bl],
      PLAN_CORNER_REASONS.samePlace('top-right', 'bottom-right'),
    ],
    [
      'three corners in a line',
      [
        [0, 0.001],
        [0.001, 0.001],
        [0.002, 0.001],
        [0, 0],
      ],
      PLAN_CORNER_REASONS.inLine('top-left', 'top-right', 'bottom-right'),
    ],
    ['crossing corners (a bow tie)', [tl, tr, bl, br], PLAN_CORNER_REASONS.crossing],
    ['mirrored corners (anticlockwise)', [tl, bl, br, tr], PLAN_CORNER_REASONS.mirrored],
    [
      'a corner pointing inwards',
      [
        [0, 0.002],
        [0.002, 0.002],
        [0.0006, 0.0012],
        [0, 0],
      ],
      PLAN_CORNER_REASONS.inwards('bottom-right'),
    ],
  ] as const)('%s', (_case, corners, reason) => {
    const verdict = validatePlanCorners(corners as readonly LngLat[]);
    expect(verdict).toEqual(reason === null ? { ok: true } : { ok: false, reason });
  });
});
