import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { DIAGNOSTICS_PASS_PERCENT, DIAGNOSTICS_WINDOW_MS, type GatewayMetrics } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayHeartbeats, gateways, zones } from '../db/schema';
import { badRequest, notFound } from '../platform/errors';
import { type Scope } from '../platform/scope';
import { findZone } from '../zones';

import { gatewayInScope } from './gateway-rows';

/** SPEC §9 'Gateway metrics over 24 hours'; a wider window is refused beyond this. */
export const METRICS_MAX_WINDOW_MS = 31 * 24 * 3_600_000;

/** A diagnostics check of SPEC §9 (button, coverage, floor). */
export type DiagnosticsCheck = keyof typeof DIAGNOSTICS_PASS_PERCENT;
type Check = DiagnosticsCheck;
const CHECKS: Check[] = ['button', 'coverage', 'floor'];
/** A heartbeat's diagnostics reading of `check` (percent); null when it reported none. */
export const diagnosticsReading = (check: Check) =>
  sql`(case when jsonb_typeof(${gatewayHeartbeats.payload}->'diagnostics'->${sql.raw(`'${check}'`)}) = 'number'
    then (${gatewayHeartbeats.payload}->'diagnostics'->>${sql.raw(`'${check}'`)})::float8 end)`;
const reading = diagnosticsReading;

export type MetricsQuery = { zone?: string; gateway?: string; start?: string; end?: string };

/**
 * SPEC §7 GET metrics/gateways?zone=&start=&end= (default: the last 24 hours), from the stored
 * heartbeats: for each check, `total` heartbeats reported it, `count` of them at or above the
 * domain's pass threshold (SPEC §9), `percent` the mean reading (null without readings).
 */
export async function gatewayMetrics(
  db: Db,
  scope: Scope,
  q: MetricsQuery,
): Promise<{ data: GatewayMetrics[] }> {
  const { start, end } = metricsWindow(q);
  const where = await gatewaysAsked(db, scope, q);
  const rows = await readingTotals(db, where, start, end);
  if (q.gateway && rows.length === 0) throw notFound('Gateway not found');
  return { data: rows.map(metricsOf) };
}

/** The window asked for, by default the 24 hours up to now; 400 when empty or over 31 days. */
function metricsWindow(q: MetricsQuery): { start: Date; end: Date } {
  const end = q.end ? new Date(q.end) : new Date();
  const start = q.start ? new Date(q.start) : new Date(end.getTime() - DIAGNOSTICS_WINDOW_MS);
  if (start.getTime() >= end.getTime()) throw badRequest('start must be before end', 'start');
  if (end.getTime() - start.getTime() > METRICS_MAX_WINDOW_MS) {
    throw badRequest('The metrics window may span at most 31 days', 'start');
  }
  return { start, end };
}

/** The gateways measured: the caller's, inside `zone`'s subtree (404 when not in scope), or one. */
async function gatewaysAsked(db: Db, scope: Scope, q: MetricsQuery): Promise<(SQL | undefined)[]> {
  const where: (SQL | undefined)[] = [gatewayInScope(scope)];
  if (q.zone) {
    const zone = await findZone(db, scope, q.zone);
    if (!zone) throw notFound('Zone not found');
    where.push(
      sql`${gateways.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${zone.row.id}}`}::uuid[])`,
    );
  }
  if (q.gateway) where.push(eq(gateways.id, q.gateway));
  return where;
}

/** Per gateway and check: readings reported, readings passing, their mean (one grouped query). */
async function readingTotals(
  db: Db,
  where: (SQL | undefined)[],
  start: Date,
  end: Date,
): Promise<Record<string, unknown>[]> {
  const select: Record<string, SQL> = { gateway: sql<string>`${gateways.id}` };
  for (const check of CHECKS) {
    select[`${check}Total`] = sql<number>`count(${reading(check)})::int`;
    select[`${check}Count`] =
      sql<number>`(count(*) filter (where ${reading(check)} >= ${DIAGNOSTICS_PASS_PERCENT[check]}))::int`;
    select[`${check}Mean`] = sql<number | null>`avg(${reading(check)})`;
  }
  return (await db
    .select(select)
    .from(gateways)
    .leftJoin(
      gatewayHeartbeats,
      and(
        eq(gatewayHeartbeats.gatewayId, gateways.id),
        eq(gatewayHeartbeats.orgId, gateways.orgId),
        gte(gatewayHeartbeats.at, start),
        lt(gatewayHeartbeats.at, end),
      ),
    )
    .where(and(...where))
    .groupBy(gateways.id)
    .orderBy(asc(gateways.id))) as Record<string, unknown>[];
}

/** One gateway's row of totals as SPEC §3 Gateway metrics (percent to one decimal). */
function metricsOf(r: Record<string, unknown>): GatewayMetrics {
  const metric = (check: Check) => {
    const total = Number(r[`${check}Total`]);
    const mean = r[`${check}Mean`];
    return {
      percent: total > 0 && mean !== null ? Math.round(Number(mean) * 10) / 10 : null,
      total,
      count: Number(r[`${check}Count`]),
    };
  };
  return {
    gateway: String(r.gateway),
    button: metric('button'),
    coverage: metric('coverage'),
    floor: metric('floor'),
  };
}
