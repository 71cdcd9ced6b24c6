import { sql, type SQL } from 'drizzle-orm';
import type { SightingsAnswer } from '@vigil/domain';
import type { Tx } from '../platform/db/client';
import { gateways, sightingBatches, sightingFlushes, tagPositions, tags } from '../db/schema';
import type { FlushPost, Known, Stored } from './decide';
import type { PositionCache } from './position-cache';

/** What a flush knows before it decides. */
export type FlushReads = {
  gateways: Map<string, { orgId: string; zoneId: string | null }>;
  /** The answers of the posts' batches stored before, by `${gateway}\n${batch}`. */
  batches: Map<string, SightingsAnswer>;
  known: Known;
  /** The tags whose position came from the cache, not from this read. */
  cached: Set<string>;
  /** The flush count when read (sighting_flushes), undefined if its row is missing. */
  count: number | undefined;
  /** Tags whose organisation this flush read from the tags table (the others' are vouched for). */
  checked: Set<string>;
};

/** A PostgreSQL array literal of values that need no quoting (MACs, uuids, numbers, NULL). */
export const arrayOf = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** A timestamptz as ms since the epoch (int8), as the rule compares times. */
export const msOf = (t: SQL) => sql`round(date_part('epoch', ${t}) * 1000)::int8`;

/**
 * Reads, in one statement, the posts' gateways, which of their batches were stored before, the
 * flush count, and the stored positions of the tags the cache cannot give (`cache` unusable: all),
 * each as one aggregated text, so that embedded PGlite hands back a few values instead of a row per
 * tag; with `asyncCommit` (PostgreSQL) it also sets the transaction to commit asynchronously. A stored position vouches that its tag is its organisation's (a transfer since is caught when
 * the position is written: the write checks the tags table). Tags it cannot vouch for (none stored,
 * named by another organisation's post, or in `verify`) are looked up in the tags table: a second
 * statement, only then.
 */
export async function readFlush(
  tx: Tx,
  posts: readonly FlushPost[],
  cache: PositionCache,
  verify: ReadonlySet<string>,
  now: number,
  asyncCommit: boolean,
): Promise<FlushReads> {
  const useCache = cache.usable(now);
  const reads: FlushReads = {
    gateways: new Map(),
    batches: new Map(),
    known: { positions: new Map(), owners: new Map() },
    cached: new Set(),
    count: undefined,
    checked: new Set(),
  };
  const toRead = new Set<string>();
  for (const post of posts) {
    for (const tag of post.summaries.keys()) {
      if (toRead.has(tag) || reads.cached.has(tag)) continue;
      const hit = useCache && !verify.has(tag) ? cache.get(tag, now) : undefined;
      if (hit) {
        reads.known.positions.set(tag, hit);
        reads.cached.add(tag);
      } else {
        toRead.add(tag);
      }
    }
  }
  const keys = posts.map((p) => ({ g: p.gateway, b: p.batch }));
  // This transaction commits without waiting for the disk (flush.ts says why).
  const async = asyncCommit ? sql`set_config('synchronous_commit', 'off', true) as async,` : sql``;
  const result = await tx.execute(sql`select ${async}
      (select count from ${sightingFlushes} where id = 1) as count,
      (select string_agg(concat_ws(',', id, org_id, coalesce(zone_id::text, '')), ';') from ${gateways}
        where id = any(${arrayOf([...new Set(posts.map((p) => p.gateway))])}::text[])) as gateways,
      (select json_agg(json_build_array(s.gateway_id, s.batch, s.answer))
        from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(g text, b text)
        join ${sightingBatches} s on s.gateway_id = k.g and s.batch = k.b) as batches,
      (select string_agg(concat_ws(',', tag_id, org_id, gateway_id, rssi, ${msOf(sql`seen_at`)}), ';')
        from ${tagPositions} where tag_id = any(${arrayOf([...toRead])}::text[])) as positions`);
  const row = rowOf<{
    count: string | number | null;
    gateways: string | null;
    batches: [string, string, SightingsAnswer][] | string | null;
    positions: string | null;
  }>(result);
  reads.count = row.count === null ? undefined : Number(row.count);
  for (const g of row.gateways?.split(';') ?? []) {
    const [id, orgId, zoneId] = g.split(',') as [string, string, string];
    reads.gateways.set(id, { orgId, zoneId: zoneId || null });
  }
  const batches = typeof row.batches === 'string' ? JSON.parse(row.batches) : row.batches;
  for (const [g, b, answer] of (batches ?? []) as [string, string, SightingsAnswer][]) {
    reads.batches.set(`${g}\n${b}`, answer);
  }
  for (const p of row.positions?.split(';') ?? []) {
    const [tag, orgId, gateway, rssi, at] = p.split(',') as [string, string, string, string, string];
    reads.known.positions.set(tag, { orgId, gateway, rssi: Number(rssi), at: Number(at) } satisfies Stored);
  }
  await readOwners(tx, posts, reads, verify);
  return reads;
}

async function readOwners(
  tx: Tx,
  posts: readonly FlushPost[],
  reads: FlushReads,
  verify: ReadonlySet<string>,
): Promise<void> {
  const { positions, owners } = reads.known;
  const unsure = new Set<string>();
  for (const post of posts) {
    for (const tag of post.summaries.keys()) {
      if (verify.has(tag) || positions.get(tag)?.orgId !== post.orgId) unsure.add(tag);
    }
  }
  for (const [tag, stored] of positions) if (!unsure.has(tag)) owners.set(tag, stored.orgId);
  if (unsure.size === 0) return;
  const result = await tx.execute(sql`select string_agg(id || ',' || org_id, ';') as owners from ${tags}
    where id = any(${arrayOf([...unsure])}::text[])`);
  for (const tag of unsure) {
    owners.set(tag, null);
    reads.checked.add(tag);
  }
  for (const o of rowOf<{ owners: string | null }>(result).owners?.split(';') ?? []) {
    const [tag, orgId] = o.split(',') as [string, string];
    owners.set(tag, orgId);
  }
}

export function rowOf<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}
