import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue 18: the closed alerts of each local day and month, rolled up per zone (ARCHITECTURE §9
 * 'Analytics rollups'). An alert counts in the rows of every zone on its location's path from its
 * organisation down (an unlocated alert: the organisation's only), so one zone's rows answer for
 * its whole subtree. `day` is the local day of the alert's creation in the organisation's time
 * zone (`grain` 'day'), or the first day of its month (`grain` 'month': what long ranges read).
 * Kept by triggers on `alerts` and `zones` (migration 0016); `analytics_rollup_rows(org)`
 * recomputes them from the raw alerts.
 *
 * The three counters are packed histograms: a numeric whose base-10⁹ digits are counts, digit i
 * (from the right) counting bucket i, so `sum()` adds histograms and the rows stay narrow. Decoded
 * by analytics/packed-counts.ts. No foreign keys: the rows are derived, the triggers remove a
 * deleted zone's, and a rebuild would pay one key check per row.
 */
export const analyticsAlertDays = pgTable(
  'analytics_alert_days',
  {
    orgId: uuid('org_id').notNull(),
    zoneId: uuid('zone_id').notNull(),
    /** 'day' or 'month'. */
    grain: text('grain').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    mode: text('mode').notNull(),
    /** Closed alerts created that day (month). */
    alerts: integer('alerts').notNull(),
    /** Time to acknowledge, per bucket of the domain's RESPONSE_BUCKETS_S (acknowledged alerts only). */
    acknowledgeHist: numeric('acknowledge_hist').notNull(),
    /** Time to close, per bucket of RESPONSE_BUCKETS_S. */
    closeHist: numeric('close_hist').notNull(),
    /** SPEC §5 incident details: per answer of analytics/detail-answers.ts (each alert once per answer). */
    details: numeric('details').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.grain, t.day, t.mode] })],
);
