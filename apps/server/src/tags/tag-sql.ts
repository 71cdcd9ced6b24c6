import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BATTERY_HEALTHY_MIN_MV, BATTERY_LOW_MIN_MV, BATTERY_DEPLETED_MIN_MV } from '@vigil/domain';

// The SQL of the tag fields that lists sort, filter and search by. The indexes of schema.ts are
// built on these very expressions and the list service queries them, so the two cannot drift
// apart (PostgreSQL uses an expression index only for the same expression). Constants are
// written into the SQL, never bound: a bound value would make a different expression.

const num = (n: number) => sql.raw(String(n));

/** A JSON number at `path` of a jsonb column as numeric; null when absent or not a number. */
function jsonNumber(column: AnyColumn, path: string): SQL {
  const at = sql.raw(`'{${path}}'`);
  return sql`(case when jsonb_typeof(${column} #> ${at}) = 'number' then (${column} #>> ${at})::numeric end)`;
}

export const tagSql = {
  /**
   * The id as searched. Not the bare column: pg_trgm's GIN operator class also serves '=', and
   * PostgreSQL then looked ids up through the trigram index instead of the primary key, hundreds of
   * times slower a tag, which stalled ingest and every `id = any(...)` on PostgreSQL.
   */
  idSearch: (id: AnyColumn) => sql`lower(${id})`,
  /**
   * What `query` searches, as one text for one trigram index (the `search` column): the id, the
   * label, the owner's name and person id, each on a line of its own. A term holds no line break
   * (terms are split at white space), so it matches this text exactly when it matches one of them.
   * One index read where four were OR-ed, and three GIN indexes fewer to write (migration 0008;
   * its measured gain is in docs/BENCHMARKS.md).
   */
  searchText: (id: AnyColumn, config: AnyColumn) =>
    sql`(${sql.join(
      [
        sql`lower(${id})`,
        sql`coalesce(${config}->>'label', '')`,
        sql`coalesce(${config}->'owner'->>'name', '')`,
        sql`coalesce(${config}->'owner'->>'personId', '')`,
      ],
      sql` || chr(10) || `,
    )})`,
  ownerName: (config: AnyColumn) => sql`(${config}->'owner'->>'name')`,
  /** The owner sort key: case-insensitive, whatever the database's collation. */
  ownerNameSort: (config: AnyColumn) => sql`lower(${config}->'owner'->>'name')`,
  ownerPersonId: (config: AnyColumn) => sql`(${config}->'owner'->>'personId')`,
  label: (config: AnyColumn) => sql`(${config}->>'label')`,
  state: (config: AnyColumn) => sql`(${config}->>'state')`,
  collectionUrgency: (config: AnyColumn) => jsonNumber(config, 'collection,urgency'),
  /** state.battery.current.level in mV. */
  batteryMv: (state: AnyColumn) => jsonNumber(state, 'battery,current,level'),
  /** SPEC §9 battery level from the voltage: healthy, low, depleted, or unknown (not a reading). */
  batteryLevel: (state: AnyColumn) => {
    const mv = jsonNumber(state, 'battery,current,level');
    return sql`(case when ${mv} >= ${num(BATTERY_HEALTHY_MIN_MV)} then 'healthy'
      when ${mv} >= ${num(BATTERY_LOW_MIN_MV)} then 'low'
      when ${mv} >= ${num(BATTERY_DEPLETED_MIN_MV)} then 'depleted' else 'unknown' end)`;
  },
  /** state.updatedAt (last seen), as the ISO text the device state keeps: sorts as time. */
  lastSeen: (state: AnyColumn) => sql`(${state}->>'updatedAt')`,
};
