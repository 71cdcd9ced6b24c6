import type { Db } from '../platform/db/client';
import { UUID_RE } from '../platform/db/checks';
import { HttpError, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import type { ZoneRow } from '../platform/caller';
import { findZone } from '../zones';

/**
 * The floor a plan call names: a zone of level floor inside the caller's scope. Another
 * organisation's zone, or one outside the caller's zones, is a 404; a zone of another level a 400.
 */
export async function findPlanFloor(db: Db, scope: Scope, floorId: string): Promise<ZoneRow> {
  const zone = UUID_RE.test(floorId) ? await findZone(db, scope, floorId) : undefined;
  if (!zone) throw notFound('Floor not found');
  if (zone.row.level !== 'floor') {
    throw new HttpError(
      400,
      `Plans belong to floors: ${zone.row.name} is a ${zone.row.level}`,
      'not_a_floor',
    );
  }
  return zone.row;
}
