import { sql, type SQL } from 'drizzle-orm';
import type { SightingsAnswer } from '@vigil/domain';
import { isEmbedded, type Db } from '../platform/db/client';
import { HttpError } from '../platform/errors';
import { sightingBatches, sightingFlushes, tagMoves, tagPositions, tags } from '../db/schema';
import { decideFlush, type Decision, type FlushPost, type PositionWrite, type Stored } from './decide';
import type { PositionCache } from './position-cache';
import { arrayOf, msOf, readFlush, rowOf, type FlushReads } from './read-flush';

/** A post's outcome: its answer, or its refusal (an unknown gateway). */
export type FlushOutcome = SightingsAnswer | HttpError;

export type FlushResult = {
  outcomes: FlushOutcome[];
  /** The positions of the flush's tags as committed (for the cache). */
  learned: Map<string, Stored>;
  /** The flush count after this flush (the count read + 1 when `alone`). */
  count: number;
  /** Whether no other writer's flush came between this one's read and its write. */
  alone: boolean;
};

/**
 * The flush met another writer (another instance): a position it wrote had changed since it was
 * read, a tag it took for the organisation's is no longer (a transfer), another writer took one of
 * its batches, or (`shared`) it decided from cached positions while another instance flushed. The
 * transaction is rolled back and the flush starts again, reading these tags (or all) afresh.
 */
export class SightingsRace extends Error {
  constructor(
    readonly tags: string[],
    readonly shared = false,
  ) {
    super(
      shared ? 'sightings: another instance wrote positions' : `sightings: ${tags.length} positions changed`,
    );
  }
}

const unknownGateway = () => new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');

/**
 * Writes a flush of posts in one transaction of two statements (three when some tags must be looked
 * up in the tags table), whatever their number: one reads (read-flush.ts); the domain rule decides in
 * memory (`decideFlush`); one writes each changed position once, every move, every batch with its
 * answer, and counts the flush. A position is written only if still as the flush believes it, so
 * nothing locks a row that does not change, and a writer that believed wrong starts again
 * (SightingsRace) instead of writing a wrong position.
 *
 * On PostgreSQL the flush commits asynchronously (synchronous_commit off, for its transaction only):
 * it does not wait for its WAL to reach the disk, so a press's commit does not queue behind the
 * sightings' flushes to the disk (bench/sightings.bench.ts: press p99 150 → 60 ms at 50,000/s). A
 * crash of PostgreSQL can lose the flushes of its last moments (wal_writer_delay × 3, 0.6 s by
 * default): positions a moment old, which the next sightings bring back, and their moves. Never a
 * press: those commits stay synchronous.
 */
export async function writeFlush(
  db: Db,
  posts: readonly FlushPost[],
  cache: PositionCache,
  verify: ReadonlySet<string>,
  now = Date.now(),
): Promise<FlushResult> {
  return db.transaction(async (tx) => {
    const reads = await readFlush(tx, posts, cache, verify, now, !isEmbedded(db));
    const { outcomes, applied, copies } = refusalsAndRepeats(posts, reads);
    const decision = decideFlush(posts, applied, reads.known);
    decision.answers.forEach((answer, i) => {
      if (answer) outcomes[i] = answer;
    });
    for (const [i, first] of copies)
      outcomes[i] = { ...(outcomes[first] as SightingsAnswer), duplicate: true };
    const batches = posts.flatMap((post, i) =>
      applied[i] ? [{ g: post.gateway, b: post.batch, a: outcomes[i] as SightingsAnswer }] : [],
    );
    const row = rowOf<{ count: string | number | null; batches: number; failed: string | null }>(
      await tx.execute(writeStatement(decision, batches, reads)),
    );
    if (row.failed || row.batches !== batches.length) throw new SightingsRace(row.failed?.split(',') ?? []);
    const count = row.count === null ? undefined : Number(row.count);
    // Decided from cached positions while another instance flushed since this one's last flush:
    // those positions may have changed; start again from the database.
    const expected = cache.expectedCount();
    if (reads.cached.size > 0 && (count === undefined || count !== expected)) {
      throw new SightingsRace([], true);
    }
    return {
      outcomes: outcomes as FlushOutcome[],
      learned: learnedOf(reads, decision),
      count: count ?? 0,
      alone: count !== undefined && reads.count !== undefined && count === reads.count + 1,
    };
  });
}

/** Posts refused (an unknown gateway), answered from a stored batch, or repeating one of this flush. */
function refusalsAndRepeats(posts: readonly FlushPost[], reads: FlushReads) {
  const outcomes: (FlushOutcome | undefined)[] = new Array(posts.length);
  const applied: boolean[] = [];
  const firstOf = new Map<string, number>();
  const copies: [number, number][] = [];
  posts.forEach((post, i) => {
    applied[i] = false;
    if (reads.gateways.get(post.gateway)?.orgId !== post.orgId) return (outcomes[i] = unknownGateway());
    const key = `${post.gateway}\n${post.batch}`;
    const before = reads.batches.get(key);
    if (before) return (outcomes[i] = { ...before, duplicate: true });
    const first = firstOf.get(key);
    if (first !== undefined) return copies.push([i, first]);
    firstOf.set(key, i);
    applied[i] = true;
  });
  return { outcomes, applied, copies };
}

/** The positions this flush read or wrote, as it leaves them, of tags that are their organisation's. */
function learnedOf(reads: FlushReads, decision: Decision): Map<string, Stored> {
  const learned = new Map<string, Stored>();
  const { positions, owners } = reads.known;
  for (const [tag, p] of positions) {
    if (!reads.cached.has(tag) && owners.get(tag) === p.orgId) learned.set(tag, p);
  }
  for (const w of decision.writes) {
    learned.set(w.tag, { orgId: w.orgId, gateway: w.gateway, rssi: w.rssi, at: w.at });
  }
  return learned;
}

/** A time in ms since the epoch (int8) as a timestamptz, exactly. */
const msTime = (ms: SQL) => sql`(timestamptz 'epoch' + ${ms} * interval '1 millisecond')`;

/**
 * The write, one statement: the refreshed positions (`re`: the same gateway, its new strength and
 * time), the moved ones (`mv`: another gateway, or moved and back within the flush), the first ones
 * (`ins`, unless another writer placed the tag meanwhile), the moves kept (`h`), the batches with
 * their answers (`b`) and the flush count (`n`). A position is updated only if still as the flush
 * believes it, and only for a tag of the writing organisation (`own`: looked up now, unless this
 * flush read it from the tags table already). It answers the count, the batches stored, and the
 * tags not written as decided (any: a race).
 *
 * Rows name their gateway by its place in `g` (which gives its organisation and zone), and times as
 * ms after the flush's first (`t0`): fewer bytes to send and to parse. Each kind of row comes as
 * arrays of its own, joined to `g` in a materialized CTE, so that the planner knows how many there
 * are and probes the positions by one index scan of the owned tags, hashed against the rows: a
 * nested loop would evaluate the owned tags' array again for every row.
 */
function writeStatement(decision: Decision, batches: object[], reads: FlushReads): SQL {
  const refreshed: PositionWrite[] = [];
  const moved: PositionWrite[] = [];
  const placed: PositionWrite[] = [];
  for (const x of decision.writes) {
    if (!x.before) placed.push(x);
    else if (x.before.gateway === x.gateway && x.movedAt === undefined) refreshed.push(x);
    else moved.push(x);
  }
  const m = decision.moves;
  const g = [...reads.gateways];
  const gi = new Map(g.map(([id], i) => [id, i + 1]));
  let t0 = Infinity;
  for (const x of decision.writes) t0 = Math.min(t0, x.at, x.before?.at ?? Infinity);
  if (t0 === Infinity) t0 = 0;
  const tags = (xs: readonly { tag: string }[]) => sql`${arrayOf(xs.map((x) => x.tag))}::text[]`;
  const gws = (xs: readonly { gateway: string }[]) =>
    sql`${arrayOf(xs.map((x) => gi.get(x.gateway)!))}::int2[]`;
  const ints = (xs: readonly number[]) => sql`${arrayOf(xs)}::int8[]`;
  const rssis = (xs: readonly number[]) => sql`${arrayOf(xs)}::int2[]`;
  const checked = (xs: readonly PositionWrite[]) =>
    sql`${arrayOf(xs.map((x) => (reads.checked.has(x.tag) ? 't' : 'f')))}::bool[]`;
  const time = (offset: SQL) => msTime(sql`(${t0}::int8 + ${offset})`);
  return sql`with g as (
      select * from unnest(${arrayOf(g.map(([id]) => id))}::text[], ${arrayOf(g.map(([, x]) => x.orgId))}::uuid[],
        ${arrayOf(g.map(([, x]) => x.zoneId ?? 'NULL'))}::uuid[]) with ordinality as g(id, org, zone, i)
    ), re_in as materialized (
      select r.*, g.id as gw, g.zone from unnest(${tags(refreshed)}, ${gws(refreshed)}, ${rssis(refreshed.map((x) => x.rssi))},
        ${ints(refreshed.map((x) => x.at - t0))}, ${rssis(refreshed.map((x) => x.before!.rssi))},
        ${ints(refreshed.map((x) => x.before!.at - t0))}, ${checked(refreshed)})
        as r(tag, gi, rssi, at, b_rssi, b_at, checked)
        left join g on g.i = r.gi
    ), mv_in as materialized (
      select r.*, g.id as gw, g.org, g.zone from unnest(${tags(moved)}, ${gws(moved)}, ${rssis(moved.map((x) => x.rssi))},
        ${ints(moved.map((x) => x.at - t0))}, ${ints(moved.map((x) => (x.movedAt ?? x.at) - t0))},
        ${arrayOf(moved.map((x) => x.before!.gateway))}::text[], ${rssis(moved.map((x) => x.before!.rssi))},
        ${ints(moved.map((x) => x.before!.at - t0))}, ${checked(moved)})
        as r(tag, gi, rssi, at, moved_at, b_gw, b_rssi, b_at, checked)
        left join g on g.i = r.gi
    ), ins_in as materialized (
      select r.*, g.id as gw, g.org, g.zone from unnest(${tags(placed)}, ${gws(placed)}, ${rssis(placed.map((x) => x.rssi))},
        ${ints(placed.map((x) => x.at - t0))}, ${checked(placed)}) as r(tag, gi, rssi, at, checked)
        left join g on g.i = r.gi
    ), written as (
      select tag, gi, checked from re_in union all select tag, gi, checked from mv_in
      union all select tag, gi, checked from ins_in
    ), own as (
      select array(${ownedIn(g)}) || array(select tag from written where checked) as ids
    ), re as (
      update ${tagPositions} p set zone_id = r.zone, rssi = r.rssi, seen_at = ${time(sql`r.at`)}, updated_at = now()
      from re_in r
      where p.tag_id = any((select ids from own)::text[]) and p.tag_id = r.tag
        and p.gateway_id = r.gw and p.rssi = r.b_rssi and ${msOf(sql`p.seen_at`)} = ${t0}::int8 + r.b_at
      returning p.tag_id
    ), mv as (
      update ${tagPositions} p set org_id = r.org, gateway_id = r.gw, zone_id = r.zone, rssi = r.rssi,
        seen_at = ${time(sql`r.at`)}, moved_at = ${time(sql`r.moved_at`)}, updated_at = now()
      from mv_in r
      where p.tag_id = any((select ids from own)::text[]) and p.tag_id = r.tag
        and p.gateway_id = r.b_gw and p.rssi = r.b_rssi and ${msOf(sql`p.seen_at`)} = ${t0}::int8 + r.b_at
      returning p.tag_id
    ), ins as (
      insert into ${tagPositions} (tag_id, org_id, gateway_id, zone_id, rssi, seen_at, moved_at, updated_at)
      select r.tag, r.org, r.gw, r.zone, r.rssi, ${time(sql`r.at`)}, ${time(sql`r.at`)}, now()
      from ins_in r
      where r.tag in (select unnest(ids) from own)
      order by r.tag
      on conflict (tag_id) do nothing
      returning tag_id
    ), h as (
      insert into ${tagMoves} (tag_id, org_id, gateway_id, zone_id, rssi, at)
      select m.tag, g.org, g.id, g.zone, m.rssi, ${time(sql`m.at`)}
      from unnest(${tags(m)}, ${gws(m)}, ${rssis(m.map((x) => x.rssi))}, ${ints(m.map((x) => x.at - t0))})
        as m(tag, gi, rssi, at)
        left join g on g.i = m.gi
    ), b as (
      insert into ${sightingBatches} (gateway_id, batch, received_at, answer)
      select x.g, x.b, now(), x.a from jsonb_to_recordset(${JSON.stringify(batches)}::jsonb) as x(g text, b text, a jsonb)
      on conflict do nothing
      returning 1
    ), n as (
      update ${sightingFlushes} set count = count + 1 where id = 1 returning count
    )
    select (select count from n) as count, (select count(*) from b)::int as batches,
      case when (select count(*) from re) + (select count(*) from mv) + (select count(*) from ins)
        < ${decision.writes.length}
        then (select string_agg(tag, ',') from written where tag not in (select tag_id from re)
          and tag not in (select tag_id from mv) and tag not in (select tag_id from ins)) end as failed`;
}

/**
 * The written tags (`written`, by their gateway's place in `g`) not looked up in the tags table by
 * this flush that belong to the organisation of the gateway that writes them: a select of their ids.
 */
function ownedIn(g: [string, { orgId: string }][]): SQL {
  const orgs = [...new Set(g.map(([, x]) => x.orgId))];
  if (orgs.length === 0) return sql`select null::text where false`;
  return sql.join(
    orgs.map(
      (orgId) => sql`select id from ${tags} where org_id = ${orgId} and id = any(array(
        select w.tag from written w join g on g.i = w.gi where not w.checked and g.org = ${orgId}))`,
    ),
    sql` union all `,
  );
}
