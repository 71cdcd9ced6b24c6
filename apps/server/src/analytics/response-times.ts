import { sql } from 'drizzle-orm';
import {
  RESPONSE_BUCKETS_S,
  percentileFromHistogram,
  periodsBetween,
  responseHistogram,
  type DurationStats,
  type ResponseTimesAnswer,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { AnalyticsRequest } from './analytics-query';
import { answerBounds } from './answer-parts';
import { packed, unpackCounts } from './packed-counts';
import { dayRows, periodSql, rowsOf, totalRows } from './rollup-sql';

/** Closed alerts and their two packed histograms, as a rollup query sums them. */
type Sums = { alerts: number; acknowledge: string | null; close: string | null };
type Hists = { alerts: number; acknowledge: bigint; close: bigint };

const hists = (row: Sums): Hists => ({
  alerts: row.alerts,
  acknowledge: packed(row.acknowledge),
  close: packed(row.close),
});
const SUMS = sql`coalesce(sum(r.alerts), 0)::int as alerts, sum(r.acknowledge_hist)::text as acknowledge,
  sum(r.close_hist)::text as close`;

/**
 * GET /api/analytics/response-times: time to acknowledge and to close of the alerts created in the
 * range and closed since, from the rollups' histograms (percentiles exact to a bucket's width), per
 * local week and per child zone; the slowest alerts from the alerts themselves.
 */
export async function computeResponseTimes(db: Db, req: AnalyticsRequest): Promise<ResponseTimesAnswer> {
  const weeks = await rowsOf<Sums & { week: string }>(
    db,
    sql`select ${periodSql('week')} as week, ${SUMS}
        from analytics_alert_days r
        where r.zone_id = ${req.zone.id}::uuid and ${dayRows(req)}
        group by 1`,
  );
  const children = await rowsOf<Sums & { id: string; name: string }>(
    db,
    sql`select c.id, c.name, ${SUMS}
        from zones c left join analytics_alert_days r on r.zone_id = c.id and ${totalRows(req)}
        where c.parent_id = ${req.zone.id}::uuid
        group by c.id, c.name`,
  );
  const byWeek = new Map(weeks.map((w) => [w.week, hists(w)]));
  const total = [...byWeek.values()].reduce(addHists, EMPTY);
  const locations = children.map((c) => ({ zone: { id: c.id, name: c.name }, ...hists(c) }));
  const own = locations.reduce((rest, c) => subtractHists(rest, c), total);
  if (own.alerts > 0) locations.push({ zone: { id: req.zone.id, name: req.zone.name }, ...own });

  return {
    zone: { id: req.zone.id, name: req.zone.name },
    ...answerBounds(req),
    acknowledge: durationStats(total.acknowledge),
    close: durationStats(total.close),
    weekly: periodsBetween(req.firstDay, req.lastDay, 'week').map((week) => ({
      week,
      ...percentiles(byWeek.get(week) ?? EMPTY),
    })),
    byLocation: locations
      .map(({ zone, ...h }) => ({ zone, ...percentiles(h) }))
      .sort((a, b) => b.count - a.count || a.zone.name.localeCompare(b.zone.name)),
    slowest: await slowestAlerts(db, req),
  };
}

const EMPTY: Hists = { alerts: 0, acknowledge: 0n, close: 0n };

function addHists(a: Hists, b: Hists): Hists {
  return {
    alerts: a.alerts + b.alerts,
    acknowledge: a.acknowledge + b.acknowledge,
    close: a.close + b.close,
  };
}

/** The chosen zone's own alerts: its subtree's less its children's (each digit stays ≥ 0). */
function subtractHists(a: Hists, b: Hists): Hists {
  return {
    alerts: a.alerts - b.alerts,
    acknowledge: a.acknowledge - b.acknowledge,
    close: a.close - b.close,
  };
}

function percentiles(h: Hists) {
  const acknowledge = responseHistogram(unpackCounts(h.acknowledge, RESPONSE_BUCKETS_S.length));
  const close = responseHistogram(unpackCounts(h.close, RESPONSE_BUCKETS_S.length));
  return {
    count: h.alerts,
    acknowledgeP50: percentileFromHistogram(acknowledge, 0.5),
    acknowledgeP90: percentileFromHistogram(acknowledge, 0.9),
    closeP50: percentileFromHistogram(close, 0.5),
    closeP90: percentileFromHistogram(close, 0.9),
  };
}

/** Count, p50, p90 and the histogram from its first to its last non-empty bucket. */
function durationStats(value: bigint): DurationStats {
  const histogram = responseHistogram(unpackCounts(value, RESPONSE_BUCKETS_S.length));
  const used = histogram.flatMap((b, i) => (b.count > 0 ? [i] : []));
  return {
    count: histogram.reduce((n, b) => n + b.count, 0),
    p50: percentileFromHistogram(histogram, 0.5),
    p90: percentileFromHistogram(histogram, 0.9),
    histogram: used.length === 0 ? [] : histogram.slice(used[0], used.at(-1)! + 1),
  };
}

/** How many of the slowest alerts an answer lists. */
export const SLOWEST_ALERTS = 10;

/**
 * The closed alerts of the range that waited longest for an answer (until acknowledged, or closed
 * when nobody acknowledged them): alerts_org_response_idx read backwards, a top-N read.
 */
async function slowestAlerts(db: Db, req: AnalyticsRequest): Promise<ResponseTimesAnswer['slowest']> {
  const inZone = req.zone.isOrg
    ? sql``
    : sql`and a.zone_id in (select s.id from zones s where s.path @> array[${req.zone.id}::uuid])`;
  const modes = req.includeTest ? sql`` : sql`and a.mode <> 'test'`;
  const rows = await rowsOf<{
    id: string;
    tag: string;
    mode: string;
    location: string | null;
    created_at: string;
    acknowledge_s: number | null;
    close_s: number | null;
  }>(
    db,
    sql`select a.id, a.tag_id as tag, a.mode, z.name as location,
          to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          extract(epoch from a.acknowledged_at - a.created_at)::float8 as acknowledge_s,
          extract(epoch from a.closed_at - a.created_at)::float8 as close_s
        from alerts a left join zones z on z.id = a.zone_id
        where a.org_id = ${req.orgId}::uuid and a.closed_at is not null
          and a.created_at >= ${req.from.toISOString()}::timestamptz
          and a.created_at < ${req.until.toISOString()}::timestamptz ${modes} ${inZone}
        order by coalesce(a.acknowledged_at, a.closed_at) - a.created_at desc
        limit ${SLOWEST_ALERTS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    tag: r.tag,
    mode: r.mode,
    location: r.location,
    createdAt: r.created_at,
    acknowledgeS: r.acknowledge_s,
    closeS: r.close_s,
  }));
}
