import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  checkReportRange,
  defaultInterval,
  isTimeZone,
  localDay,
  startOfLocalDay,
  type AnalyticsInterval,
  type LocalDay,
  type analyticsQuerySchema,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Db } from '../platform/db/client';
import type { Caller, ZoneRow } from '../platform/caller';
import { zones } from '../db/schema';
import { badRequest, notFound } from '../platform/errors';
import { isZoneInScope } from '../platform/scope';

export type AnalyticsQueryInput = z.output<typeof analyticsQuerySchema>;

/** An analytics question once checked: which zone, which local days, in which time zone. */
export type AnalyticsRequest = {
  orgId: string;
  zone: { id: string; name: string; isOrg: boolean };
  timeZone: string;
  firstDay: LocalDay;
  lastDay: LocalDay;
  /** The first instant of `firstDay` and of the day after `lastDay`. */
  from: Date;
  until: Date;
  interval: AnalyticsInterval;
  includeTest: boolean;
  /** What the answer depends on, for the cache (never two organisations' or scopes' alike). */
  key: string;
};

/** SPEC §9 / issue 18: the organisation's time zone (its zone config `timeZone`), UTC when unset. */
export function timeZoneOf(org: ZoneRow): string {
  const name = (org.config as { timeZone?: unknown }).timeZone;
  return typeof name === 'string' && name !== '' && isTimeZone(name) ? name : 'UTC';
}

/**
 * Checks an analytics query (the range as REPORT_MAX_RANGE_DAYS allows; the zone inside the
 * caller's scope, else 404) and reads it as the organisation's local days from the day of `start`
 * to the day of `end`: the rollups count whole days.
 */
export async function resolveAnalyticsRequest(
  db: Db,
  caller: Caller,
  query: AnalyticsQueryInput,
): Promise<AnalyticsRequest> {
  const start = new Date(query.start);
  const end = new Date(query.end);
  const refusal = checkReportRange(start, end);
  if (refusal) throw badRequest(refusal.reason, refusal.field);
  const zone = await chosenZone(db, caller, query.zone);
  const timeZone = timeZoneOf(caller.org);
  const firstDay = localDay(start, timeZone);
  const lastDay = localDay(end, timeZone);
  const interval = query.interval ?? defaultInterval(firstDay, lastDay);
  const includeTest = query.includeTest ?? false;
  const roots = [...caller.scope.roots].sort().join(',');
  return {
    orgId: caller.org.id,
    zone: { id: zone.id, name: zone.name, isOrg: zone.id === caller.org.id },
    timeZone,
    firstDay,
    lastDay,
    from: startOfLocalDay(firstDay, timeZone),
    until: startOfLocalDay(addDays(lastDay, 1), timeZone),
    interval,
    includeTest,
    key: [caller.org.id, roots, zone.id, firstDay, lastDay, interval, includeTest].join('|'),
  };
}

/**
 * The zone asked for, which must lie in the caller's scope; by default the organisation, or for a
 * caller granted only part of it, its own zone (or its first granted one).
 */
async function chosenZone(db: Db, caller: Caller, id: string | undefined): Promise<ZoneRow> {
  const { scope } = caller;
  if (id === undefined) {
    if (scope.roots.includes(caller.org.id)) return caller.org;
    if (isZoneInScope(scope, caller.zone)) return caller.zone;
    id = scope.roots[0];
  }
  const [zone] = id
    ? await db
        .select()
        .from(zones)
        .where(and(eq(zones.id, id), sql`${zones.path} @> array[${caller.org.id}::uuid]`))
        .limit(1)
    : [];
  if (!zone || !isZoneInScope(scope, zone)) throw notFound('Zone not found');
  return zone;
}
