import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { UUID_RE } from '../platform/db/checks';
import { jsonArray } from '../platform/db/json-params';
import { distributionStations, notificationTriggers, tags } from '../db/schema';

// Issue 21 "Minimum inventory": a station's available tags are the tags of its organisation that
// name it (SPEC §3 Tag `station`) in state available. Below its minimum, its subscribers are told
// once (the trigger kind 'stationBelowMinimum'); the station's config keeps `belowMinimumAt` until
// its count is back at the minimum, so a second activation below it tells no one again.

/** The notification trigger kind (and subscription moment) of a station below its minimum. */
export const STATION_BELOW_MINIMUM = 'stationBelowMinimum';

/**
 * How many available tags name the `distribution_stations` row of the query around it, as a scalar
 * subquery. The outer row is named in full: drizzle writes a lone table's columns unqualified, which
 * inside the subquery would read the tag's own. `(config->>'state')` is the expression of
 * `tags_org_state_idx`, so the count reads the organisation's available tags only.
 */
export function availableTagsSql(): SQL<number> {
  const station = (column: string) => sql`${distributionStations}.${sql.identifier(column)}`;
  return sql<number>`(select count(*)::int from ${tags} t
    where t.org_id = ${station('org_id')} and (t.config->>'state') = 'available'
      and t.config->>'station' = ${station('id')}::text)`;
}

/**
 * Re-counts these stations after a write that may change their available tags or their minimum
 * (a tag leaving or entering 'available', moving station, a station's minimum edited): a station
 * that has fallen below its minimum and was not yet reported gets its trigger, in the caller's
 * transaction; one back at its minimum or above is armed again. Ids that are not stations' are
 * ignored, so a tag write can pass its tags' `config.station` values as they are.
 */
export async function noteStationInventory(db: Db, stationIds: readonly unknown[]): Promise<void> {
  const ids = [
    ...new Set(stationIds.filter((id): id is string => typeof id === 'string' && UUID_RE.test(id))),
  ];
  if (ids.length === 0) return;
  const s = distributionStations;
  // The flag is re-read on the row itself (`d.config`), not on the CTE's snapshot: of two writers
  // counting the same station at once, the second waits for the first's row lock and then sees
  // the flag set, so the station is reported once.
  await db.execute(sql`
    with counted as (
      select ${s.id} as id, ${s.minimumInventory} as minimum,
        ${availableTagsSql()} as available
      from ${s} where ${s.id} = any(${jsonArray(ids, 'uuid')})
    ), flipped as (
      update ${s} d set config = case when c.available < c.minimum
          then d.config || jsonb_build_object('belowMinimumAt', now())
          else d.config - 'belowMinimumAt' end
      from counted c
      where d.id = c.id and (c.available < c.minimum) <> (d.config ? 'belowMinimumAt')
      returning d.id, d.org_id, d.name, d.zone_id, c.available, c.minimum
    )
    insert into ${notificationTriggers} (org_id, kind, details)
    select f.org_id, ${STATION_BELOW_MINIMUM}, jsonb_build_object('stationId', f.id, 'name', f.name,
      'zoneId', f.zone_id, 'available', f.available, 'minimum', f.minimum)
    from flipped f where f.available < f.minimum`);
}
