/**
 * The gauges of stored state, read when /metrics is scraped (a scrape every 15 s or so): a few
 * grouped statements, each over a partial index or a small table, one after another so that the
 * alert path may run between them on embedded PGlite's one connection. The tables are named in SQL,
 * as the embedded database's maintenance names them (db/client.ts): platform imports no area.
 */
import {
  ALARM_STATES,
  ALERT_MODES,
  DEFAULT_ESCALATION_DELAY_S,
  DISCONNECTED_THRESHOLD_MS,
} from '@vigil/domain';
import type { Gauge } from 'prom-client';
import type { Database } from './db/client';
import { countUnfinishedJobs } from './jobs';
import {
  alertsPastEscalation,
  databaseInfo,
  databaseUp,
  jobQueueDepth,
  newestHeartbeatAge,
  openAlerts,
  poolConnections,
  poolIdle,
  poolMax,
  poolWaiting,
  silentGateways,
} from './metrics';

type Log = { warn: (obj: object, msg: string) => void };

/** Sets every gauge of stored state; a database that fails leaves them absent and vigil_database_up 0. */
export async function collectStoredState(database: Database, log: Log): Promise<void> {
  databaseInfo.reset();
  databaseInfo.set({ engine: database.kind === 'pg' ? 'postgresql' : 'pglite' }, 1);
  collectPool(database);
  try {
    await collectAlerts(database);
    await collectGateways(database);
    await collectJobs(database);
    databaseUp.set(1);
  } catch (err) {
    log.warn({ err }, 'metrics: the database did not answer the scrape');
    for (const gauge of [openAlerts, alertsPastEscalation, newestHeartbeatAge, silentGateways, jobQueueDepth])
      clear(gauge);
    databaseUp.set(0);
  }
}

/** Leaves a gauge without a sample: reset() alone keeps an unlabelled one at 0, a value it does not know. */
function clear(gauge: Gauge): void {
  gauge.reset();
  gauge.remove({});
}

/** PostgreSQL's pool as node-postgres counts it; nothing on PGlite (one connection, no pool). */
function collectPool(database: Database): void {
  const pool = database.pool;
  for (const gauge of [poolConnections, poolIdle, poolWaiting, poolMax]) clear(gauge);
  if (!pool) return;
  poolConnections.set(pool.totalCount);
  poolIdle.set(pool.idleCount);
  poolWaiting.set(pool.waitingCount);
  poolMax.set(pool.options.max ?? 10);
}

/**
 * Open alerts by mode and state (every pair present, zeros included, so a rule never meets an absent
 * series), and the open, unacknowledged ones past escalation: those the escalation sweep escalated,
 * and, should the sweep not run, those older than the longest escalation delay any zone sets.
 */
async function collectAlerts({ sql }: Database): Promise<void> {
  const open = await sql.query<{ mode: string; state: string; n: number }>(
    `select mode, state, count(*)::int as n from alerts where closed_at is null group by 1, 2`,
  );
  const late = await sql.query<{ mode: string; n: number }>(
    `select mode, count(*)::int as n from alerts
     where closed_at is null and acknowledged_at is null and mode <> 'test'
       and state in (${ALARM_STATES.map((s) => `'${s}'`).join(', ')})
       and (escalated_at is not null or created_at <= now() - interval '1 second' * (
         select greatest($1::float8, coalesce(max((config->>'escalationDelayS')::float8), 0)) from zones
         where jsonb_typeof(config->'escalationDelayS') = 'number'))
     group by 1`,
    [DEFAULT_ESCALATION_DELAY_S],
  );
  openAlerts.reset();
  alertsPastEscalation.reset();
  for (const mode of ALERT_MODES) {
    alertsPastEscalation.set({ mode }, 0);
    for (const state of ALARM_STATES) openAlerts.set({ mode, state }, 0);
  }
  for (const r of open.rows) openAlerts.set({ mode: r.mode, state: r.state }, Number(r.n));
  for (const r of late.rows) alertsPastEscalation.set({ mode: r.mode }, Number(r.n));
}

/** Deployed gateways (gateways_config_state_idx): the newest heartbeat's age, and the silent ones (SPEC §9). */
async function collectGateways({ sql }: Database): Promise<void> {
  const { rows } = await sql.query<{ age: number | null; silent: number }>(
    `with g as (
       select case when state->>'updatedAt' ~ '^\\d{4}-\\d{2}-\\d{2}T'
         then (state->>'updatedAt')::timestamptz end as last
       from gateways where config->>'state' = 'deployed')
     select extract(epoch from now() - max(last))::float8 as age,
       count(*) filter (where last is null or last < now() - $1::float8 * interval '1 millisecond')::int as silent
     from g`,
    [DISCONNECTED_THRESHOLD_MS],
  );
  const row = rows[0];
  clear(newestHeartbeatAge);
  if (row?.age !== null && row?.age !== undefined) newestHeartbeatAge.set(Math.max(0, Number(row.age)));
  silentGateways.set(Number(row?.silent ?? 0));
}

async function collectJobs({ sql }: Database): Promise<void> {
  const rows = await countUnfinishedJobs(sql);
  jobQueueDepth.reset();
  for (const r of rows) jobQueueDepth.set({ queue: r.name, state: r.state }, r.jobs);
}
