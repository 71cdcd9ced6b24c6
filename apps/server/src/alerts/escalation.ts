import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_ESCALATION_DELAY_S, mayEscalate } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alerts, zones } from '../db/schema';
import type { JobQueue } from '../platform/jobs';
import { countEscalation } from '../platform/metrics';
import {
  addHistory,
  escalationDelayS,
  loadAlertContext,
  publishAlert,
  type AlertContext,
  type AlertRow,
} from './alert-rows';

/**
 * SPEC §4 escalation: an unacknowledged alert escalates once its zone's delay has passed since it was
 * created, within 1 s, exactly once, across restarts and instances (ARCHITECTURE §9 'Escalation').
 *
 * Exactly once comes from one conditional UPDATE (only an open, unacknowledged, never-escalated
 * created/notified alert of a real mode changes), with its history row and realtime event in the same
 * transaction. Two triggers ask for it, and either may run on any instance, any number of times: a
 * precise in-process timer on the instance that took the press, and a sweep every second, on every
 * instance, of the alerts due. The alert row is the durable timer (created_at plus its zone's delay):
 * after a restart or on another instance the sweep finds it, so no job is stored per alert (one was,
 * until ingest throughput showed it cost a quarter of the database's time per press;
 * docs/BENCHMARKS.md). The worker of ESCALATE_JOB still runs, for jobs an earlier version stored.
 */
export const ESCALATE_JOB = 'alert-escalate';
export const ESCALATION_SWEEP_MS = 1000;

/** What the conditional UPDATE requires; the partial index alerts_escalation_idx covers it. */
const candidate = and(
  isNull(alerts.closedAt),
  isNull(alerts.acknowledgedAt),
  isNull(alerts.escalatedAt),
  inArray(alerts.state, ['created', 'notified']),
  ne(alerts.mode, 'test'),
);

/**
 * The alert's escalation delay in SQL, as `escalationDelayS` reads it: the nearest positive
 * `config.escalationDelayS` on the path of its zone (its organisation when unlocated), else the default.
 */
const delayS = sql`coalesce((
  select (z.config->>'escalationDelayS')::float8
  from ${zones} leaf join ${zones} z on z.id = any(leaf.path)
  where leaf.id = coalesce(${alerts.zoneId}, ${alerts.orgId})
    and jsonb_typeof(z.config->'escalationDelayS') = 'number'
    and (z.config->>'escalationDelayS')::float8 > 0
  order by cardinality(z.path) desc
  limit 1), ${DEFAULT_ESCALATION_DELAY_S}::float8)`;

/** The shortest delay anywhere: alerts younger than that are not due (a range of the partial index). */
const shortestDelayS = sql`(select least(min((config->>'escalationDelayS')::float8), ${DEFAULT_ESCALATION_DELAY_S}::float8)
  from ${zones} where jsonb_typeof(config->'escalationDelayS') = 'number' and (config->>'escalationDelayS')::float8 > 0)`;

/** Due at `now`: the sweep reads only these, not every open alert (a burst leaves hundreds). */
const isDue = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`${alerts.createdAt} <= ${at} - coalesce(${shortestDelayS}, ${DEFAULT_ESCALATION_DELAY_S}::float8) * interval '1 second'
    and ${alerts.createdAt} + ${delayS} * interval '1 second' <= ${at}`;
};

const escalatable = (row: AlertRow) => ({
  state: row.state,
  mode: row.mode,
  acknowledged: row.acknowledgedAt !== null,
  createdAt: row.createdAt,
});

/** When an alert falls due: its creation plus its location's escalation delay. */
export function escalationDueAt(row: AlertRow, ctx: AlertContext): Date {
  return new Date(row.createdAt.getTime() + escalationDelayS(row, ctx) * 1000);
}

async function escalateNow(
  db: Db,
  row: AlertRow,
  ctx: AlertContext,
  now: Date,
): Promise<AlertRow | undefined> {
  const escalated = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(alerts)
      .set({ state: 'escalated', escalatedAt: now, updatedAt: now })
      .where(and(eq(alerts.id, row.id), candidate))
      .returning();
    if (!updated) return undefined; // someone else escalated, acknowledged or closed it first
    await addHistory(tx, updated.id, 'escalated', null, now, { delayS: escalationDelayS(updated, ctx) });
    await publishAlert(tx, updated, ctx);
    return updated;
  });
  if (escalated) countEscalation(escalated.mode);
  return escalated;
}

/** Escalates every alert due at `now` (the sweep; tests pass a `now` in the future). */
export async function escalateDue(db: Db, now: Date = new Date()): Promise<AlertRow[]> {
  const rows = await db
    .select()
    .from(alerts)
    .where(and(candidate, isDue(now)));
  if (rows.length === 0) return [];
  const ctx = await loadAlertContext(db, rows);
  const escalated: AlertRow[] = [];
  for (const row of rows) {
    if (!mayEscalate(escalatable(row), now, escalationDelayS(row, ctx))) continue;
    const done = await escalateNow(db, row, ctx, now);
    if (done) escalated.push(done);
  }
  return escalated;
}

/** Escalates one alert if it is due; else says when it will be (undefined when it never will). */
export async function escalateAlert(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<{ escalated?: AlertRow; dueAt?: Date }> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), candidate))
    .limit(1);
  if (!row) return {};
  const ctx = await loadAlertContext(db, [row]);
  if (!mayEscalate(escalatable(row), now, escalationDelayS(row, ctx))) {
    return { dueAt: escalationDueAt(row, ctx) };
  }
  const escalated = await escalateNow(db, row, ctx, now);
  return escalated ? { escalated } : {};
}

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** This instance's escalation triggers: timers and the 1 s sweep (and the worker of earlier jobs). */
export class EscalationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue | undefined,
    private readonly log: Log,
    private readonly sweepMs = ESCALATION_SWEEP_MS,
  ) {}

  /** Re-arms a timer for every open alert (a restart loses none), works earlier jobs, starts the sweep. */
  async start(): Promise<void> {
    const rows = await this.db.select().from(alerts).where(candidate);
    if (rows.length) {
      const ctx = await loadAlertContext(this.db, rows);
      for (const row of rows) this.arm(row.id, escalationDueAt(row, ctx));
    }
    await this.jobs?.work(ESCALATE_JOB, async (job) => {
      await escalateAlert(this.db, String(job.data.alertId));
    });
    this.sweepTimer = setInterval(() => this.sweep(), this.sweepMs);
    this.sweepTimer.unref();
  }

  /** After a press made or re-opened an unacknowledged alert: a timer here (the sweep is the backup). */
  schedule(row: AlertRow, ctx: AlertContext): void {
    if (row.mode === 'test' || row.acknowledgedAt || row.escalatedAt || row.closedAt) return;
    this.arm(row.id, escalationDueAt(row, ctx));
  }

  /** Drops the timer of an alert that was acknowledged or closed. */
  forget(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  private arm(id: string, dueAt: Date): void {
    this.forget(id);
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        this.track(this.fire(id));
      },
      Math.max(0, dueAt.getTime() - Date.now()),
    );
    timer.unref();
    this.timers.set(id, timer);
  }

  private async fire(id: string): Promise<void> {
    try {
      const { dueAt } = await escalateAlert(this.db, id);
      if (dueAt) this.arm(id, dueAt); // the zone's delay grew, or the timer woke a moment early
    } catch (err) {
      this.log.error({ err, alertId: id }, 'alert escalation failed; the sweep retries');
    }
  }

  private sweep(): void {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    this.track(
      escalateDue(this.db)
        .then((rows) => rows.forEach((row) => this.forget(row.id)))
        .catch((err: unknown) => this.log.error({ err }, 'escalation sweep failed'))
        .finally(() => {
          this.sweeping = false;
        }),
    );
  }

  private track(work: Promise<unknown>): void {
    this.running.add(work);
    void work.then(
      () => this.running.delete(work),
      () => this.running.delete(work),
    );
  }

  /** Stops every trigger and waits for escalations under way (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
