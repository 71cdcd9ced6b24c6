import { sql, type SQL } from 'drizzle-orm';
import type { Batches } from './batches';
import type { OrgCutoff, Tally } from './tally';

// Deleting an organisation's rows older than its cut-off from a table with an index on
// (org_id, time): batches in time order, each starting after the last row of the one before (so
// no batch walks the index entries of rows already deleted), until a batch comes back short.

/** Where the last batch ended: its last row's time (as PostgreSQL wrote it) and id. */
export type Cursor = { at: string; id: string };

export type TimeTable = {
  /** The statement kind, for its batch size. */
  kind: string;
  table: string;
  /** The time column the (org_id, time) index holds. */
  time: string;
  /** The id column's type, to cast the cursor back. */
  idType: 'uuid' | 'bigint';
  /**
   * What else a row must be to go (an alert closed before the cut-off, a command delivered): rows
   * that fail it stay whatever their age. `before` is the cut-off.
   */
  only?: (before: SQL) => SQL;
  /**
   * Rows of other tables that go with each row (foreign keys ON DELETE CASCADE): counted in the
   * statement, before the cascade runs, as `select count(*) from <table> where <column> in victims`.
   */
  cascades?: readonly { table: string; column: string }[];
};

type BatchRow = { found: number; deleted: number; last_at: string | null; last_id: string | null } & Record<
  string,
  number | string | null
>;

/** One batch: the next `n` rows of the organisation older than its cut-off, deleted unless `dryRun`. */
function batchStatement(
  t: TimeTable,
  org: OrgCutoff,
  after: Cursor | undefined,
  n: number,
  dryRun: boolean,
): SQL {
  const table = sql.raw(t.table);
  const time = sql.raw(t.time);
  const cursor = after
    ? sql`and (${time}, id) > (${after.at}::timestamptz, ${after.id}::${sql.raw(t.idType)})`
    : sql``;
  const before = sql`${org.before.toISOString()}::timestamptz`;
  const only = t.only ? sql`and ${t.only(before)}` : sql``;
  const cascades = (t.cascades ?? []).map(
    (c) =>
      sql`, (select count(*) from ${sql.raw(c.table)} where ${sql.raw(c.column)} in (select id from victims))::int as ${sql.identifier(c.table)}`,
  );
  const gone = dryRun
    ? sql``
    : sql`, gone as (delete from ${table} where id in (select id from victims) returning 1)`;
  return sql`
    with victims as (
      select id, ${time} as t from ${table}
      where org_id = ${org.id}::uuid and ${time} < ${before} ${only} ${cursor}
      order by ${time}, id
      limit ${n}
    ), last as (select t::text as at, id::text as id from victims order by t desc, id desc limit 1)
    ${gone}
    select (select count(*) from victims)::int as found,
      (select count(*) from ${dryRun ? sql`victims` : sql`gone`})::int as deleted,
      (select at from last) as last_at, (select id from last) as last_id
      ${sql.join(cascades, sql``)}`;
}

/** Deletes (or counts) each organisation's rows of `t` older than its cut-off, in batches. */
export async function deleteByOrgTime(
  b: Batches,
  t: TimeTable,
  orgs: readonly OrgCutoff[],
  tally: Tally,
  dryRun: boolean,
): Promise<void> {
  for (const org of orgs) {
    let after: Cursor | undefined;
    while (!b.stopped) {
      const n = b.size(t.kind);
      const [row] = await b.run<BatchRow>(
        t.kind,
        batchStatement(t, org, after, n, dryRun),
        (rows) => rows[0]?.found ?? 0,
      );
      if (!row) break;
      tally.add(org.id, t.table, row.deleted);
      for (const c of t.cascades ?? []) tally.add(org.id, c.table, Number(row[c.table] ?? 0));
      if (row.found < n || !row.last_at || !row.last_id) break;
      after = { at: row.last_at, id: row.last_id };
    }
  }
}
