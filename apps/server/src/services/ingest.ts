import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
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
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
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
import { HttpError, unauthorized } from '../errors';
import { loadAlertContext, publishAlerts, type AlertContext, type AlertRow } from './alerts';
import { mergePatch } from './config-merge';
import { sha256 } from './crypto';
import { TtlCache } from './ttl-cache';

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
  if (!batcher) batchers.set(db, (batcher = new IngestBatcher(db)));
  return batcher.submit({ key, body });
}

/**
 * Most button events one transaction takes; later posts wait for the next. Bounds a transaction's
 * time and its statements' size (a post holds at most MAX_BUTTON_EVENTS_PER_POST).
 */
export const MAX_FLUSH_EVENTS = 2000;

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
};

const batchers = new WeakMap<Db, IngestBatcher>();

export function ingestStats(db: Db): IngestStats {
  return {
    ...(batchers.get(db)?.stats ?? { flushes: 0, posts: 0, events: 0, largestFlush: 0, isolated: 0 }),
  };
}

type Post = { key: GatewayKey; body: ButtonEventsBody };
type Waiting = Post & { resolve: (outcome: ButtonEventsOutcome) => void; reject: (err: unknown) => void };

/**
 * One per database: one transaction at a time, the next starting as soon as the previous has
 * committed, with every post that came meanwhile. (Several at once on PostgreSQL measured slower:
 * smaller batches, the same round trips; docs/BENCHMARKS.md.)
 */
class IngestBatcher {
  private readonly queue: Waiting[] = [];
  private flushing = false;
  readonly stats: IngestStats = { flushes: 0, posts: 0, events: 0, largestFlush: 0, isolated: 0 };

  constructor(private readonly db: Db) {}

  submit(post: Post): Promise<ButtonEventsOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...post, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    // No timer: setImmediate only lets the posts already read in this turn of the event loop join.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    let events = 0;
    let n = 0;
    while (n < this.queue.length) {
      const size = this.queue[n]!.body.buttonEvents.length;
      if (n > 0 && events + size > MAX_FLUSH_EVENTS) break;
      events += size;
      n++;
    }
    const batch = this.queue.splice(0, n);
    this.stats.flushes++;
    this.stats.posts += batch.length;
    this.stats.events += events;
    this.stats.largestFlush = Math.max(this.stats.largestFlush, batch.length);
    try {
      await this.write(batch);
    } finally {
      this.flushing = false;
      this.kick();
    }
  }

  /** Writes a batch; if it fails, each post alone, so one bad post fails no other. */
  private async write(batch: Waiting[]): Promise<void> {
    let outcomes: (ButtonEventsOutcome | HttpError)[];
    try {
      outcomes = await commitPosts(this.db, batch);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(asClientError(err));
      this.stats.isolated++;
      for (const post of batch) {
        try {
          settle(post, (await commitPosts(this.db, [post]))[0]!);
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

function commitPosts(db: Db, posts: readonly Post[]): Promise<(ButtonEventsOutcome | HttpError)[]> {
  return withTransactionRetry(() => db.transaction((tx) => writePosts(tx, posts, new Date())));
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
  /** The claimed row's id, when this button event is the first of its key ever. */
  claimId?: string;
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

/** A JSON array as a set of rows (one parameter, whatever the number of rows and their content). */
const recordset = (rows: readonly object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(columns)})`;

/** `column in (the values)`, the values as one JSON parameter however many there are. */
const inList = (column: AnyPgColumn, values: Iterable<string>) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify([...values])}::jsonb))`;

const keyOf = (orgId: string, tagId: string, nonce: string) => JSON.stringify([orgId, tagId, nonce]);

/**
 * Writes posts in one transaction: a few set-based statements whatever their number. Lock order is
 * deterministic (claims by key, alerts by tag), so concurrent writers (other instances) never
 * deadlock on each other's batches. Answers per post: its outcome, or a 403 for an unknown gateway.
 */
async function writePosts(
  tx: Tx,
  posts: readonly Post[],
  now: Date,
): Promise<(ButtonEventsOutcome | HttpError)[]> {
  const outcomes: (ButtonEventsOutcome | HttpError)[] = new Array(posts.length);
  const gatewayRows = await tx
    .select({ id: gateways.id, orgId: gateways.orgId, zoneId: gateways.zoneId })
    .from(gateways)
    .where(inArray(gateways.id, [...new Set(posts.map((p) => p.body.gateway))]));
  const gatewayById = new Map(gatewayRows.map((g) => [g.id, g]));

  const items: Item[] = [];
  posts.forEach((post, p) => {
    const gateway = gatewayById.get(post.body.gateway);
    if (!gateway || gateway.orgId !== post.key.orgId) {
      outcomes[p] = unknownGateway();
      return;
    }
    for (const event of post.body.buttonEvents) {
      const nonce = String(event.nonce);
      items.push({
        post: p,
        event,
        orgId: post.key.orgId,
        gatewayId: gateway.id,
        gatewayZoneId: gateway.zoneId,
        nonce,
        key: keyOf(post.key.orgId, event.tag, nonce),
      });
    }
  });
  if (items.length === 0) return outcomes;

  const tagRows = await tx
    .select({ id: tags.id, orgId: tags.orgId, zoneId: tags.zoneId })
    .from(tags)
    .where(inList(tags.id, new Set(items.map((i) => i.event.tag))));
  const tagById = new Map(tagRows.map((t) => [t.id, t]));
  const firstOf = new Map<string, Item>();
  for (const item of items) {
    const tag = tagById.get(item.event.tag);
    if (tag && tag.orgId === item.orgId) item.tag = tag;
    const first = firstOf.get(item.key);
    if (first) item.first = first;
    else firstOf.set(item.key, item);
  }

  // Claims, in key order. A conflict is a (tag, nonce) an earlier transaction committed (or one
  // under way elsewhere, which this insert waits for).
  const firsts = [...firstOf.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const claimed = await rowsOf<{ id: string; org_id: string; tag_id: string; nonce: string }>(
    tx,
    sql`insert into ${buttonEvents} (org_id, tag_id, nonce, gateway_id, events, status, received_at)
      select v.org_id, v.tag_id, v.nonce, v.gateway_id, v.events, v.status, ${now.toISOString()}::timestamptz
      from ${recordset(
        firsts.map((f, ord) => ({
          ord,
          org_id: f.orgId,
          tag_id: f.event.tag,
          nonce: f.nonce,
          gateway_id: f.gatewayId,
          events: f.event.events,
          status: f.tag ? 'pending' : 'unknown_tag',
        })),
        'ord int, org_id uuid, tag_id text, nonce text, gateway_id text, events jsonb, status text',
      )}
      order by v.ord
      on conflict do nothing
      returning id::text as id, org_id, tag_id, nonce`,
  );
  for (const c of claimed) firstOf.get(keyOf(c.org_id, c.tag_id, c.nonce))!.claimId = c.id;
  await letRequestsIn();

  // Retries of committed button events: answered as they were first.
  const repeated = firsts.filter((f) => !f.claimId);
  if (repeated.length) {
    const stored = await rowsOf<{
      org_id: string;
      tag_id: string;
      nonce: string;
      status: string;
      alert_id: string | null;
    }>(
      tx,
      sql`select b.org_id, b.tag_id, b.nonce, b.status, b.alert_id from ${buttonEvents} b
        join ${recordset(
          repeated.map((f) => ({ org_id: f.orgId, tag_id: f.event.tag, nonce: f.nonce })),
          'org_id uuid, tag_id text, nonce text',
        )} on b.org_id = v.org_id and b.tag_id = v.tag_id and b.nonce = v.nonce`,
    );
    const storedByKey = new Map(stored.map((s) => [keyOf(s.org_id, s.tag_id, s.nonce), s]));
    for (const f of repeated) {
      const first = storedByKey.get(f.key);
      f.answer =
        first?.status === 'unknown_tag'
          ? answer(f.event, 'unknown_tag')
          : answer(f.event, 'duplicate', first?.alert_id);
    }
  }

  // Presses: the claimed button events of known tags, per tag in arrival order.
  const pressesOf = new Map<string, Item[]>();
  for (const item of items) {
    if (!item.claimId) continue;
    if (!item.tag) {
      item.answer = answer(item.event, 'unknown_tag');
      continue;
    }
    const list = pressesOf.get(item.tag.id);
    if (list) list.push(item);
    else pressesOf.set(item.tag.id, [item]);
  }
  const applied = await pressAlerts(tx, pressesOf, now);
  await letRequestsIn();

  const rows = [...applied.values()].map((a) => a.row);
  const ctx = rows.length ? await loadAlertContext(tx, rows) : { zones: new Map(), tags: new Map() };
  const history = [...applied.values()].flatMap((a) => a.history);
  if (history.length) {
    await tx.execute(sql`insert into ${alertEvents} (alert_id, action, details, at)
      select v.alert_id, v.action, v.details, ${now.toISOString()}::timestamptz
      from ${recordset(
        history.map((h, ord) => ({ ord, ...h })),
        'ord int, alert_id uuid, action text, details jsonb',
      )}
      order by v.ord`);
  }
  if (rows.length) await publishAlerts(tx, rows, ctx);
  await letRequestsIn();
  const settled = items.filter((i) => i.claimId && i.tag);
  if (settled.length) {
    await tx.execute(sql`update ${buttonEvents} b set status = v.status, alert_id = v.alert_id
      from ${recordset(
        settled.map((i) => ({ id: i.claimId, status: i.answer!.status, alert_id: i.answer!.alertId })),
        'id bigint, status text, alert_id uuid',
      )}
      where b.id = v.id`);
  }

  // Later copies within the batch are answered from the first.
  for (const item of items) {
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
  for (const item of items) {
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

/**
 * SPEC §4: each press joins its tag's open alert (joinPress), else opens one, created → notified in
 * this transaction; presses of one tag apply in arrival order. The open alerts of every tag are
 * locked at once, in tag order. The partial unique index alerts_open_tag_idx keeps one open alert
 * per tag: an insert that loses a race to another writer's alert does nothing, and the tag's presses
 * join that alert instead.
 */
async function pressAlerts(tx: Tx, pressesOf: Map<string, Item[]>, now: Date): Promise<Map<string, Applied>> {
  const applied = new Map<string, Applied>();
  if (pressesOf.size === 0) return applied;
  const openOf = new Map<string, AlertRow>();
  const lockOpen = async (tagIds: string[]) => {
    const open = await tx
      .select()
      .from(alerts)
      .where(and(inList(alerts.tagId, tagIds), isNull(alerts.closedAt)))
      .orderBy(asc(alerts.tagId))
      .for('update');
    for (const row of open) openOf.set(row.tagId, row);
  };
  let pending = [...pressesOf.keys()].sort();
  await lockOpen(pending);
  const updated: AlertRow[] = [];
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt === 3)
      throw new Error(`No open alert could be made or joined for tags ${pending.join(', ')}`);
    const fresh: AlertRow[] = [];
    for (const tagId of pending) {
      const open = openOf.get(tagId);
      const a = applyPresses(open, pressesOf.get(tagId)!, now);
      applied.set(tagId, a);
      if (open) updated.push(a.row);
      else fresh.push(a.row);
    }
    if (fresh.length === 0) break;
    const inserted = new Set(
      (
        await rowsOf<{ id: string }>(
          tx,
          sql`insert into ${alerts} (id, org_id, zone_id, tag_id, gateway_id, state, mode, danger_reason,
              press_count, last_press_at, created_at, updated_at)
            select v.id, v.org_id, v.zone_id, v.tag_id, v.gateway_id, v.state, v.mode, v.danger_reason,
              v.press_count, v.at, v.at, v.at
            from ${recordset(
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
                at: now.toISOString(),
              })),
              `id uuid, org_id uuid, zone_id uuid, tag_id text, gateway_id text, state text, mode text,
              danger_reason text, press_count int, at timestamptz`,
            )}
            order by v.tag_id
            on conflict do nothing
            returning id`,
        )
      ).map((r) => r.id),
    );
    pending = fresh.filter((r) => !inserted.has(r.id)).map((r) => r.tagId);
    if (pending.length) await lockOpen(pending);
  }
  if (updated.length) {
    await tx.execute(sql`update ${alerts} a set mode = v.mode, danger_reason = v.danger_reason,
        press_count = v.press_count, last_press_at = v.last_press_at, acknowledged_at = null,
        acknowledged_by = null, updated_at = v.last_press_at
      from ${recordset(
        updated.map((r) => ({
          id: r.id,
          mode: r.mode,
          danger_reason: r.dangerReason,
          press_count: r.pressCount,
          last_press_at: r.lastPressAt.toISOString(),
        })),
        'id uuid, mode text, danger_reason text, press_count int, last_press_at timestamptz',
      )}
      where a.id = v.id`);
  }
  return applied;
}

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

/** Reruns a transaction PostgreSQL chose as a deadlock or serialization victim (it committed nothing). */
async function withTransactionRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlState(err);
      if (attempt >= attempts || (state !== '40P01' && state !== '40001')) throw err;
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
