import { sql, type SQL } from 'drizzle-orm';
import {
  SIGHTING_WINDOW_MS,
  summarisePost,
  type PostSummary,
  type SightingsAnswer,
  type SightingsPost,
} from '@vigil/domain';
import { isEmbedded, type Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/checks';
import { HttpError } from '../platform/errors';
import { gateways, sightingBatches, tagMoves, tagPositions, tags } from '../db/schema';

type Written = { gateway: boolean; previous: SightingsAnswer | null; answer: SightingsAnswer | null };

/**
 * POST /api/ingest/sightings (issue 20): a gateway's post applied once per (gateway, batch id). The
 * post is summarised tag by tag (domain `summarisePost`), then written by one statement: the best
 * gateway rule (`applyPostSummary`) in SQL over all its tags at once, the moves kept, and the batch
 * with its answer. A repeat is answered the first answer, `duplicate: true`.
 */
export async function applySightings(
  db: Db,
  orgId: string,
  post: SightingsPost,
  now = Date.now(),
): Promise<SightingsAnswer> {
  const summaries = summarisePost(
    // A gateway clock ahead of ours would hold a tag where it is: such a sighting counts as heard now.
    post.sightings.map((s) => ({ tag: s.tag, rssi: s.rssi, at: Math.min(Date.parse(s.at), now) })),
  );
  let written: Written;
  try {
    written = await writePost(db, orgId, post, summaries);
  } catch (err) {
    // The same batch committed by another connection meanwhile: its answer is the answer.
    if (!isUniqueViolation(err)) throw err;
    written = await writePost(db, orgId, post, new Map());
  }
  if (!written.gateway) throw new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');
  if (written.previous) return { ...written.previous, duplicate: true };
  return written.answer!;
}

/** A PostgreSQL array literal of values that need no quoting (MACs, numbers, ISO times). */
const arrayOf = (values: (string | number)[]) => `{${values.join(',')}}`;

const WINDOW = sql.raw(`interval '${SIGHTING_WINDOW_MS} milliseconds'`);

/**
 * The one statement. Tags are looked up in the organisation (others are unknown and untouched);
 * a known position is moved (another gateway that beats it), refreshed (the same gateway, not older)
 * or left; an unknown one is inserted. Each move and each first position is a row of tag_moves.
 */
async function writePost(
  db: Db,
  orgId: string,
  post: SightingsPost,
  summaries: Map<string, PostSummary>,
): Promise<Written> {
  const result = await db.execute(sightingsStatement(orgId, post, summaries, !isEmbedded(db)));
  return (result as unknown as { rows: Written[] }).rows[0]!;
}

/**
 * The statement of `writePost` (bench/ explains it): the post's tags of the organisation (`i`), their
 * known positions (`l`), the rule decided on those (`d`: each position the post changes, and whether
 * to another gateway), the changes written (`up`), the first positions inserted (`ins`), each move
 * and first position kept (`h`), the batch with its answer (`b`). With `lockFirst` (PostgreSQL:
 * several connections) the known positions are locked as they are read, in tag order: the rule then
 * reads their latest values, which nobody changes until this commits, and posts of neighbouring
 * gateways, which name the same tags, cannot deadlock. Embedded PGlite has one connection.
 */
export function sightingsStatement(
  orgId: string,
  post: SightingsPost,
  summaries: Map<string, PostSummary>,
  lockFirst = false,
): SQL {
  const tagIds: string[] = [];
  const rssis: number[] = [];
  const times: string[] = [];
  const counts: number[] = [];
  const stronger: Record<string, [string, number][]> = {};
  for (const [tag, s] of summaries) {
    tagIds.push(tag);
    rssis.push(s.latest.rssi);
    times.push(new Date(s.latest.at).toISOString());
    counts.push(s.count);
    if (s.stronger.length) stronger[tag] = s.stronger.map((h) => [new Date(h.at).toISOString(), h.rssi]);
  }
  const gw = post.gateway;
  // `= any(array(…))`: an index lookup per tag, whatever the planner guesses of the post's size.
  return sql`with g as (
      select zone_id from ${gateways} where id = ${gw} and org_id = ${orgId}
    ), seen as (
      select answer from ${sightingBatches} where gateway_id = ${gw} and batch = ${post.batch}
    ), i as (
      select u.tag, u.rssi, u.at, u.n
      from unnest(${arrayOf(tagIds)}::text[], ${arrayOf(rssis)}::int2[], ${arrayOf(times)}::timestamptz[],
        ${arrayOf(counts)}::int4[]) as u(tag, rssi, at, n)
      where exists (select from g) and not exists (select from seen)
        and exists (select from ${tags} t where t.id = u.tag and t.org_id = ${orgId})
    ), l as (
      select tag_id, gateway_id, rssi, seen_at from ${tagPositions}
      where tag_id = any(array(select tag from i))
      ${lockFirst ? sql`order by tag_id for no key update` : sql``}
    ), d as (
      select i.tag, i.rssi, i.at, l.gateway_id <> ${gw} as moves
      from i join l on l.tag_id = i.tag
      where case when l.gateway_id = ${gw} then i.at >= l.seen_at
        else i.at >= l.seen_at - ${WINDOW} and (i.at > l.seen_at + ${WINDOW} or i.rssi > l.rssi)
          ${strongerBeats(stronger)} end
    ), up as (
      update ${tagPositions} p set org_id = ${orgId}, gateway_id = ${gw}, zone_id = (select zone_id from g),
        rssi = d.rssi, seen_at = d.at, moved_at = case when d.moves then d.at else p.moved_at end,
        updated_at = now()
      from d
      where p.tag_id = any(array(select tag from d)) and p.tag_id = d.tag
      returning p.tag_id, p.zone_id, p.rssi, p.seen_at, d.moves
    ), ins as (
      insert into ${tagPositions} (tag_id, org_id, gateway_id, zone_id, rssi, seen_at, moved_at, updated_at)
      select i.tag, ${orgId}::uuid, ${gw}::text, (select zone_id from g), i.rssi, i.at, i.at, now() from i
      where i.tag not in (select tag_id from l)
      order by i.tag
      -- A first position another connection inserted meanwhile stands; the tag's next sighting competes.
      on conflict (tag_id) do nothing
      returning tag_id, zone_id, rssi, seen_at
    ), h as (
      insert into ${tagMoves} (tag_id, org_id, gateway_id, zone_id, rssi, at)
      select tag_id, ${orgId}::uuid, ${gw}::text, zone_id, rssi, seen_at from up where moves
      union all select tag_id, ${orgId}::uuid, ${gw}::text, zone_id, rssi, seen_at from ins
      returning 1
    ), a as (
      select jsonb_build_object(
        'accepted', coalesce((select sum(n) from i), 0)::int,
        'moved', (select count(*) from h)::int,
        'unknownTags', ${tagIds.length}::int - (select count(*) from i)::int,
        'duplicate', false) as answer
    ), b as (
      insert into ${sightingBatches} (gateway_id, batch, received_at, answer)
      select ${gw}, ${post.batch}, now(), answer from a
      where exists (select from g) and not exists (select from seen)
      returning answer
    )
    select exists (select from g) as gateway, (select answer from seen) as previous,
      (select answer from b) as answer`;
}

/**
 * An earlier sighting of the post, stronger than every later one, may beat the position where the
 * latest does not (`applyPostSummary`); only posts that hear a tag more than once have any.
 */
function strongerBeats(stronger: Record<string, [string, number][]>): SQL {
  if (Object.keys(stronger).length === 0) return sql``;
  const json = JSON.stringify(stronger);
  return sql`or ${json}::jsonb ? i.tag and exists (
      select from jsonb_array_elements(${json}::jsonb -> i.tag) e
      where (e->>0)::timestamptz >= l.seen_at - ${WINDOW} and (e->>1)::int > l.rssi)`;
}
