import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { VISIT_OVERDUE_GRACE_MIN, nextOnNotify, shouldRaiseOverdue } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonRecordset } from '../platform/db/json-params';
import { alerts, homeVisits, notificationTriggers, people, tags } from '../db/schema';
import { addHistory, loadAlertContext, publishAlerts, type AlertRow } from '../alerts';

/**
 * Issue 20, the lone-worker timer: a visit not checked out VISIT_OVERDUE_GRACE_MIN after its planned
 * end raises one alert (mode help, at the home, `visit_id` set), once, across restarts and instances.
 *
 * Once comes from the visit row, as escalation's comes from the alert row: the sweep locks the due
 * visits (skipping those another instance holds), and in the same transaction inserts each alert
 * and sets the visit's `overdue_alert_id` in one statement, with its history, notification trigger
 * and realtime event (the outbox, as a press's). A visit with `overdue_alert_id` set is never a
 * candidate again (partial index home_visits_overdue_idx), whichever instance or restart looks.
 */
export const VISIT_SWEEP_MS = 10_000;
/** Most visits one sweep raises; the rest wait for the next. */
const SWEEP_BATCH = 100;

/**
 * The alert's tag: the visiting person's own tag (the first by id, owner.personId = the person's)
 * when it has no open alert (a tag has one open alert at most), else `visit-<visit id>`, which no
 * MAC (12 hex digits) can be.
 */
export const overdueTagOf = (visitId: string) => `visit-${visitId}`;

const ownFreeTag = sql<string | null>`(select tg.id from ${tags} tg
  where tg.org_id = ${homeVisits.orgId} and tg.config->'owner'->>'personId' = ${people.personId}
    and not exists (select 1 from ${alerts} a where a.tag_id = tg.id and a.closed_at is null)
  order by tg.id limit 1)`;

/** Raises the alert of every visit overdue at `now` (tests pass a `now` of their own). */
export async function raiseOverdueVisits(db: Db, now: Date = new Date()): Promise<AlertRow[]> {
  const cutoff = new Date(now.getTime() - VISIT_OVERDUE_GRACE_MIN * 60_000);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const due = await tx
      .select({ visit: homeVisits, tag: ownFreeTag })
      .from(homeVisits)
      .innerJoin(people, eq(people.id, homeVisits.personId))
      .where(
        and(
          isNull(homeVisits.checkedOutAt),
          isNull(homeVisits.cancelledAt),
          isNull(homeVisits.overdueAlertId),
          lte(homeVisits.plannedEnd, cutoff),
        ),
      )
      .orderBy(homeVisits.plannedEnd)
      .limit(SWEEP_BATCH)
      .for('update', { of: homeVisits, skipLocked: true });
    const raise = due.filter(({ visit }) =>
      shouldRaiseOverdue({ ...visit, overdueAlertAt: visit.overdueAlertId ? now : null }, now),
    );
    if (raise.length === 0) return [];
    const ids = await insertAlerts(tx, raise, now);
    if (ids.length === 0) return [];
    const rows = await tx.select().from(alerts).where(inArray(alerts.id, ids));
    for (const row of rows) {
      const details = { visit: row.visitId, overdue: true };
      await addHistory(tx, row.id, 'created', null, now, details);
      await addHistory(tx, row.id, 'notified', null, now);
    }
    await tx
      .insert(notificationTriggers)
      .values(rows.map((row) => ({ orgId: row.orgId, kind: 'created', alertId: row.id, at: now })));
    await publishAlerts(tx, rows, await loadAlertContext(tx, rows));
    return rows;
  });
}

/**
 * One statement: the alerts, and each visit's `overdue_alert_id`. A tag that an alert took since
 * the visits were read (a press) makes its insert do nothing, and the visit waits for the next sweep.
 */
async function insertAlerts(
  tx: Db,
  raise: { visit: typeof homeVisits.$inferSelect; tag: string | null }[],
  now: Date,
): Promise<string[]> {
  const at = now.toISOString();
  const values = jsonRecordset(
    raise.map(({ visit, tag }) => ({
      alert_id: randomUUID(),
      visit_id: visit.id,
      org_id: visit.orgId,
      zone_id: visit.homeZoneId,
      tag_id: tag ?? overdueTagOf(visit.id),
    })),
    'alert_id uuid, visit_id uuid, org_id uuid, zone_id uuid, tag_id text',
  );
  const result = await tx.execute(sql`with a as (
      insert into ${alerts} (id, org_id, zone_id, tag_id, state, mode, press_count, visit_id,
        last_press_at, created_at, updated_at)
      select v.alert_id, v.org_id, v.zone_id, v.tag_id, ${nextOnNotify('created')}, 'help', 1, v.visit_id,
        ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      from ${values}
      on conflict do nothing
      returning id, visit_id
    ), u as (
      update ${homeVisits} hv set overdue_alert_id = a.id, updated_at = ${at}::timestamptz
      from a where hv.id = a.visit_id
      returning 1
    )
    select a.id from a`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

type Log = { error: (obj: object, msg: string) => void };

/** This instance's lone-worker sweep: at start (awaited) and every VISIT_SWEEP_MS. */
export class VisitOverdueSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly sweepMs = VISIT_SWEEP_MS,
  ) {}

  /** Raises what fell overdue while no instance ran (a restart), then sweeps on a timer. */
  async start(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  /** One sweep; a sweep under way is not started twice. */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= raiseOverdueVisits(this.db)
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'overdue visit sweep failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the timer and waits for a sweep under way (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
