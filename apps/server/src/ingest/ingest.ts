import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  classifyPresses,
  joinPress,
  nextOnNotify,
  type AlertHistoryAction,
  type AlertMode,
  type ButtonEventStatus,
  type ButtonEventsBody,
  type ButtonEventsResult,
  type DangerReason,
  type HeartbeatBody,
  type HeartbeatResult,
} from '@vigil/domain';
import { isEmbedded, type Db, type Tx } from '../platform/db/client';
import { jsonArray, jsonRecordset } from '../platform/db/json-params';
import {
  alertEvents,
  alerts,
  apiKeys,
  buttonEvents,
  gatewayCommands,
  gatewayHeartbeats,
  gateways,
  tags,
  zones,
} from '../db/schema';
import { HttpError, unauthorized } from '../platform/errors';
import { mergePatch } from '../platform/config-merge';
import { outboxInsertSql, outboxOrderSql } from '../platform/realtime/bus';
import { sha256 } from '../platform/crypto';
import { TtlCache } from '../platform/ttl-cache';
import { alertEvent, type AlertContext, type AlertRow } from '../alerts';

/** SPEC §3 Button event: a (tag, nonce) is answered from its first post for this long, then pruned. */
export const BUTTON_EVENT_DEDUPE_MS = 24 * 3600_000;

/** The organisation a gateway key speaks for. */
export type GatewayKey = { keyId: string; orgId: string; name: string };

/**
 * Device ingest credentials: HTTP Basic with an organisation's gateway key as the user name
 * (api_keys.kind 'gateway', valid only on /api/ingest/*). Anything else is a 401.
 */
export async function authenticateGatewayKey(db: Db, authorization: string | undefined): Promise<GatewayKey> {
  if (!authorization) throw unauthorized('Missing gateway key');
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() !== 'basic') throw unauthorized('Send the gateway key with HTTP Basic');
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const key = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
  if (!key) throw unauthorized('Missing gateway key');
  const hash = sha256(key);
  let cache = gatewayKeyCaches.get(db);
  if (!cache) gatewayKeyCaches.set(db, (cache = new TtlCache(GATEWAY_KEY_CACHE_MS)));
  const found = await cache.get(hash, () => loadGatewayKey(db, hash));
  if (!found) throw unauthorized('Invalid gateway key');
  return found;
}

/** Every post looks its key up: cached briefly per database (a deleted key stops within this). */
export const GATEWAY_KEY_CACHE_MS = 5_000;
const gatewayKeyCaches = new WeakMap<Db, TtlCache<GatewayKey | undefined>>();

async function loadGatewayKey(db: Db, hash: string): Promise<GatewayKey | undefined> {
  const [row] = await db
    .select({ key: apiKeys, zone: zones })
    .from(apiKeys)
    .innerJoin(zones, eq(zones.id, apiKeys.zoneId))
    .where(and(eq(apiKeys.keyHash, hash), eq(apiKeys.kind, 'gateway')))
    .limit(1);
  const orgId = row?.zone.level === 'org' ? row.zone.id : row?.zone.path[1];
  if (!row || !orgId || row.zone.level === 'root') return undefined;
  return { keyId: row.key.id, orgId, name: row.key.name };
}

async function findGateway(db: Db, key: GatewayKey, id: string) {
  const [gateway] = await db
    .select({ id: gateways.id, zoneId: gateways.zoneId, state: gateways.state })
    .from(gateways)
    .where(and(eq(gateways.id, id), eq(gateways.orgId, key.orgId)))
    .limit(1);
  if (!gateway) throw new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');
  return gateway;
}

type Result = ButtonEventsResult['results'][number];
type Touched = { row: AlertRow; ctx: AlertContext };
export type ButtonEventsOutcome = {
  /** 202 when every button event named a tag unknown to the organisation, else 200. */
  status: 200 | 202;
  results: Result[];
  /** Alerts this post opened or made unacknowledged again, as committed (for their escalation). */
  touched: Touched[];
};

/**
 * POST /api/ingest/button-events (SPEC §3 Button event, issue 5), answered only after its button
 * events are committed. Posts are written by group commit (ARCHITECTURE §8 'Writes per second'):
 * posts arriving while a transaction is under way wait for it, then go together in the next one,
 * with set-based statements, so batches grow with load and a lone post is written at once.
 *
 * Each button event first claims its (org, tag, nonce) row (unique index, ON CONFLICT DO NOTHING):
 * a retry, even one racing the first post, waits for that post's commit and answers its alert as
 * 'duplicate'. A known tag then opens an alert (created → notified, with its realtime event) or
 * joins the tag's open alert; an unknown tag is kept and makes no alert.
 */
export async function ingestButtonEvents(
  db: Db,
  key: GatewayKey,
  body: ButtonEventsBody,
): Promise<ButtonEventsOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new IngestBatcher(db, isEmbedded(db) ? 1 : LANES)));
  return batcher.submit({ key, body });
}

/**
 * Most button events one transaction takes; later posts wait for the next. Bounds a transaction's
 * time and its statements' size (a post holds at most MAX_BUTTON_EVENTS_PER_POST).
 */
export const MAX_FLUSH_EVENTS = 2000;
/** Transactions of ingest at once on PostgreSQL (IngestBatcher). */
export const LANES = Number(process.env.VIGIL_INGEST_LANES ?? 2);
/** A second transaction starts only for this many queued button events. */
const PARALLEL_MIN_EVENTS = 100;

const queuedEvents = (queue: readonly Waiting[]) => {
  let n = 0;
  for (const post of queue) n += post.body.buttonEvents.length;
  return n;
};

/** What the group commit did on a database (tests and benchmarks read it). */
export type IngestStats = {
  /** Transactions that wrote posts together. */
  flushes: number;
  posts: number;
  events: number;
  /** The most posts one transaction carried. */
  largestFlush: number;
  /** Batches that failed and were written again post by post. */
  isolated: number;
  /** Transactions started again because another writer raced them (IngestRace). */
  raced: number;
};

const batchers = new WeakMap<Db, IngestBatcher>();

export function ingestStats(db: Db): IngestStats {
  return {
    ...(batchers.get(db)?.stats ?? {
      flushes: 0,
      posts: 0,
      events: 0,
      largestFlush: 0,
      isolated: 0,
      raced: 0,
    }),
  };
}

type Post = { key: GatewayKey; body: ButtonEventsBody };
type Waiting = Post & { resolve: (outcome: ButtonEventsOutcome) => void; reject: (err: unknown) => void };

/**
 * One per database. A transaction starts as soon as a lane is free, with every post that came
 * meanwhile. On PostgreSQL two run at once (LANES), so that the server prepares one batch while the
 * database writes the other; they never share a tag: a post naming a tag of a batch in flight (or
 * of a post kept waiting before it) waits for the next, so presses of a tag still apply in arrival
 * order and the two never wait on each other's locks. The second lane opens only for a queue of
 * PARALLEL_MIN_EVENTS or more: under light load one transaction at a time answers soonest. PGlite
 * has one connection: one lane.
 */
class IngestBatcher {
  private readonly queue: Waiting[] = [];
  private running = 0;
  private scheduled = false;
  /** Tags of the batches in flight. */
  private readonly busy = new Map<string, number>();
  readonly stats: IngestStats = { flushes: 0, posts: 0, events: 0, largestFlush: 0, isolated: 0, raced: 0 };

  constructor(
    private readonly db: Db,
    private readonly lanes: number,
  ) {}

  submit(post: Post): Promise<ButtonEventsOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...post, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.scheduled || this.running >= this.lanes || this.queue.length === 0) return;
    if (this.running > 0 && queuedEvents(this.queue) < PARALLEL_MIN_EVENTS) return;
    this.scheduled = true;
    // No timer: setImmediate only lets the posts already read in this turn of the event loop join.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.running >= this.lanes) return;
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const blocked = new Set<string>();
    let events = 0;
    for (const post of this.queue) {
      const tagIds = post.body.buttonEvents.map((e) => e.tag);
      const size = tagIds.length;
      const free = !tagIds.some((t) => this.busy.has(t) || blocked.has(t));
      if (free && (batch.length === 0 || events + size <= MAX_FLUSH_EVENTS)) {
        batch.push(post);
        events += size;
      } else {
        rest.push(post);
        for (const t of tagIds) blocked.add(t);
      }
    }
    if (batch.length === 0) return; // every post waits for a tag in flight: its batch's end kicks
    this.queue.splice(0, this.queue.length, ...rest);
    const tagIds = batch.flatMap((p) => p.body.buttonEvents.map((e) => e.tag));
    for (const t of tagIds) this.busy.set(t, (this.busy.get(t) ?? 0) + 1);
    this.running++;
    this.stats.flushes++;
    this.stats.posts += batch.length;
    this.stats.events += events;
    this.stats.largestFlush = Math.max(this.stats.largestFlush, batch.length);
    void this.write(batch).finally(() => {
      for (const t of tagIds) {
        const n = this.busy.get(t)! - 1;
        if (n) this.busy.set(t, n);
        else this.busy.delete(t);
      }
      this.running--;
      this.kick();
    });
    this.kick();
  }

  /** Writes a batch; if it fails, each post alone, so one bad post fails no other. */
  private async write(batch: Waiting[]): Promise<void> {
    let outcomes: (ButtonEventsOutcome | HttpError)[];
    try {
      outcomes = await commitPosts(this.db, batch, this.stats);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(asClientError(err));
      this.stats.isolated++;
      for (const post of batch) {
        try {
          settle(post, (await commitPosts(this.db, [post], this.stats))[0]!);
        } catch (alone) {
          post.reject(asClientError(alone));
        }
      }
      return;
    }
    batch.forEach((post, i) => settle(post, outcomes[i]!));
  }
}

function settle(post: Waiting, outcome: ButtonEventsOutcome | HttpError): void {
  if (outcome instanceof HttpError) post.reject(outcome);
  else post.resolve(outcome);
}

/**
 * A post the database refused on its own for its data (SQLSTATE class 22, e.g. a NUL character,
 * which a PostgreSQL text cannot hold) is the sender's mistake, not a server error.
 */
function asClientError(err: unknown): unknown {
  if (sqlState(err)?.startsWith('22')) {
    return new HttpError(400, 'The button events hold a value that cannot be stored', 'invalid_request');
  }
  return err;
}

function commitPosts(
  db: Db,
  posts: readonly Post[],
  stats: IngestStats,
): Promise<(ButtonEventsOutcome | HttpError)[]> {
  return withTransactionRetry(
    () => db.transaction((tx) => writePosts(tx, posts, new Date())),
    () => stats.raced++,
  );
}

const unknownGateway = () => new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');

type ButtonEventInput = ButtonEventsBody['buttonEvents'][number];

/** One button event of a batch, in arrival order (posts as queued, events as sent). */
type Item = {
  post: number;
  event: ButtonEventInput;
  orgId: string;
  gatewayId: string;
  gatewayZoneId: string | null;
  nonce: string;
  /** (org, tag, nonce): what makes a button event the same one. */
  key: string;
  /** The tag, when it is the organisation's. */
  tag?: { id: string; zoneId: string | null };
  /** The batch's first button event with the same key, when this is a later one. */
  first?: Item;
  /** A first of its key that no earlier transaction stored: this batch claims it. */
  claims?: boolean;
  answer?: Result;
};

/**
 * PGlite runs a transaction's statements back to back without giving the event loop a turn, so
 * posts arriving meanwhile would not even be read until it commits, and the next batch would be
 * small. A turn between the phases lets them queue for the next flush (on PostgreSQL it costs
 * nothing: every statement waits on the socket anyway).
 */
const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const keyOf = (orgId: string, tagId: string, nonce: string) => JSON.stringify([orgId, tagId, nonce]);

/**
 * Another writer (another instance) stored a claim or opened an alert this batch counted on, after
 * the batch read: the transaction is rolled back and the batch written again, reading that.
 */
class IngestRace extends Error {}

/** What a batch reads before it decides anything: one statement. */
type BatchReads = {
  gateways: { id: string; org_id: string; zone_id: string | null }[];
  tags: { id: string; org_id: string; zone_id: string | null; config: Record<string, unknown> }[];
  open: Record<string, unknown>[];
  claims: { org_id: string; tag_id: string; nonce: string; status: string; alert_id: string | null }[];
  zones: { id: string; name: string; level: string; path: string[]; config: Record<string, unknown> }[];
};

const ALERT_COLUMNS = Object.entries(getTableColumns(alerts));

/** An alerts row read as JSON (row_to_json) in the shape drizzle reads it. */
function alertRowOf(json: Record<string, unknown>): AlertRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of ALERT_COLUMNS) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as AlertRow;
}

/**
 * Reads, in one statement: the posts' gateways, the named tags with their zones and configs, every
 * named tag's open alert (locked, in tag order), which (tag, nonce) earlier transactions stored, and
 * the zones up to the root of every place an alert of this batch can be in (the payload's path, the
 * escalation delay). It also takes the transaction's id before any outbox row takes a sequence
 * number, and asks for the NOTIFY delivered at commit (realtime.ts `outboxOrderSql`).
 */
async function readBatch(tx: Tx, gatewayIds: Set<string>, tagIds: Set<string>, keys: Item[]) {
  const [reads] = await rowsOf<BatchReads>(
    tx,
    sql`with g as (
        select id, org_id, zone_id from ${gateways} where id = any(${jsonArray(gatewayIds)})
      ), t as (
        select id, org_id, zone_id, config from ${tags} where id = any(${jsonArray(tagIds)})
      ), l as (
        select * from ${alerts} where tag_id = any(array(select id from t)) and closed_at is null
        order by tag_id for update
      ), c as (
        select b.org_id, b.tag_id, b.nonce, b.status, b.alert_id
        from ${jsonRecordset(
          keys.map((f) => ({ org_id: f.orgId, tag_id: f.event.tag, nonce: f.nonce })),
          'org_id uuid, tag_id text, nonce text',
        )}
        join lateral (select * from ${buttonEvents} b
          where b.org_id = v.org_id and b.tag_id = v.tag_id and b.nonce = v.nonce) b on true
      ), z as (
        select id, name, level, path, config from ${zones} where id in (
          select unnest(p.path) from ${zones} p where p.id in (
            select zone_id from g union select org_id from g union select zone_id from t
            union select zone_id from l))
      )
      select ${outboxOrderSql},
        (select coalesce(json_agg(g), '[]') from g) as gateways,
        (select coalesce(json_agg(t), '[]') from t) as tags,
        (select coalesce(json_agg(l), '[]') from l) as open,
        (select coalesce(json_agg(c), '[]') from c) as claims,
        (select coalesce(json_agg(z), '[]') from z) as zones`,
  );
  return reads!;
}

/**
 * Writes posts in one transaction of two statements, whatever their number: one reads (readBatch),
 * then, decided in memory, one writes every claim with its answer, the new and changed alerts,
 * their history and their realtime events. Lock order is deterministic (alerts by tag, then claims
 * by key), so concurrent writers (other instances) do not deadlock on each other's batches, and one
 * that raced this batch makes it start again (IngestRace). Answers per post: its outcome, or a 403
 * for an unknown gateway.
 */
async function writePosts(
  tx: Tx,
  posts: readonly Post[],
  now: Date,
): Promise<(ButtonEventsOutcome | HttpError)[]> {
  const outcomes: (ButtonEventsOutcome | HttpError)[] = new Array(posts.length);
  const items: Item[] = [];
  posts.forEach((p, post) => {
    for (const event of p.body.buttonEvents) {
      const nonce = String(event.nonce);
      items.push({
        post,
        event,
        orgId: p.key.orgId,
        gatewayId: p.body.gateway,
        gatewayZoneId: null,
        nonce,
        key: keyOf(p.key.orgId, event.tag, nonce),
      });
    }
  });
  const byKey = new Map(items.map((i) => [i.key, i]));
  const named = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const reads = await readBatch(
    tx,
    new Set(posts.map((p) => p.body.gateway)),
    new Set(items.map((i) => i.event.tag)),
    named,
  );
  await letRequestsIn();

  // Posts from a gateway that is not their organisation's are refused whole.
  const gatewayById = new Map(reads.gateways.map((g) => [g.id, g]));
  const refused = new Set<number>();
  posts.forEach((post, p) => {
    const gateway = gatewayById.get(post.body.gateway);
    if (!gateway || gateway.org_id !== post.key.orgId) {
      outcomes[p] = unknownGateway();
      refused.add(p);
    }
  });
  const live = items.filter((i) => !refused.has(i.post));
  if (live.length === 0) return outcomes;
  const firstOf = new Map<string, Item>();
  for (const item of live) {
    const first = firstOf.get(item.key);
    if (first) item.first = first;
    else firstOf.set(item.key, item);
  }
  // Claims in key order: a deterministic lock order against other writers.
  const firsts = [...firstOf.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const tagById = new Map(reads.tags.map((t) => [t.id, t]));
  const storedByKey = new Map(reads.claims.map((c) => [keyOf(c.org_id, c.tag_id, c.nonce), c]));
  const pressesOf = new Map<string, Item[]>();
  for (const item of live) {
    item.gatewayZoneId = gatewayById.get(item.gatewayId)!.zone_id;
    const tag = tagById.get(item.event.tag);
    if (tag && tag.org_id === item.orgId) item.tag = { id: tag.id, zoneId: tag.zone_id };
    if (item.first) continue;
    const stored = storedByKey.get(item.key);
    if (stored) {
      // A retry of a button event an earlier transaction stored: answered as it was first.
      item.answer =
        stored.status === 'unknown_tag'
          ? answer(item.event, 'unknown_tag')
          : answer(item.event, 'duplicate', stored.alert_id);
      continue;
    }
    item.claims = true;
    if (!item.tag) {
      item.answer = answer(item.event, 'unknown_tag');
      continue;
    }
    const list = pressesOf.get(item.tag.id);
    if (list) list.push(item);
    else pressesOf.set(item.tag.id, [item]);
  }

  // SPEC §4: each press joins its tag's open alert, else opens one; a tag's presses in arrival order.
  const openOf = new Map(reads.open.map((json) => [json.tag_id as string, json]));
  const applied = new Map<string, Applied>();
  const fresh: AlertRow[] = [];
  const updated: AlertRow[] = [];
  for (const [tagId, presses] of pressesOf) {
    const json = openOf.get(tagId);
    const a = applyPresses(json ? alertRowOf(json) : undefined, presses, now);
    applied.set(tagId, a);
    (json ? updated : fresh).push(a.row);
  }
  const rows = [...applied.values()].map((a) => a.row);
  const ctx: AlertContext = {
    zones: new Map(reads.zones.map((z) => [z.id, z])),
    tags: new Map(reads.tags.map((t) => [t.id, { id: t.id, config: t.config }])),
  };
  const claims = firsts.filter((f) => f.claims);
  const history = [...applied.values()].flatMap((a) => a.history);
  const at = now.toISOString();

  const [written] = await rowsOf<{ claims: number; opened: number }>(
    tx,
    sql`with c as (
        insert into ${buttonEvents} (org_id, tag_id, nonce, gateway_id, events, status, alert_id, received_at)
        select v.org_id, v.tag_id, v.nonce, v.gateway_id, v.events, v.status, v.alert_id, ${at}::timestamptz
        from ${jsonRecordset(
          claims.map((f, ord) => ({
            ord,
            org_id: f.orgId,
            tag_id: f.event.tag,
            nonce: f.nonce,
            gateway_id: f.gatewayId,
            events: f.event.events,
            status: f.answer!.status,
            alert_id: f.answer!.alertId ?? null,
          })),
          'ord int, org_id uuid, tag_id text, nonce text, gateway_id text, events jsonb, status text, alert_id uuid',
        )}
        order by v.ord
        on conflict do nothing
        returning 1
      ), a as (
        insert into ${alerts} (id, org_id, zone_id, tag_id, gateway_id, state, mode, danger_reason,
          press_count, last_press_at, created_at, updated_at)
        select v.id, v.org_id, v.zone_id, v.tag_id, v.gateway_id, v.state, v.mode, v.danger_reason,
          v.press_count, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from ${jsonRecordset(
          fresh.map((r) => ({
            id: r.id,
            org_id: r.orgId,
            zone_id: r.zoneId,
            tag_id: r.tagId,
            gateway_id: r.gatewayId,
            state: r.state,
            mode: r.mode,
            danger_reason: r.dangerReason,
            press_count: r.pressCount,
          })),
          `id uuid, org_id uuid, zone_id uuid, tag_id text, gateway_id text, state text, mode text,
          danger_reason text, press_count int`,
        )}
        order by v.tag_id
        on conflict do nothing
        returning id
      ), u as (
        update ${alerts} a set mode = v.mode, danger_reason = v.danger_reason,
          press_count = v.press_count, last_press_at = ${at}::timestamptz, acknowledged_at = null,
          acknowledged_by = null, updated_at = ${at}::timestamptz
        from ${jsonRecordset(
          updated.map((r) => ({
            id: r.id,
            mode: r.mode,
            danger_reason: r.dangerReason,
            press_count: r.pressCount,
          })),
          'id uuid, mode text, danger_reason text, press_count int',
        )}
        where a.id = v.id
        returning a.id
      ), h as (
        insert into ${alertEvents} (alert_id, action, details, at)
        select v.alert_id, v.action, v.details, ${at}::timestamptz
        from ${jsonRecordset(
          history.map((h, ord) => ({ ord, ...h })),
          'ord int, alert_id uuid, action text, details jsonb',
        )}
        -- Not of an alert another writer's raced away (the batch then starts again, below).
        where v.alert_id in (select id from a union all select id from u)
        order by v.ord
        returning 1
      ), o as (${outboxInsertSql(rows.map((row) => alertEvent(row, ctx)))} returning 1)
      select (select count(*) from c)::int as claims, (select count(*) from a)::int as opened,
        (select count(*) from u)::int as updated, (select count(*) from h)::int as history,
        (select count(*) from o)::int as events`,
  );
  if (written!.claims !== claims.length || written!.opened !== fresh.length) {
    // Another writer stored one of these claims, or opened an alert for one of these tags, since
    // this batch read: start again, and read what it wrote.
    throw new IngestRace(
      `ingest raced another writer: ${written!.claims}/${claims.length} claims, ${written!.opened}/${fresh.length} alerts`,
    );
  }
  await letRequestsIn();

  // Later copies within the batch are answered from the first.
  for (const item of live) {
    if (!item.first) continue;
    const first = item.first.answer!;
    item.answer =
      first.status === 'unknown_tag'
        ? answer(item.event, 'unknown_tag')
        : answer(item.event, 'duplicate', first.alertId);
  }

  // Each alert to escalate is handed to one post of the batch (they all commit together).
  const touched = new Map<number, Touched[]>();
  for (const a of applied.values()) {
    if (!a.rearm) continue;
    const post = a.lastPost;
    const list = touched.get(post) ?? [];
    list.push({ row: a.row, ctx });
    touched.set(post, list);
  }
  const resultsOf = new Map<number, Result[]>();
  for (const item of live) {
    const list = resultsOf.get(item.post) ?? [];
    list.push(item.answer!);
    resultsOf.set(item.post, list);
  }
  for (const [p, results] of resultsOf) {
    const allUnknown = results.every((r) => r.status === 'unknown_tag');
    outcomes[p] = { status: allUnknown ? 202 : 200, results, touched: touched.get(p) ?? [] };
  }
  return outcomes;
}

function answer(event: ButtonEventInput, status: ButtonEventStatus, alertId?: string | null): Result {
  return alertId
    ? { tag: event.tag, nonce: event.nonce, status, alertId }
    : { tag: event.tag, nonce: event.nonce, status };
}

type History = { alert_id: string; action: AlertHistoryAction; details?: Record<string, unknown> };
type Applied = {
  /** The alert as committed. */
  row: AlertRow;
  /** Opened here, or made unacknowledged again: its escalation is asked for. */
  rearm: boolean;
  history: History[];
  /** The post of the tag's last press in the batch. */
  lastPost: number;
};

/** The presses of one tag, in order, on its open alert (or on a new one): all in memory. */
function applyPresses(open: AlertRow | undefined, presses: Item[], now: Date): Applied {
  const history: History[] = [];
  let row: AlertRow;
  let rearm = false;
  let rest = presses;
  if (!open) {
    // 'notified' is the alert's realtime event committed to the outbox. It is, in this very
    // transaction, so no reader ever sees the alert 'created'; both transitions are kept.
    const first = presses[0]!;
    const classification = classifyPresses(first.event.events);
    const dangerReason = classification.mode === 'danger' ? classification.dangerReason : null;
    row = {
      id: randomUUID(),
      orgId: first.orgId,
      zoneId: first.tag!.zoneId ?? first.gatewayZoneId,
      tagId: first.tag!.id,
      gatewayId: first.gatewayId,
      state: nextOnNotify('created'),
      mode: classification.mode,
      dangerReason,
      pressCount: 1,
      lastPressAt: now,
      acknowledgedAt: null,
      acknowledgedBy: null,
      escalatedAt: null,
      closedAt: null,
      closedBy: null,
      reasonCode: null,
      reasonText: null,
      reasonDetails: null,
      createdAt: now,
      updatedAt: now,
    };
    const details = { nonce: first.nonce, gateway: first.gatewayId, mode: classification.mode };
    history.push(
      { alert_id: row.id, action: 'created', details: dangerReason ? { ...details, dangerReason } : details },
      { alert_id: row.id, action: 'notified' },
    );
    first.answer = answer(first.event, 'created', row.id);
    rearm = true;
    rest = presses.slice(1);
  } else {
    row = open;
  }
  for (const press of rest) {
    const classification = classifyPresses(press.event.events);
    const joined = joinPress(
      {
        state: row.state,
        mode: row.mode as AlertMode,
        dangerReason: row.dangerReason as DangerReason | null,
        pressCount: row.pressCount,
        lastPressAt: row.lastPressAt,
        acknowledged: row.acknowledgedAt !== null,
      },
      { at: now, classification },
    );
    if (!joined.ok)
      throw new Error(`Alert ${row.id} of tag ${row.tagId} cannot take a press: ${joined.reason}`);
    // Escalation needs asking again only when a press took an acknowledgement away.
    if (row.acknowledgedAt !== null) rearm = true;
    const next = joined.value;
    row = {
      ...row,
      mode: next.mode,
      dangerReason: next.dangerReason,
      pressCount: next.pressCount,
      lastPressAt: now,
      acknowledgedAt: null,
      acknowledgedBy: null,
      updatedAt: now,
    };
    const dangerReason = classification.mode === 'danger' ? classification.dangerReason : null;
    history.push({
      alert_id: row.id,
      action: 'pressed',
      details: {
        nonce: press.nonce,
        gateway: press.gatewayId,
        mode: classification.mode,
        ...(dangerReason ? { dangerReason } : {}),
        pressCount: row.pressCount,
      },
    });
    press.answer = answer(press.event, 'joined', row.id);
  }
  return { row, rearm, history, lastPost: presses[presses.length - 1]!.post };
}

/** SQLSTATE of a driver error, or of the one drizzle wraps. */
function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Reruns a transaction PostgreSQL chose as a deadlock or serialization victim, or one that raced
 * another writer (IngestRace): it committed nothing.
 */
async function withTransactionRetry<T>(run: () => Promise<T>, onRace: () => void, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      const again = err instanceof IngestRace || state === '40P01' || state === '40001';
      if (attempt >= attempts || !again) throw err;
      if (err instanceof IngestRace) onRace();
    }
  }
}

/**
 * POST /api/ingest/heartbeats: the gateway's SPEC §3 state (status, updatedAt, version,
 * hardware.revision, adminMode, debug.rebootInfo.lastResetReason, diagnostics, neighbors), a
 * heartbeat row kept over time, and the commands waiting for it (marked delivered).
 */
export async function ingestHeartbeat(
  db: Db,
  key: GatewayKey,
  body: HeartbeatBody,
): Promise<HeartbeatResult> {
  const gateway = await findGateway(db, key, body.gateway);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [current] = await tx
      .select({ state: gateways.state })
      .from(gateways)
      .where(eq(gateways.id, gateway.id))
      .for('update');
    await tx
      .update(gateways)
      .set({ state: nextGatewayState(current?.state ?? {}, body, now) })
      .where(eq(gateways.id, gateway.id));
    await tx
      .insert(gatewayHeartbeats)
      .values({ orgId: key.orgId, gatewayId: gateway.id, status: body.status, payload: body, at: now });
    if (body.confirmed?.length) {
      // The sync log's confirmation: only this gateway's own commands, each confirmed once.
      await tx
        .update(gatewayCommands)
        .set({ confirmedAt: now })
        .where(
          and(
            inArray(gatewayCommands.id, body.confirmed),
            eq(gatewayCommands.gatewayId, gateway.id),
            eq(gatewayCommands.orgId, key.orgId),
            isNull(gatewayCommands.confirmedAt),
          ),
        );
    }
    const pending = tx
      .select({ id: gatewayCommands.id })
      .from(gatewayCommands)
      .where(
        and(
          eq(gatewayCommands.gatewayId, gateway.id),
          eq(gatewayCommands.orgId, key.orgId),
          isNull(gatewayCommands.deliveredAt),
        ),
      )
      .orderBy(asc(gatewayCommands.createdAt))
      .for('update', { skipLocked: true });
    const delivered = await tx
      .update(gatewayCommands)
      .set({ deliveredAt: now })
      .where(inArray(gatewayCommands.id, pending))
      .returning();
    delivered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return { commands: delivered.map((c) => ({ id: c.id, type: c.type, payload: c.payload })) };
  });
}

const objectOf = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** SPEC §3 Gateway state after a heartbeat: reported parts replace, nested siblings are kept. */
function nextGatewayState(
  state: Record<string, unknown>,
  body: HeartbeatBody,
  now: Date,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...state, status: body.status, updatedAt: now.toISOString() };
  if (body.version) next.version = body.version;
  if (body.hardware?.revision)
    next.hardware = { ...objectOf(state.hardware), revision: body.hardware.revision };
  if (body.adminMode !== undefined) next.adminMode = body.adminMode;
  if (body.rebootReason !== undefined) {
    next.debug = mergePatch(objectOf(state.debug), { rebootInfo: { lastResetReason: body.rebootReason } });
  }
  if (body.diagnostics) next.diagnostics = body.diagnostics;
  if (body.neighbors) next.neighbors = body.neighbors;
  return next;
}

/** Drops button events past the deduplication window. */
export async function pruneButtonEvents(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .delete(buttonEvents)
    .where(lt(buttonEvents.receivedAt, new Date(now.getTime() - BUTTON_EVENT_DEDUPE_MS)));
}
