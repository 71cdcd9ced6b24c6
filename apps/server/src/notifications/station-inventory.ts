import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { notificationTriggers, zones } from '../db/schema';

// Issue 21 minimum inventory: what a 'stationBelowMinimum' delivery says, from its trigger (written
// by stations/inventory.ts when a tag write left the station short).

/**
 * The station of a trigger as it was then: its name, where it is (its zone's path below the
 * organisation, or the organisation's name) and its count against its minimum; null if gone.
 */
export async function stationBelowMinimumOf(db: Db, triggerId: number) {
  const result = (await db.execute(sql`
    select t.details->>'stationId' as id, t.details->>'name' as name,
      (t.details->>'available')::int as available, (t.details->>'minimum')::int as minimum,
      coalesce((select string_agg(p.name, ' › ' order by array_position(z.path, p.id))
        from ${zones} z join ${zones} p on p.id = any(z.path) and p.level not in ('root', 'org')
        where z.id = (t.details->>'zoneId')::uuid), o.name, 'unknown') as location
    from ${notificationTriggers} t left join ${zones} o on o.id = t.org_id
    where t.id = ${triggerId}`)) as unknown as {
    rows: { id: string; name: string; available: number; minimum: number; location: string }[];
  };
  const row = result.rows[0];
  return row ? { ...row, available: Number(row.available), minimum: Number(row.minimum) } : null;
}
