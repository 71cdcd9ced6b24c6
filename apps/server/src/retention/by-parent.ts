import { sql, type SQL } from 'drizzle-orm';
import type { Batches } from './batches';
import type { OrgCutoff, Tally } from './tally';

// Deleting old rows from a table indexed by (parent, time) but not by organisation — heartbeats by
// gateway, snapshots by console. One pass over the parents of the organisations concerned, in id
// order and PARENTS at a time; for each chunk, batches of its oldest rows until a batch comes back
// short. A row goes by its own organisation's cut-off (a gateway moved to another organisation
// keeps its earlier heartbeats under the first one), and only below its parent's organisation's
// cut-off too, so the index range read is never wider than the parent's own.

export type ParentTable = {
  kind: string;
  table: string;
  /** The parent table (with `id` and `org_id`) and the child's column naming it. */
  parents: 'gateways' | 'consoles';
  parentColumn: string;
  /** The time column of the (parent, time) index. */
  time: string;
  /** A second time the row must also be older than (a console's snapshot: when it was received). */
  alsoOlder?: string;
};

/** Parents per chunk: one index probe each when they have nothing old. */
const PARENTS = 200;

type DeleteRow = {
  found: number;
  parents: number;
  last_parent: string | null;
  counts: Record<string, number> | string;
};
type CountRow = { parents: number; last_parent: string | null; counts: Record<string, number> | string };

function common(t: ParentTable, orgs: readonly OrgCutoff[], after: string | undefined, parents: number): SQL {
  const cut = JSON.stringify(orgs.map((o) => ({ org_id: o.id, before: o.before.toISOString() })));
  return sql`
    with cut as (
      select * from jsonb_to_recordset(${cut}::jsonb) as c(org_id uuid, before timestamptz)
    ), parents as (
      -- The primary key in order, the organisations as a filter: a join read and sorted them all.
      select p.id, (select c.before from cut c where c.org_id = p.org_id) as before
      from ${sql.raw(t.parents)} p
      where p.org_id = any(${`{${orgs.map((o) => o.id).join(',')}}`}::uuid[])
        ${after === undefined ? sql`` : sql`and p.id > ${after}`}
      order by p.id
      limit ${parents}
    )`;
}

/**
 * The child rows of a parent `p` older than both cut-offs (the parent's and the row's
 * organisation's, null for an organisation not run, which keeps the row). The row's cut-off is a
 * filter, not a join, so that the (parent, time) index is walked in time order and stops after
 * `limit` rows: a join made PostgreSQL read the parent's every old row (and the dead ones of the
 * batches before) to sort them, for each batch.
 */
function oldRows(t: ParentTable, columns: SQL, limit?: number): SQL {
  const time = sql.raw(`r.${t.time}`);
  const rowCutoff = sql`(select c.before from cut c where c.org_id = r.org_id)`;
  const also = t.alsoOlder ? sql`and ${sql.raw(`r.${t.alsoOlder}`)} < ${rowCutoff}` : sql``;
  return sql`
    select ${columns} from ${sql.raw(t.table)} r
    where ${sql.raw(`r.${t.parentColumn}`)} = p.id and ${time} < p.before and ${time} < ${rowCutoff} ${also}
    ${limit === undefined ? sql`` : sql`order by ${time} limit ${limit}`}`;
}

const lastParent = sql`(select id::text from parents order by id desc limit 1) as last_parent`;
const countsByOrg = (from: string) =>
  sql`(select coalesce(jsonb_object_agg(org_id, n), '{}'::jsonb)
       from (select org_id, count(*)::int as n from ${sql.raw(from)} group by org_id) g) as counts`;

function deleteStatement(
  t: ParentTable,
  orgs: readonly OrgCutoff[],
  after: string | undefined,
  n: number,
): SQL {
  return sql`${common(t, orgs, after, PARENTS)}, victims as (
      select v.id, v.org_id from parents p cross join lateral (${oldRows(t, sql`r.id, r.org_id`, n)}) v
      limit ${n}
    ), gone as (delete from ${sql.raw(t.table)} where id in (select id from victims) returning org_id)
    select (select count(*) from victims)::int as found, (select count(*) from parents)::int as parents,
      ${lastParent}, ${countsByOrg('gone')}`;
}

function countStatement(
  t: ParentTable,
  orgs: readonly OrgCutoff[],
  after: string | undefined,
  parents: number,
): SQL {
  return sql`${common(t, orgs, after, parents)}, victims as (
      select v.org_id from parents p cross join lateral (${oldRows(t, sql`r.org_id`)}) v
    )
    select (select count(*) from parents)::int as parents, ${lastParent}, ${countsByOrg('victims')}`;
}

const parsed = (counts: Record<string, number> | string): Record<string, number> =>
  typeof counts === 'string' ? (JSON.parse(counts) as Record<string, number>) : counts;

/** Deletes (or counts) the rows of `t` older than their organisation's cut-off, in batches. */
export async function deleteByParent(
  b: Batches,
  t: ParentTable,
  orgs: readonly OrgCutoff[],
  tally: Tally,
  dryRun: boolean,
): Promise<void> {
  if (orgs.length === 0) return;
  let after: string | undefined;
  while (!b.stopped) {
    if (dryRun) {
      // Nothing goes, so a chunk is counted whole; its size adapts to the rows its parents hold.
      const parents = b.size(`${t.kind}:count`);
      const [row] = await b.run<CountRow>(
        `${t.kind}:count`,
        countStatement(t, orgs, after, parents),
        (rows) => rows[0]?.parents ?? 0,
      );
      for (const [org, n] of Object.entries(parsed(row?.counts ?? {}))) tally.add(org, t.table, n);
      if (!row?.last_parent || row.parents < parents) return;
      after = row.last_parent;
      continue;
    }
    const n = b.size(t.kind);
    const [row] = await b.run<DeleteRow>(
      t.kind,
      deleteStatement(t, orgs, after, n),
      (rows) => rows[0]?.found ?? 0,
    );
    for (const [org, deleted] of Object.entries(parsed(row?.counts ?? {}))) tally.add(org, t.table, deleted);
    // A full batch: this chunk's parents may hold more, so the same chunk again.
    if (row && row.found >= n) continue;
    if (!row?.last_parent || row.parents < PARENTS) return;
    after = row.last_parent;
  }
}
