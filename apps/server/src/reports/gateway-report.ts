import { sql } from 'drizzle-orm';
import { DIAGNOSTICS_WINDOW_MS, disconnectedBefore, type ReportGatewayRow } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import { gatewayHeartbeats, gateways } from '../db/schema';
import {
  isoOrNull,
  locationPaths,
  objectOf,
  textOf,
  type LocationPaths,
  type ReportKind,
  type SourceRow,
} from './report-kind';
import type { ReportRequest } from './report-request';
import {
  DIAGNOSTICS_CHECKS,
  gatewayStateSql,
  lastUpdateSql,
  lastUpdateText,
  readingSql,
  timeCompare,
} from './report-sql';

// SPEC §2.1 System Health: /health/disconnected-gateways (§9 disconnected threshold, §3 metrics).

type Metrics = ReportGatewayRow['metrics'];
const NO_METRICS: Metrics = { heartbeats: 0, button: null, coverage: null, floor: null };

/**
 * SPEC §3 Gateway metrics over the 24 hours before each gateway's last update: the heartbeats
 * stored, and each check's mean reading (percent, one decimal; null without readings). One grouped
 * read for a page, each gateway's window through gateway_heartbeats_gateway_at_idx.
 */
async function metricsOf(db: Db, orgId: string, ids: string[]): Promise<Map<string, Metrics>> {
  if (ids.length === 0) return new Map();
  const means = DIAGNOSTICS_CHECKS.map((check) => sql`avg(${readingSql(check)}) as ${sql.identifier(check)}`);
  const result = (await db.execute(sql`
    select ${gateways.id} as id, count(${gatewayHeartbeats.id})::int as heartbeats, ${sql.join(means, sql`, `)}
    from ${gateways}
    left join ${gatewayHeartbeats} on ${gatewayHeartbeats.gatewayId} = ${gateways.id}
      and ${gatewayHeartbeats.orgId} = ${gateways.orgId}
      and ${gatewayHeartbeats.at} <= ${lastUpdateSql}
      and ${gatewayHeartbeats.at} > ${lastUpdateSql} - ${`${DIAGNOSTICS_WINDOW_MS} milliseconds`}::interval
    where ${gateways.orgId} = ${orgId}
      and ${gateways.id} = any(${jsonArray(ids)})
    group by ${gateways.id}`)) as unknown as { rows: Record<string, unknown>[] };
  const percent = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return new Map(
    result.rows.map((r) => [
      String(r.id),
      {
        heartbeats: Number(r.heartbeats),
        button: percent(r.button),
        coverage: percent(r.coverage),
        floor: percent(r.floor),
      },
    ]),
  );
}

async function gatewayRows(
  db: Db,
  req: ReportRequest,
  rows: SourceRow[],
  cache?: LocationPaths,
): Promise<ReportGatewayRow[]> {
  const [paths, metrics] = await Promise.all([
    locationPaths(
      db,
      rows.map((r) => r.zoneId),
      cache,
    ),
    metricsOf(
      db,
      req.scope.orgId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: textOf(r.config.name),
    sku: textOf(objectOf(r.config.logistics).sku),
    location: (r.zoneId && paths.get(r.zoneId)) || null,
    zoneId: r.zoneId,
    status: textOf(r.state.status),
    lastUpdate: isoOrNull(r.state.updatedAt),
    metrics: metrics.get(r.id) ?? NO_METRICS,
  }));
}

/**
 * Disconnected gateways: deployed gateways (a gateway in stock, returned or lost is not expected to
 * report) whose last update is inside the range and older than the threshold (domain
 * `disconnectedBefore`, the verdict of `isGatewayDisconnected`). A gateway that never reported has
 * no date to place it in a range.
 */
export const disconnectedGateways: ReportKind<ReportGatewayRow> = {
  table: gateways,
  columns: {
    id: gateways.id,
    zoneId: gateways.zoneId,
    orgId: gateways.orgId,
    config: gateways.config,
    state: gateways.state,
  },
  where: (req) =>
    sql.join(
      [
        sql`${gatewayStateSql} = 'deployed'`,
        timeCompare(lastUpdateText, lastUpdateSql, '>=', req.start),
        timeCompare(lastUpdateText, lastUpdateSql, '<=', req.end),
        timeCompare(lastUpdateText, lastUpdateSql, '<', disconnectedBefore(req.now, req.thresholdDays)),
      ],
      sql` and `,
    ),
  // The text, which sorts as time: no row is read as a time to be sorted.
  order: () => ({ lastUpdate: lastUpdateText }),
  rows: gatewayRows,
  csvColumns: [
    { header: 'Gateway', value: (r) => r.id },
    { header: 'Name', value: (r) => r.name },
    { header: 'SKU', value: (r) => r.sku },
    { header: 'Location', value: (r) => r.location },
    { header: 'Status', value: (r) => r.status },
    { header: 'Last update', date: (r) => r.lastUpdate },
    { header: 'Heartbeats (24 h)', value: (r) => r.metrics.heartbeats },
    { header: 'Button (%)', value: (r) => r.metrics.button },
    { header: 'Coverage (%)', value: (r) => r.metrics.coverage },
    { header: 'Floor (%)', value: (r) => r.metrics.floor },
  ],
};
