import { multiplyMatrix3, invertMatrix3, projectPoint, solveLinearSystem, type Matrix3 } from './matrix';
import {
  MERCATOR_MAX_LATITUDE,
  lngLatToMercator,
  lngLatToWorldPixel,
  mercatorToLngLat,
  worldPixelToLngLat,
  type LngLat,
  type PlanePoint,
} from './web-mercator';

// SPEC §4 Plan editing: a plan image is placed by its four corners. A photo of a paper plan is not a
// rectangle, so the image → map mapping is a perspective transform (homography), solved in Web
// Mercator, the plane the tiles are cut in, where it maps straight lines of the plan to straight lines.

export { projectPoint, type Matrix3 };

/** The corners' order in PlanCorners, as the reasons name them. */
export const PLAN_CORNER_NAMES = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
/** A plan's corners as [lng, lat]: top-left, top-right, bottom-right, bottom-left of the image. */
export type PlanCorners = readonly [LngLat, LngLat, LngLat, LngLat];

/** Why a set of corners cannot place a plan. */
export const PLAN_CORNER_REASONS = {
  count: 'A plan is placed by exactly four corners',
  offMap: (corner: string) => `The ${corner} corner is not a position on the map`,
  samePlace: (a: string, b: string) => `The ${a} and ${b} corners are at the same place`,
  inLine: (a: string, b: string, c: string) => `The ${a}, ${b} and ${c} corners are in a line`,
  crossing: 'The corners cross: give them in the order top-left, top-right, bottom-right, bottom-left',
  mirrored: 'The corners are mirrored: top-left, top-right, bottom-right and bottom-left go clockwise',
  inwards: (corner: string) => `The ${corner} corner points inwards: the corners must make a convex shape`,
} as const;

export type PlanCornersVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Image pixels (x right, y down from the top-left) ↔ a map plane. `matrix` maps pixels to the plane,
 * `inverse` the plane back to pixels (what a tile job warps with). The plane is Web Mercator metres
 * (x east, y north) when `zoom` is null, else world pixels at that zoom (256 px tiles, y down).
 */
export type Homography = { matrix: Matrix3; inverse: Matrix3; zoom: number | null };

// Corners closer than this (in Web Mercator metres), or turning by less than this sine, are degenerate.
const SAME_PLACE_M = 1e-3;
const MIN_TURN_SINE = 1e-6;

/**
 * SPEC §4 Plan editing: whether four corners can place a plan: each on the map, no two at one place,
 * no three in a line, not crossing, not mirrored, and convex (a flat plan in perspective always is).
 */
export function validatePlanCorners(corners: readonly LngLat[]): PlanCornersVerdict {
  if (corners.length !== 4) return refuse(PLAN_CORNER_REASONS.count);
  const offMap = corners.findIndex((corner) => !isOnMap(corner));
  if (offMap >= 0) return refuse(PLAN_CORNER_REASONS.offMap(PLAN_CORNER_NAMES[offMap]));
  return shapeVerdict(corners.map(lngLatToMercator));
}

/**
 * SPEC §4 Plan editing: the homography placing a width × height image by its corners, solved as the
 * 8 unknowns of the projective matrix by Gaussian elimination. Throws a RangeError with the reason
 * when the size is not positive or validatePlanCorners refuses the corners.
 */
export function homographyFromCorners(
  width: number,
  height: number,
  corners: PlanCorners,
  zoom: number | null = null,
): Homography {
  if (!(width > 0 && height > 0)) throw new RangeError('A plan image has a positive width and height');
  const verdict = validatePlanCorners(corners);
  if (!verdict.ok) throw new RangeError(verdict.reason);
  const source: PlanePoint[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const target = corners.map((corner) =>
    zoom === null ? lngLatToMercator(corner) : lngLatToWorldPixel(corner, zoom),
  );
  const solved = solveHomography(source, target);
  // Unreachable for corners validatePlanCorners accepts; kept so a singular system never yields NaN.
  if (!solved) throw new RangeError('These corners cannot place a plan');
  return { ...solved, zoom };
}

/** The position an image pixel lands on; null beyond the perspective's horizon (never on the plan). */
export function imagePixelToLngLat(homography: Homography, pixel: PlanePoint): LngLat | null {
  const point = projectPoint(homography.matrix, pixel);
  if (!point) return null;
  return homography.zoom === null ? mercatorToLngLat(point) : worldPixelToLngLat(point, homography.zoom);
}

/** The image pixel at a position; null beyond the perspective's horizon (never on the plan). */
export function lngLatToImagePixel(homography: Homography, lngLat: LngLat): PlanePoint | null {
  const point =
    homography.zoom === null ? lngLatToMercator(lngLat) : lngLatToWorldPixel(lngLat, homography.zoom);
  return projectPoint(homography.inverse, point);
}

function refuse(reason: string): PlanCornersVerdict {
  return { ok: false, reason };
}

function isOnMap([lng, lat]: LngLat): boolean {
  return Math.abs(lng) <= 180 && Math.abs(lat) <= MERCATOR_MAX_LATITUDE;
}

// The sine of the turn at each corner tells the shape: all clockwise is the plan as given; all
// anticlockwise mirrored; two and two a crossing (a bow tie); three and one a corner pointing inwards.
function shapeVerdict(points: PlanePoint[]): PlanCornersVerdict {
  const name = (i: number) => PLAN_CORNER_NAMES[(i + 4) % 4];
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      if (Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]) < SAME_PLACE_M) {
        return refuse(PLAN_CORNER_REASONS.samePlace(name(i), name(j)));
      }
    }
  }
  const turns = points.map((p, i) => turnSine(points[(i + 3) % 4], p, points[(i + 1) % 4]));
  const flat = turns.findIndex((sine) => Math.abs(sine) < MIN_TURN_SINE);
  if (flat >= 0) return refuse(PLAN_CORNER_REASONS.inLine(name(flat - 1), name(flat), name(flat + 1)));
  const clockwise = turns.filter((sine) => sine < 0).length;
  if (clockwise === 4) return { ok: true };
  if (clockwise === 0) return refuse(PLAN_CORNER_REASONS.mirrored);
  if (clockwise === 2) return refuse(PLAN_CORNER_REASONS.crossing);
  const odd = turns.findIndex((sine) => (clockwise === 3 ? sine > 0 : sine < 0));
  return refuse(PLAN_CORNER_REASONS.inwards(name(odd)));
}

/** The sine of the turn from a→b to b→c: positive anticlockwise (y north), negative clockwise. */
function turnSine(a: PlanePoint, b: PlanePoint, c: PlanePoint): number {
  const [ux, uy] = [b[0] - a[0], b[1] - a[1]];
  const [vx, vy] = [c[0] - b[0], c[1] - b[1]];
  return (ux * vy - uy * vx) / (Math.hypot(ux, uy) * Math.hypot(vx, vy));
}

/**
 * The homography taking four source points to four target points. Both sides are first moved to their
 * first point and scaled to about 1, so the 8×8 system mixes no 1e4 pixels with 1e7 metres.
 */
function solveHomography(source: PlanePoint[], target: PlanePoint[]): Omit<Homography, 'zoom'> | null {
  const src = normaliser(source);
  const dst = normaliser(target);
  const a: number[][] = [];
  const b: number[] = [];
  source.forEach((point, i) => {
    const [x, y] = affine(src.to, point);
    const [u, v] = affine(dst.to, target[i]);
    a.push([x, y, 1, 0, 0, 0, -x * u, -y * u], [0, 0, 0, x, y, 1, -x * v, -y * v]);
    b.push(u, v);
  });
  const h = solveLinearSystem(a, b);
  if (!h) return null;
  const normalised = [...h, 1] as unknown as Matrix3;
  const normalisedInverse = invertMatrix3(normalised);
  if (!normalisedInverse) return null;
  return {
    matrix: multiplyMatrix3(multiplyMatrix3(dst.from, normalised), src.to),
    inverse: multiplyMatrix3(multiplyMatrix3(src.from, normalisedInverse), dst.to),
  };
}

/** Moves points to their first one and scales them to a span of about 1, and back. */
function normaliser(points: PlanePoint[]): { to: Matrix3; from: Matrix3 } {
  const [ox, oy] = points[0];
  const span = Math.max(...points.map(([x, y]) => Math.max(Math.abs(x - ox), Math.abs(y - oy)))) || 1;
  return {
    to: [1 / span, 0, -ox / span, 0, 1 / span, -oy / span, 0, 0, 1],
    from: [span, 0, ox, 0, span, oy, 0, 0, 1],
  };
}

function affine(m: Matrix3, [x, y]: PlanePoint): PlanePoint {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}
