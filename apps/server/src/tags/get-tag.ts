import { and, asc, eq } from 'drizzle-orm';
import {
  REPLACEMENT_TIMELINE_CODES,
  isTagReusable,
  replacementTimeline,
  type CollectionUrgency,
  type TagDetail,
} from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { auditLog, distributionStations, tags } from '../db/schema';
import { notFound } from '../platform/errors';
import { type Scope } from '../platform/scope';
import { UUID_RE } from '../platform/db/checks';
import { LOCATION_FIELDS, locationNamesOf, pickLocation } from '../zones';

// SPEC §3 Tag, §4 flows, §7 Devices.

import type { TagRow } from './tag-rows';
import { MAC_RE, objectOf, tagInScope, toTag } from './tag-rows';

export async function findTag(db: Db | Tx, scope: Scope, id: string, forUpdate = false) {
  if (!MAC_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), tagInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** SPEC §3 Replacement timeline of a tag's collection (code 0 Overdue, 1 soon), null when not due. */
function timelineOf(row: TagRow, now: Date) {
  const collection = objectOf(row.config.collection);
  const urgency = collection.urgency;
  if (urgency !== 0 && urgency !== 1 && urgency !== 2) return null;
  const at = typeof collection.at === 'string' ? new Date(collection.at) : row.updatedAt;
  const timeline = replacementTimeline({ urgency: urgency as CollectionUrgency, at }, now);
  return timeline ? REPLACEMENT_TIMELINE_CODES[timeline] : null;
}

/** GET /api/tags/{id}: the tag, its location names, SPEC §4 reuse and replacement timeline, station name. */
export async function getTag(db: Db, scope: Scope, id: string): Promise<TagDetail> {
  const row = await findTag(db, scope, id);
  if (!row) throw notFound('Tag not found');
  const stationId = typeof row.config.station === 'string' ? row.config.station : undefined;
  const [history, names, station] = await Promise.all([
    // The whole history of the device, whichever organisation held it: a flagged tag stays flagged.
    db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, row.id)))
      .orderBy(asc(auditLog.id)),
    locationNamesOf(db, [row.zoneId]),
    stationId && UUID_RE.test(stationId)
      ? db
          .select({ name: distributionStations.name })
          .from(distributionStations)
          .where(and(eq(distributionStations.id, stationId), eq(distributionStations.orgId, row.orgId)))
      : Promise.resolve([]),
  ]);
  return {
    ...toTag(row, pickLocation(row.zoneId ? names.get(row.zoneId) : undefined, LOCATION_FIELDS)),
    reusable: isTagReusable(history as never),
    replacementTimeline: timelineOf(row, new Date()),
    stationName: station[0]?.name ?? null,
  };
}
