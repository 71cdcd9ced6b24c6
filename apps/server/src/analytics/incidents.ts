import { sql } from 'drizzle-orm';
import { periodsBetween, type IncidentsAnswer } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { AnalyticsRequest } from './analytics-query';
import { DETAIL_ANSWERS } from './detail-answers';
import { packed, unpackCounts } from './packed-counts';
import { dayRows, periodSql, rowsOf, totalRows } from './rollup-sql';
import { answerBounds, locationCounts, type ChildCount } from './answer-parts';

type SeriesPoint = IncidentsAnswer['series'][number];
type SeriesMode = 'help' | 'danger' | 'test';
const SERIES_MODES: readonly string[] = ['help', 'danger', 'test'] satisfies SeriesMode[];

/**
 * GET /api/analytics/incidents: the alerts created in the range, closed ones from the rollups (the
 * chosen zone's rows hold its subtree; its children's rows each child's) and the few still open
 * from the alerts themselves.
 */
export async function computeIncidents(db: Db, req: AnalyticsRequest): Promise<IncidentsAnswer> {
  const closed = await rowsOf<{ period: string; mode: string; alerts: number; details: string }>(
    db,
    sql`select ${periodSql(req.interval)} as period, r.mode, sum(r.alerts)::int as alerts,
          sum(r.details)::text as details
        from analytics_alert_days r
        where r.zone_id = ${req.zone.id}::uuid and ${dayRows(req)}
        group by 1, 2`,
  );
  const children = await rowsOf<ChildCount>(
    db,
    sql`select c.id, c.name, coalesce(sum(r.alerts), 0)::int as alerts
        from zones c left join analytics_alert_days r on r.zone_id = c.id and ${totalRows(req)}
        where c.parent_id = ${req.zone.id}::uuid
        group by c.id, c.name`,
  );
  const open = await openAlerts(db, req);

  const series = new Map<string, SeriesPoint>(
    periodsBetween(req.firstDay, req.lastDay, req.interval).map((period) => [
      period,
      { period, help: 0, danger: 0, test: 0 },
    ]),
  );
  const count = (period: string, mode: string, alerts: number) => {
    const point = series.get(period);
    if (point && SERIES_MODES.includes(mode)) point[mode as SeriesMode] += alerts;
  };
  for (const row of closed) count(row.period, row.mode, row.alerts);
  for (const row of open) count(row.period, row.mode, row.alerts);

  const modes: SeriesMode[] = req.includeTest ? ['help', 'danger', 'test'] : ['help', 'danger'];
  const points = [...series.values()];
  const byMode = modes.map((value) => ({ value, count: points.reduce((n, p) => n + p[value], 0) }));
  const closedTotal = closed.reduce((n, r) => n + r.alerts, 0);
  const openByChild = new Map<string | null, number>();
  for (const row of open) openByChild.set(row.child, (openByChild.get(row.child) ?? 0) + row.alerts);

  return {
    zone: { id: req.zone.id, name: req.zone.name },
    ...answerBounds(req),
    interval: req.interval,
    total: byMode.reduce((n, m) => n + m.count, 0),
    series: points,
    byMode,
    byLocation: locationCounts(req, closedTotal, children, openByChild),
    byDetail: detailCounts(closed.reduce((sum, r) => sum + packed(r.details), 0n)),
  };
}

/** The alerts of the range not closed yet (the rollups hold closed ones): few, from an index of open alerts. */
async function openAlerts(db: Db, req: AnalyticsRequest) {
  const modes = req.includeTest ? sql`` : sql`and a.mode <> 'test'`;
  return rowsOf<{ period: string; mode: string; child: string | null; alerts: number }>(
    db,
    sql`select to_char(date_trunc(${req.interval}, (a.created_at at time zone tz.name)::date::timestamp), 'YYYY-MM-DD')
          as period, a.mode, z.path[array_position(z.path, ${req.zone.id}::uuid) + 1] as child,
          count(*)::int as alerts
        from alerts a
        join zones z on z.id = coalesce(a.zone_id, a.org_id)
        cross join (select analytics_time_zone(${req.orgId}::uuid) as name) tz
        where a.org_id = ${req.orgId}::uuid and a.closed_at is null
          and a.created_at >= ${req.from.toISOString()}::timestamptz
          and a.created_at < ${req.until.toISOString()}::timestamptz
          and z.path @> array[${req.zone.id}::uuid] ${modes}
        group by 1, 2, 3`,
  );
}

/** SPEC §5 incident details: the answers recorded at least once, in the questionnaire's order. */
function detailCounts(total: bigint): IncidentsAnswer['byDetail'] {
  const counts = unpackCounts(total, DETAIL_ANSWERS.length);
  const byDetail: IncidentsAnswer['byDetail'] = { category: [], source: [], injury: [], target: [] };
  DETAIL_ANSWERS.forEach(({ question, value }, i) => {
    if (counts[i]! > 0) byDetail[question].push({ value, count: counts[i]! });
  });
  return byDetail;
}
