/**
 * Vigil's Prometheus metrics (issue 19, docs/OPERATIONS.md): one registry and the metric objects the
 * areas record into. Counters and histograms are moved where their event happens, synchronously (no
 * await is added to the alert path); the gauges that describe stored state are read from the database
 * when /metrics is scraped (metrics-scrape.ts). Labels come from small fixed sets only: never a tag,
 * user, alert or organisation.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ALERT_MODES, BUTTON_EVENT_STATUSES, CHANNEL_KINDS } from '@vigil/domain';
import type { RealtimeEvent } from './realtime/bus';

export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

let defaultsOn = false;
/** Node's process metrics (CPU, memory, event-loop lag, GC), started once /metrics is enabled. */
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Seconds, for the request and delivery paths: 5 ms to 10 s. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// ── Ingest ───────────────────────────────────────────────────────────────────────────────────────

const buttonEvents = new Counter({
  name: 'vigil_ingest_button_events_total',
  help: 'Button events answered by POST /api/ingest/button-events, by outcome (created, joined, duplicate, unknown_tag)',
  labelNames: ['outcome'],
  registers,
});
const byOutcome = new Map(BUTTON_EVENT_STATUSES.map((s) => [s as string, buttonEvents.labels(s)]));
// Every known label set starts at 0, so rate() and increase() see a series before its first event.
for (const outcome of BUTTON_EVENT_STATUSES) buttonEvents.inc({ outcome }, 0);

/** Counts one answered button event by its outcome (SPEC §3 Button event statuses). */
export function countButtonEvent(outcome: string): void {
  byOutcome.get(outcome)?.inc();
}

export const ingestLatency = new Histogram({
  name: 'vigil_ingest_latency_seconds',
  help: 'Time from a button-event post arriving to its answer (its button events committed)',
  buckets: LATENCY_BUCKETS_S,
  registers,
});

export const ingestBatchSize = new Histogram({
  name: 'vigil_ingest_batch_button_events',
  help: 'Button events written by one group-commit transaction of ingest',
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2000],
  registers,
});

export const ingestPostsWaiting = new Gauge({
  name: 'vigil_ingest_posts_waiting',
  help: 'Button-event posts handed to the group commit and not answered yet',
  registers,
});

// ── Realtime ─────────────────────────────────────────────────────────────────────────────────────

export const sseClients = new Gauge({
  name: 'vigil_sse_clients',
  help: 'Event streams (GET /api/events) open on this instance',
  registers,
});

const pressToSse = new Histogram({
  name: 'vigil_press_to_sse_seconds',
  help: "Time from a press (the alert's lastPressAt) to this instance writing its alert event to a console's stream",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const timedEvents = new WeakSet<RealtimeEvent>();

/**
 * Observes press → SSE once per event and instance, at the first live write to a stream. Only an
 * event a press caused counts: its alert's `updatedAt` is its `lastPressAt` (ingest writes both with
 * the batch's time; an acknowledgement, escalation or close moves `updatedAt` alone). The times are
 * read from the event's JSON text, not a parsed payload: the bus deliberately never parses payloads
 * on the way through (platform/realtime/bus.ts).
 */
export function observeAlertEventSent(event: RealtimeEvent, now = Date.now()): void {
  if (event.type !== 'alert' || timedEvents.has(event)) return;
  timedEvents.add(event);
  const pressAt = pressTimeOf(event);
  if (pressAt !== undefined) pressToSse.observe(Math.max(0, now - pressAt) / 1000);
}

/** `"key": "value"` as jsonb (with a space) or JSON.stringify (without) writes it; escaped quotes never match. */
const stringField = (key: string) => new RegExp(`"${key}": ?"([^"]+)"`);
const LAST_PRESS_AT = stringField('lastPressAt');
const UPDATED_AT = stringField('updatedAt');

function pressTimeOf(event: RealtimeEvent): number | undefined {
  const text = event.json ?? JSON.stringify(event.payload);
  const pressed = LAST_PRESS_AT.exec(text)?.[1];
  if (!pressed || UPDATED_AT.exec(text)?.[1] !== pressed) return undefined;
  const at = Date.parse(pressed);
  return Number.isFinite(at) ? at : undefined;
}

// ── Alerts ───────────────────────────────────────────────────────────────────────────────────────

const escalations = new Counter({
  name: 'vigil_alert_escalations_total',
  help: 'Alerts this instance escalated (SPEC §4: unacknowledged past their zone’s escalation delay), by mode',
  labelNames: ['mode'],
  registers,
});

for (const mode of ALERT_MODES) escalations.inc({ mode }, 0);

/** Counts one escalation; a mode outside ALERT_MODES is counted as 'other'. */
export function countEscalation(mode: string): void {
  escalations.inc({ mode: (ALERT_MODES as readonly string[]).includes(mode) ? mode : 'other' });
}

export const openAlerts = new Gauge({
  name: 'vigil_alerts_open',
  help: 'Open alerts, by mode and state (read from the database at each scrape)',
  labelNames: ['mode', 'state'],
  registers,
});

export const alertsPastEscalation = new Gauge({
  name: 'vigil_alerts_unacknowledged_past_escalation',
  help: 'Open, unacknowledged alerts older than their escalation delay, by mode (read at each scrape)',
  labelNames: ['mode'],
  registers,
});

// ── Gateways ─────────────────────────────────────────────────────────────────────────────────────

export const newestHeartbeatAge = new Gauge({
  name: 'vigil_gateway_newest_heartbeat_age_seconds',
  help: 'Seconds since the newest heartbeat of any deployed gateway (read at each scrape; absent without one)',
  registers,
});

export const silentGateways = new Gauge({
  name: 'vigil_gateways_silent',
  help: 'Deployed gateways without a heartbeat for longer than SPEC §9’s disconnected threshold (2 days)',
  registers,
});

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────────

export const jobQueueDepth = new Gauge({
  name: 'vigil_job_queue_depth',
  help: 'Jobs not finished, by queue and state: due (waiting to run), scheduled (later), active (running)',
  labelNames: ['queue', 'state'],
  registers,
});

export const jobFailures = new Counter({
  name: 'vigil_job_failures_total',
  help: 'Job attempts that failed on this instance (each retry counts), by queue',
  labelNames: ['queue'],
  registers,
});

// ── Notifications ────────────────────────────────────────────────────────────────────────────────

const CHANNELS: ReadonlySet<string> = new Set(CHANNEL_KINDS);
const OUTCOMES = new Set(['delivered', 'pending', 'failed', 'skipped']);

const deliveries = new Counter({
  name: 'vigil_notification_deliveries_total',
  help: 'Notification delivery attempts, by channel and outcome (delivered, retry, failed, skipped)',
  labelNames: ['channel', 'outcome'],
  registers,
});

for (const channel of CHANNEL_KINDS)
  for (const outcome of ['delivered', 'retry', 'failed', 'skipped']) deliveries.inc({ channel, outcome }, 0);

/** Counts one delivery attempt; a `pending` outcome (to be tried again) is the label `retry`. */
export function countDelivery(channel: string, state: string): void {
  if (!OUTCOMES.has(state)) return;
  deliveries.inc({
    channel: CHANNELS.has(channel) ? channel : 'other',
    outcome: state === 'pending' ? 'retry' : state,
  });
}

// ── Database ─────────────────────────────────────────────────────────────────────────────────────

export const databaseInfo = new Gauge({
  name: 'vigil_database_info',
  help: 'The database engine: pglite (embedded) or postgresql (DATABASE_URL); always 1',
  labelNames: ['engine'],
  registers,
});

export const databaseUp = new Gauge({
  name: 'vigil_database_up',
  help: 'Whether the database answered this scrape’s queries (1) or not (0)',
  registers,
});

export const poolConnections = new Gauge({
  name: 'vigil_database_pool_connections',
  help: 'PostgreSQL pool: connections open (busy and idle)',
  registers,
});
export const poolIdle = new Gauge({
  name: 'vigil_database_pool_idle_connections',
  help: 'PostgreSQL pool: open connections not in use',
  registers,
});
export const poolWaiting = new Gauge({
  name: 'vigil_database_pool_waiting_requests',
  help: 'PostgreSQL pool: queries waiting for a connection',
  registers,
});
export const poolMax = new Gauge({
  name: 'vigil_database_pool_max_connections',
  help: 'PostgreSQL pool: the most connections it opens',
  registers,
});
