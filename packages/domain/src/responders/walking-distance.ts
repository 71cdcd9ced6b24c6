import { levelRank } from '../zones/levels';
import type { ZoneLevel } from '../zones/enums';

// Issue 20 "Responders": how far a responder is from an alert, walking the zone tree. Two places in
// the same zone are nearest; then the same area, unit, floor, building, site, organisation: the
// deeper the zone both are in, the nearer. Metres are not known (a gateway's reach is tens of
// metres, and floors are not connected by straight lines), so this is a rank, not a length.

/** A zone on a place's path from the root down: its id and level. */
export type PathStep = { id: string; level: ZoneLevel };

/** The rank of the same zone (0) … the root (7); Infinity when the two share no zone. */
export function walkingDistance(a: readonly PathStep[], b: readonly PathStep[]): number {
  if (a.length === 0 || b.length === 0) return Infinity;
  let common: PathStep | undefined;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i]!.id !== b[i]!.id) break;
    common = a[i];
  }
  if (!common) return Infinity;
  if (common.id === a.at(-1)!.id && common.id === b.at(-1)!.id) return 0;
  return 7 - levelRank(common.level);
}

/** What the distance means, for a responder's line on an alert card. */
export function distanceLabel(distance: number): string {
  if (distance === 0) return 'Same place';
  if (distance === 1) return 'Same area';
  if (distance === 2) return 'Same unit';
  if (distance === 3) return 'Same floor';
  if (distance === 4) return 'Same building';
  if (distance === 5) return 'Same site';
  if (distance === 6) return 'Elsewhere in the organisation';
  return 'Far';
}

export type ResponderPlace = { id: string; path: readonly PathStep[]; seenAt: number };

/**
 * The `limit` responders nearest the alert's place: by walking distance, then the most recently
 * seen; those outside the alert's organisation (no zone below the root in common) never.
 */
export function nearestResponders<T extends ResponderPlace>(
  alertPath: readonly PathStep[],
  responders: readonly T[],
  limit = 3,
): (T & { distance: number })[] {
  return responders
    .map((r) => ({ ...r, distance: walkingDistance(alertPath, r.path) }))
    .filter((r) => r.distance < 7)
    .sort((x, y) => x.distance - y.distance || y.seenAt - x.seenAt)
    .slice(0, limit);
}
