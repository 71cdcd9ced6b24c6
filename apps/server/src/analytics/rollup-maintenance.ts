import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from './rollup-sql';

/**
 * A bulk load of closed alerts with the per-alert rollup trigger off, then the organisation's
 * rollups recomputed in one pass (instead of one upsert per alert and zone of its path). `tx` must
 * be a transaction, so the trigger is never seen off and the rollups never disagree with the alerts.
 */
export async function withRollupsRebuilt(tx: Db, orgId: string, load: () => Promise<void>): Promise<void> {
  await tx.execute(sql`alter table alerts disable trigger analytics_alerts_insert`);
  await load();
  await tx.execute(sql`alter table alerts enable trigger analytics_alerts_insert`);
  await rebuildRollups(tx, orgId);
}

/** Recomputes an organisation's rollups from its alerts (migration 0016's analytics_rebuild). */
export async function rebuildRollups(db: Db, orgId: string): Promise<void> {
  await db.execute(sql`select analytics_rebuild(${orgId}::uuid)`);
}

/** How many rollup rows an organisation has. */
export async function rollupRowCount(db: Db, orgId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from analytics_alert_days where org_id = ${orgId}::uuid`,
  );
  return row?.n ?? 0;
}

/**
 * The rows where an organisation's rollups and a recomputation from its raw alerts disagree (each
 * side's row, `side` naming it): none when they agree.
 */
export async function rollupMismatches(db: Db, orgId: string) {
  return rowsOf<{
    side: 'stored' | 'recomputed';
    zone_id: string;
    grain: string;
    day: string;
    mode: string;
    alerts: number;
  }>(
    db,
    sql`with stored as (
          select zone_id, grain, day, mode, alerts, acknowledge_hist, close_hist, details
          from analytics_alert_days where org_id = ${orgId}::uuid
        ), recomputed as (
          select zone_id, grain, day, mode, alerts, acknowledge_hist, close_hist, details
          from analytics_rollup_rows(${orgId}::uuid)
        )
        select 'stored' as side, zone_id, grain, to_char(day, 'YYYY-MM-DD') as day, mode, alerts
        from (select * from stored except select * from recomputed) s
        union all
        select 'recomputed', zone_id, grain, to_char(day, 'YYYY-MM-DD'), mode, alerts
        from (select * from recomputed except select * from stored) r`,
  );
}
