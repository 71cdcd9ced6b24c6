import type { ParseResult } from '../validators/parse-result';
import type { ZoneState } from './enums';

// SPEC §3 Unit on a map: a unit zone's config.geometry is a GeoJSON Polygon drawn on its floor's
// map (§2.7 units add/edit); §4 Units and §5 Unit edit: a unit is active or inactive, and
// deactivating it deactivates the areas within. These are the rules the server applies to a unit.

/** A GeoJSON Polygon as a unit holds it: an outer ring, then any holes; each ring closed. */
export type UnitPolygon = { type: 'Polygon'; coordinates: [number, number][][] };

/** The most corners a unit's ring may have: a room's outline, not a coastline. */
export const UNIT_RING_MAX_CORNERS = 1000;
/** A hole or two (a light well) at most. */
export const UNIT_RING_MAX_COUNT = 20;

export const UNIT_GEOMETRY_REASONS = {
  notPolygon: "A unit's geometry must be a GeoJSON Polygon",
  noRings: "A unit's geometry must have an outline (a ring of corners)",
  tooManyRings: `A unit's geometry may have at most ${UNIT_RING_MAX_COUNT} rings`,
  tooFewCorners: "A unit's outline needs at least 3 corners",
  tooManyCorners: `A unit's outline may have at most ${UNIT_RING_MAX_CORNERS} corners`,
  badCorner: "A unit's outline has a corner that is not a [longitude, latitude] pair in range",
  notClosed: "A unit's outline must end where it starts",
  noArea: "A unit's outline encloses no area",
  crossing: "A unit's outline must not cross itself",
} as const;

/**
 * SPEC §3 Unit on a map: the unit's config.geometry when it is a valid GeoJSON Polygon (closed rings
 * of at least 3 distinct corners, in range, enclosing an area, no edge crossing another), else why not.
 */
export function parseUnitGeometry(input: unknown): ParseResult<UnitPolygon> {
  const R = UNIT_GEOMETRY_REASONS;
  if (!isRecord(input) || input.type !== 'Polygon') return refuse(R.notPolygon);
  const keys = Object.keys(input).filter((key) => key !== 'type' && key !== 'coordinates' && key !== 'bbox');
  if (keys.length > 0 || !Array.isArray(input.coordinates)) return refuse(R.notPolygon);
  const rings: unknown[] = input.coordinates;
  if (rings.length === 0) return refuse(R.noRings);
  if (rings.length > UNIT_RING_MAX_COUNT) return refuse(R.tooManyRings);
  const parsed: [number, number][][] = [];
  for (const ring of rings) {
    const result = parseRing(ring);
    if (!result.ok) return result;
    parsed.push(result.value);
  }
  return { ok: true, value: { type: 'Polygon', coordinates: parsed } };
}

function parseRing(ring: unknown): ParseResult<[number, number][]> {
  const R = UNIT_GEOMETRY_REASONS;
  if (!Array.isArray(ring)) return refuse(R.noRings);
  if (ring.length > UNIT_RING_MAX_CORNERS + 1) return refuse(R.tooManyCorners);
  const corners: [number, number][] = [];
  for (const corner of ring) {
    if (!isLngLat(corner)) return refuse(R.badCorner);
    corners.push([corner[0], corner[1]]);
  }
  // A closed ring of 3 corners has 4 positions (GeoJSON repeats the first at the end).
  if (corners.length < 4) return refuse(R.tooFewCorners);
  const first = corners[0]!;
  const last = corners.at(-1)!;
  if (first[0] !== last[0] || first[1] !== last[1]) return refuse(R.notClosed);
  if (new Set(corners.slice(0, -1).map(([lng, lat]) => `${lng},${lat}`)).size < 3)
    return refuse(R.tooFewCorners);
  if (ringCrossesItself(corners)) return refuse(R.crossing);
  if (ringArea(corners) === 0) return refuse(R.noArea);
  return { ok: true, value: corners };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLngLat(value: unknown): value is [number, number] {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return false;
  const [lng, lat] = value as unknown[];
  return (
    typeof lng === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    Math.abs(lng) <= 180 &&
    Math.abs(lat) <= 90
  );
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

/** Twice the signed area in square degrees (the shoelace formula): 0 when the corners are in a line. */
function ringArea(ring: readonly [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Whether two edges of the ring that are not neighbours touch or cross. */
function ringCrossesItself(ring: readonly [number, number][]): boolean {
  const edges = ring.length - 1;
  for (let i = 0; i < edges; i += 1) {
    for (let j = i + 2; j < edges; j += 1) {
      // The first and the last edge share the closing corner: they are neighbours too.
      if (i === 0 && j === edges - 1) continue;
      if (segmentsTouch(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return true;
    }
  }
  return false;
}

function segmentsTouch(
  a: readonly [number, number],
  b: readonly [number, number],
  c: readonly [number, number],
  d: readonly [number, number],
): boolean {
  const d1 = orientation(c, d, a);
  const d2 = orientation(c, d, b);
  const d3 = orientation(a, b, c);
  const d4 = orientation(a, b, d);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

function orientation(
  p: readonly [number, number],
  q: readonly [number, number],
  r: readonly [number, number],
) {
  return Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
}

function onSegment(p: readonly [number, number], q: readonly [number, number], r: readonly [number, number]) {
  return (
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1])
  );
}

/**
 * SPEC §4 Units, §5 Unit edit ('…deactivate unit <name> and all areas within?'): whether a unit's
 * change of state deactivates the areas within it. Only a change to inactive does; reactivating a
 * unit leaves its areas as they are (an area may have been made inactive on its own).
 */
export function deactivatesAreasWithin(
  before: ZoneState | null | undefined,
  after: ZoneState | null | undefined,
): boolean {
  return after === 'inactive' && before !== 'inactive';
}
