import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  classifyPresses,
  joinPress,
  nextOnNotify,
  type AlertMode,
  type ButtonEventStatus,
  type ButtonEventsBody,
  type ButtonEventsResult,
  type DangerReason,
  type HeartbeatBody,
  type HeartbeatResult,
  type PressClassification,
} from '@vigil/domain';
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
import { addHistory, loadAlertContext, publishAlert, type AlertContext, type AlertRow } from './alerts';
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
 * POST /api/ingest/button-events (SPEC §3 Button event, issue 5). One transaction per post, answered
 * only after it commits. Each button event first claims its (org, tag, nonce) row (unique index,
 * ON CONFLICT DO NOTHING): a retry, even one racing the first post, waits for that post's commit and
 * answers its alert as 'duplicate'. A known tag then opens an alert (created → notified, with its
 * realtime event) or joins the tag's open alert; an unknown tag is kept and makes no alert.
 */
export async function ingestButtonEvents(
  db: Db,
  key: GatewayKey,
  body: ButtonEventsBody,
): Promise<ButtonEventsOutcome> {
  const gateway = await findGateway(db, key, body.gateway);
  const tagIds = [...new Set(body.buttonEvents.map((e) => e.tag))];
  const known = new Map(
    (
      await db
        .select({ id: tags.id, zoneId: tags.zoneId })
        .from(tags)
        .where(and(eq(tags.orgId, key.orgId), inArray(tags.id, tagIds)))
    ).map((t) => [t.id, t]),
  );
  // One lock order for every post (by tag, then as sent), so posts naming the same tags never deadlock.
  const order = body.buttonEvents
    .map((_, i) => i)
    .sort((a, b) => {
      const [ta, tb] = [body.buttonEvents[a].tag, body.buttonEvents[b].tag];
      return ta < tb ? -1 : ta > tb ? 1 : a - b;
    });

  return withTransactionRetry(() =>
    db.transaction(async (tx) => {
      const now = new Date();
      const results: Result[] = new Array(body.buttonEvents.length);
      const touched = new Map<string, Touched>();
      for (const i of order) {
        const event = body.buttonEvents[i];
        const nonce = String(event.nonce);
        const tag = known.get(event.tag);
        const answer = (status: ButtonEventStatus, alertId?: string | null): Result =>
          alertId
            ? { tag: event.tag, nonce: event.nonce, status, alertId }
            : { tag: event.tag, nonce: event.nonce, status };

        const [claimed] = await tx
          .insert(buttonEvents)
          .values({
            orgId: key.orgId,
            tagId: event.tag,
            nonce,
            gatewayId: gateway.id,
            events: event.events,
            status: tag ? 'pending' : 'unknown_tag',
            receivedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: buttonEvents.id });
        if (!claimed) {
          const [first] = await tx
            .select({ status: buttonEvents.status, alertId: buttonEvents.alertId })
            .from(buttonEvents)
            .where(
              and(
                eq(buttonEvents.orgId, key.orgId),
                eq(buttonEvents.tagId, event.tag),
                eq(buttonEvents.nonce, nonce),
              ),
            )
            .limit(1);
          results[i] =
            first?.status === 'unknown_tag' ? answer('unknown_tag') : answer('duplicate', first?.alertId);
          continue;
        }
        if (!tag) {
          results[i] = answer('unknown_tag');
          continue;
        }
        const pressed = await pressAlert(tx, {
          orgId: key.orgId,
          tagId: tag.id,
          zoneId: tag.zoneId ?? gateway.zoneId,
          gatewayId: gateway.id,
          nonce,
          classification: classifyPresses(event.events),
          now,
        });
        await tx
          .update(buttonEvents)
          .set({ status: pressed.status, alertId: pressed.row.id })
          .where(eq(buttonEvents.id, claimed.id));
        results[i] = answer(pressed.status, pressed.row.id);
        if (pressed.rearm || touched.has(pressed.row.id)) {
          touched.set(pressed.row.id, { row: pressed.row, ctx: pressed.ctx });
        }
      }
      const allUnknown = results.every((r) => r.status === 'unknown_tag');
      return { status: allUnknown ? 202 : 200, results, touched: [...touched.values()] } as const;
    }),
  );
}

type Press = {
  orgId: string;
  tagId: string;
  zoneId: string | null;
  gatewayId: string;
  nonce: string;
  classification: PressClassification;
  now: Date;
};

/**
 * SPEC §4: a press joins its tag's open alert (joinPress), else opens one, created → notified in this
 * transaction. The partial unique index alerts_open_tag_idx keeps one open alert per tag: an insert
 * that loses a race to a concurrent post's alert does nothing, and the press joins that alert.
 */
async function pressAlert(
  tx: Tx,
  p: Press,
): Promise<{ row: AlertRow; ctx: AlertContext; status: 'created' | 'joined'; rearm: boolean }> {
  const { now, classification } = p;
  const dangerReason = classification.mode === 'danger' ? classification.dangerReason : null;
  const pressDetails = { nonce: p.nonce, gateway: p.gatewayId };
  for (let attempt = 0; attempt < 3; attempt++) {
    const [open] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.tagId, p.tagId), isNull(alerts.closedAt)))
      .limit(1)
      .for('update');
    if (open) {
      const joined = joinPress(
        {
          state: open.state,
          mode: open.mode as AlertMode,
          dangerReason: open.dangerReason as DangerReason | null,
          pressCount: open.pressCount,
          lastPressAt: open.lastPressAt,
          acknowledged: open.acknowledgedAt !== null,
          acknowledgedAt: open.acknowledgedAt,
          acknowledgedBy: open.acknowledgedBy ?? null,
        },
        { at: now, classification },
      );
      if (!joined.ok) continue;
      const next = joined.value;
      const [row] = await tx
        .update(alerts)
        .set({
          mode: next.mode,
          dangerReason: next.dangerReason,
          pressCount: next.pressCount,
          lastPressAt: new Date(next.lastPressAt),
          acknowledgedAt: next.acknowledgedAt ? new Date(next.acknowledgedAt) : null,
          acknowledgedBy: next.acknowledgedBy ?? null,
          updatedAt: now,
        })
        .where(eq(alerts.id, open.id))
        .returning();
      const ctx = await loadAlertContext(tx, [row!]);
      await addHistory(tx, row!.id, 'pressed', null, now, {
        ...pressDetails,
        mode: classification.mode,
        ...(dangerReason ? { dangerReason } : {}),
        pressCount: row!.pressCount,
      });
      await publishAlert(tx, row!, ctx);
      // Escalation needs asking again only when this press took an acknowledgement away.
      return { row: row!, ctx, status: 'joined', rearm: open.acknowledgedAt !== null };
    }

    // 'notified' is the alert's realtime event committed to the outbox. It is, in this very
    // transaction, so no reader ever sees the alert 'created'; both transitions are kept.
    const [created] = await tx
      .insert(alerts)
      .values({
        orgId: p.orgId,
        zoneId: p.zoneId,
        tagId: p.tagId,
        gatewayId: p.gatewayId,
        state: nextOnNotify('created'),
        mode: classification.mode,
        dangerReason,
        pressCount: 1,
        lastPressAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) continue;
    const ctx = await loadAlertContext(tx, [created]);
    await publishAlert(tx, created, ctx);
    const mode = { mode: classification.mode, ...(dangerReason ? { dangerReason } : {}) };
    await tx.insert(alertEvents).values([
      { alertId: created.id, action: 'created', actor: null, at: now, details: { ...pressDetails, ...mode } },
      { alertId: created.id, action: 'notified', actor: null, at: now, details: null },
    ]);
    return { row: created, ctx, status: 'created', rearm: true };
  }
  throw new Error(`No open alert could be made or joined for tag ${p.tagId}`);
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
