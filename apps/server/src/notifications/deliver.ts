import { eq, inArray, sql } from 'drizzle-orm';
import {
  CHANNEL_LABELS,
  REUSE_BLOCKING_URGENCY_BELOW,
  DELIVERY_MAX_ATTEMPTS,
  deliveryBackoffMs,
  type ChannelKindName,
  type SubscriptionMoment,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonRecordset } from '../platform/db/json-params';
import { countDelivery } from '../platform/metrics';
import { alerts, notifications, notificationTriggers, subscriptions, tags, zones } from '../db/schema';
import { toAlerts } from '../alerts';
import { DeliveryError, type Channel, type ChannelKind } from './channels';
import { ensureAlertLinks, type EnsureAlertLink } from './alert-links';
import { composeMessage, type MessageInput } from './compose';
import { REQUIRED_SETTINGS } from './settings';
import { stationBelowMinimumOf } from './station-inventory';

// Step 3 of a notification (tables.ts): due deliveries are claimed with a lease, sent through
// their channel with their idempotency key, and their outcome recorded. A retryable failure waits
// its backoff (domain deliveryBackoffMs) and tries again, up to DELIVERY_MAX_ATTEMPTS; a permanent
// one fails at once. An instance that dies mid-send leaves its lease to run out: the delivery is
// due again, and the receiver sees the same key.

/** How long a claimed delivery is left to its sender before another may take it. */
export const LEASE_MS = 30_000;
/** Deliveries one claim takes at most. */
const BATCH = 25;
/** Sends in flight at once per claim (each waits on its receiver, not on the database). */
const SEND_CONCURRENCY = 16;

type Claimed = typeof notifications.$inferSelect;

export type DeliverContext = {
  db: Db;
  /** The configured channels; a kind absent here is not configured. */
  channels: Partial<Record<ChannelKind, Channel>>;
  /** The server's secret (alert link tokens). */
  secret: string;
  /** Where the console is reached (the links' base), without a trailing slash. */
  publicBase: string;
  log?: { warn: (obj: object, msg: string) => void };
  /** LEASE_MS unless set (NOTIFY_LEASE_MS: a test of a dead instance need not wait half a minute). */
  leaseMs?: number;
};

/** Claims due deliveries and sends them; resolves once every send has ended, to how many it took. */
export async function deliverDue(ctx: DeliverContext): Promise<number> {
  const { taken, sent } = await startDue(ctx);
  await sent;
  return taken;
}

/**
 * Claims due deliveries (a lease, one more attempt) and starts sending them: resolves once they
 * are claimed, with `sent`, which settles when every send has ended. A slow receiver never holds
 * up the next claim (a new alert's deliveries go out while a pager times out).
 */
export async function startDue(ctx: DeliverContext): Promise<{ taken: number; sent: Promise<unknown> }> {
  const claimed = (await ctx.db.execute(sql`
    update ${notifications} n set lease_until = now() + ${`${ctx.leaseMs ?? LEASE_MS} milliseconds`}::interval,
      attempts = n.attempts + 1, last_attempt_at = now(), updated_at = now()
    where n.id in (
      select id from ${notifications}
      where state = 'pending' and due_at <= now() and (lease_until is null or lease_until < now())
      order by due_at
      limit ${BATCH}
      for update skip locked
    )
    returning n.*`)) as unknown as { rows: Record<string, unknown>[] };
  const rows = claimed.rows.map(fromSql);
  if (rows.length === 0) return { taken: 0, sent: Promise.resolve() };
  const inputs = await messageInputs(ctx, rows);
  const sent = (async () => {
    const outcomes: Outcome[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const outcome = await attempt(ctx, row, inputs.get(row.id));
        countDelivery(row.channel, outcome.state);
        outcomes.push(outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, lane));
    await recordOutcomes(ctx, outcomes);
  })().catch((err: unknown) => ctx.log?.warn({ err }, 'recording deliveries failed'));
  return { taken: rows.length, sent };
}

/** A raw `returning n.*` row in the table's own field names. */
function fromSql(r: Record<string, unknown>): Claimed {
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: r.id as string,
    orgId: r.org_id as string,
    triggerId: Number(r.trigger_id),
    subscriptionId: (r.subscription_id as string | null) ?? null,
    alertId: (r.alert_id as string | null) ?? null,
    moment: r.moment as string,
    recipient: r.recipient as string,
    channel: r.channel as string,
    address: r.address as string,
    idempotencyKey: r.idempotency_key as string,
    state: r.state as string,
    attempts: Number(r.attempts),
    dueAt: date(r.due_at)!,
    leaseUntil: date(r.lease_until),
    lastError: (r.last_error as string | null) ?? null,
    lastAttemptAt: date(r.last_attempt_at),
    deliveredAt: date(r.delivered_at),
    providerId: (r.provider_id as string | null) ?? null,
    subject: (r.subject as string) ?? '',
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}

type Skip = { skip: string };

/**
 * What each claimed delivery says, or why it is no longer true (skipped): its alert as the API
 * shows it (and its link), or its test; the subscription gone or paused since.
 */
async function messageInputs(
  ctx: DeliverContext,
  rows: Claimed[],
): Promise<Map<string, MessageInput | Skip>> {
  const { db } = ctx;
  const alertIds = [...new Set(rows.flatMap((r) => (r.alertId ? [r.alertId] : [])))];
  const subscriptionIds = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
  const alertRows = alertIds.length ? await db.select().from(alerts).where(inArray(alerts.id, alertIds)) : [];
  const byAlert = new Map((await toAlerts(db, alertRows)).map((a) => [a.id, a]));
  const subs = subscriptionIds.length
    ? await db
        .select({
          id: subscriptions.id,
          pausedAt: subscriptions.pausedAt,
          unacknowledgedAfterS: subscriptions.unacknowledgedAfterS,
          zoneId: subscriptions.zoneId,
          zoneName: zones.name,
        })
        .from(subscriptions)
        .innerJoin(zones, eq(zones.id, subscriptions.zoneId))
        .where(inArray(subscriptions.id, subscriptionIds))
    : [];
  const bySub = new Map(subs.map((s) => [s.id, s]));

  const inputs = new Map<string, MessageInput | Skip>();
  const linked: { input: Extract<MessageInput, { kind: 'alert' }>; link: EnsureAlertLink }[] = [];
  for (const row of rows) {
    const sub = row.subscriptionId ? bySub.get(row.subscriptionId) : undefined;
    if (!sub) {
      inputs.set(row.id, { skip: 'The subscription was deleted before this was sent.' });
      continue;
    }
    if (row.moment === 'test') {
      inputs.set(row.id, { kind: 'test', recipient: row.recipient, subscriptionZone: sub.zoneName });
      continue;
    }
    if (sub.pausedAt) {
      inputs.set(row.id, { skip: 'The subscription was paused before this was sent.' });
      continue;
    }
    if (row.moment === 'gatewaysDisconnected') {
      inputs.set(row.id, {
        kind: 'gatewaysDisconnected',
        subscriptionZone: sub.zoneName,
        gateways: await disconnectedIn(db, row.triggerId, sub.zoneId),
      });
      continue;
    }
    if (row.moment === 'flaggedDigest') {
      inputs.set(row.id, {
        kind: 'flaggedDigest',
        subscriptionZone: sub.zoneName,
        ...(await flaggedIn(db, sub.zoneId)),
      });
      continue;
    }
    if (row.moment === 'stationBelowMinimum') {
      const station = await stationBelowMinimumOf(db, row.triggerId);
      const input = { kind: row.moment, subscriptionZone: sub.zoneName, station } as const;
      inputs.set(row.id, station ? { ...input, station } : { skip: 'Its trigger no longer exists.' });
      continue;
    }
    const alert = row.alertId ? byAlert.get(row.alertId) : undefined;
    if (!alert) {
      inputs.set(row.id, { skip: 'The alert no longer exists.' });
      continue;
    }
    if (row.moment === 'unacknowledged' && (alert.acknowledged || alert.closedAt)) {
      inputs.set(row.id, {
        skip: alert.closedAt ? 'The alert was closed in time.' : 'The alert was acknowledged in time.',
      });
      continue;
    }
    if (row.moment === 'test') continue;
    const input: MessageInput = {
      kind: 'alert',
      moment: row.moment as Extract<
        SubscriptionMoment,
        'created' | 'escalated' | 'unacknowledged' | 'closed'
      >,
      alert,
      unacknowledgedAfterS: sub.unacknowledgedAfterS,
      link: null,
    };
    inputs.set(row.id, input);
    // A closed alert's link would only say it has expired: the close message carries none.
    if (row.moment !== 'closed')
      linked.push({
        input,
        link: {
          orgId: row.orgId,
          alertId: alert.id,
          subscriptionId: row.subscriptionId,
          recipient: row.recipient,
          secret: ctx.secret,
          createdAt: new Date(alert.createdAt),
        },
      });
  }
  // Every link of the claim in one statement.
  const paths = await ensureAlertLinks(
    db,
    linked.map((l) => l.link),
  );
  linked.forEach((l, i) => (l.input.link = `${ctx.publicBase}${paths[i]}`));
  return inputs;
}

/** The names of zones' paths below the organisation: 'Main Campus › North Tower › Floor 1'. */
async function placeNames(db: Db, zoneIds: string[]): Promise<Map<string, string>> {
  if (zoneIds.length === 0) return new Map();
  const rows = (await db.execute(sql`
    select z.id, string_agg(p.name, ' › ' order by array_position(z.path, p.id)) as names
    from ${zones} z join ${zones} p on p.id = any(z.path) and p.level not in ('root', 'org')
    where z.id in ${zoneIds}
    group by z.id`)) as unknown as { rows: { id: string; names: string }[] };
  return new Map(rows.rows.map((r) => [r.id, r.names]));
}

/** The sweep's gateways (its trigger's details) inside the subscription's subtree. */
async function disconnectedIn(db: Db, triggerId: number, subtree: string) {
  const rows = (await db.execute(sql`
    select g->>'id' as id, g->>'zoneId' as zone_id, g->>'lastSeen' as last_seen
    from ${notificationTriggers} t, jsonb_array_elements(t.details->'gateways') g
    join ${zones} z on z.id = (g->>'zoneId')::uuid
    where t.id = ${triggerId} and ${subtree}::uuid = any(z.path)
    order by g->>'id'`)) as unknown as { rows: { id: string; zone_id: string; last_seen: string | null }[] };
  const names = await placeNames(db, [...new Set(rows.rows.map((r) => r.zone_id))]);
  return rows.rows.map((r) => ({
    id: r.id,
    location: names.get(r.zone_id) ?? 'unknown',
    lastSeen: r.last_seen,
  }));
}

/** Tags shown in a digest at most (the total says how many more). */
const DIGEST_LIST_MAX = 50;

/** The open flagged tags of the subtree (collection urgency below REUSE_BLOCKING_URGENCY_BELOW). */
async function flaggedIn(db: Db, subtree: string) {
  const flagged = sql`${tags.zoneId} in (select ${zones.id} from ${zones} where ${subtree}::uuid = any(${zones.path}))
    and (${tags.config}->'collection'->>'urgency')::int < ${REUSE_BLOCKING_URGENCY_BELOW}`;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(tags)
    .where(flagged);
  const rows = await db
    .select({ id: tags.id, zoneId: tags.zoneId, config: tags.config })
    .from(tags)
    .where(flagged)
    .orderBy(sql`(${tags.config}->'collection'->>'urgency')::int`, tags.id)
    .limit(DIGEST_LIST_MAX);
  const names = await placeNames(db, [...new Set(rows.flatMap((r) => (r.zoneId ? [r.zoneId] : [])))]);
  return {
    total,
    tags: rows.map((r) => {
      const config = r.config as {
        label?: string;
        owner?: { name?: string };
        collection?: { urgency?: number };
      };
      return {
        id: r.id,
        name: config.owner?.name ?? config.label ?? 'no owner',
        location: (r.zoneId && names.get(r.zoneId)) || 'unknown',
        urgency: Number(config.collection?.urgency ?? 0),
      };
    }),
  };
}

/** What became of one claimed delivery, to be written with the others of its claim. */
type Outcome = {
  id: string;
  /** The claim's attempt number: a row re-claimed since (its lease ran out) is left alone. */
  attempts: number;
  state: 'delivered' | 'pending' | 'failed' | 'skipped';
  lastError: string | null;
  providerId: string | null;
  subject: string | null;
  /** When it may be tried again (pending), ISO. */
  dueAt: string | null;
  delivered: boolean;
};

/** Sends one claimed delivery (or skips it); never throws. */
async function attempt(
  ctx: DeliverContext,
  row: Claimed,
  input: MessageInput | Skip | undefined,
): Promise<Outcome> {
  const base = { id: row.id, attempts: row.attempts, providerId: null, dueAt: null, delivered: false };
  if (!input || 'skip' in input)
    return { ...base, state: 'skipped', lastError: input?.skip ?? null, subject: null };
  const message = composeMessage(input, row.idempotencyKey);
  const channel = ctx.channels[row.channel as ChannelKind];
  try {
    if (!channel) throw new DeliveryError(notConfigured(row.channel as ChannelKindName), false);
    const receipt = await channel.send(row.address, message);
    return {
      ...base,
      state: 'delivered',
      lastError: null,
      providerId: receipt.providerId ?? receipt.detail ?? null,
      subject: message.subject,
      delivered: true,
    };
  } catch (err) {
    const failure = err instanceof DeliveryError ? err : new DeliveryError(String(err), true);
    const giveUp = !failure.retryable || row.attempts >= DELIVERY_MAX_ATTEMPTS;
    ctx.log?.warn(
      { delivery: row.id, channel: row.channel, attempt: row.attempts, retryable: failure.retryable },
      `notification not delivered: ${failure.message}`,
    );
    return {
      ...base,
      state: giveUp ? 'failed' : 'pending',
      lastError: failure.message.slice(0, 1000),
      subject: message.subject,
      dueAt: giveUp ? null : new Date(Date.now() + deliveryBackoffMs(row.attempts)).toISOString(),
    };
  }
}

/**
 * Writes a claim's outcomes in one statement: the alert path shares the database (one connection
 * on embedded PGlite), so a thousand deliveries must not be a thousand writes in its way
 * (docs/BENCHMARKS.md 'Notifications').
 */
async function recordOutcomes(ctx: DeliverContext, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await ctx.db.execute(sql`
    update ${notifications} n set
      state = v.state,
      last_error = v.last_error,
      provider_id = coalesce(v.provider_id, n.provider_id),
      subject = coalesce(v.subject, n.subject),
      due_at = coalesce(v.due_at, n.due_at),
      delivered_at = case when v.delivered then now() else n.delivered_at end,
      lease_until = null,
      updated_at = now()
    from ${jsonRecordset(
      outcomes.map((o) => ({
        id: o.id,
        attempts: o.attempts,
        state: o.state,
        last_error: o.lastError,
        provider_id: o.providerId,
        subject: o.subject,
        due_at: o.dueAt,
        delivered: o.delivered,
      })),
      'id uuid, attempts int, state text, last_error text, provider_id text, subject text, due_at timestamptz, delivered boolean',
    )}
    where n.id = v.id and n.attempts = v.attempts`);
}

/** Why a delivery of an unconfigured channel fails, naming what to set. */
export function notConfigured(channel: ChannelKindName): string {
  return `${CHANNEL_LABELS[channel]} notifications are not configured on this server: set ${REQUIRED_SETTINGS[channel].join(', ')}`;
}
