import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ORG_TIME_ZONE,
  PAGE_LIMIT,
  VISIT_OVERDUE_GRACE_MIN,
  seesOwnVisitsOnly,
  addDays,
  startOfLocalDay,
  type HomeVisit,
  type HomeVisitOptions,
  type HomeVisitsQuery,
  type VisitState,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { homeVisits, people, zones } from '../db/schema';
import type { Caller } from '../platform/caller';
import { notFound } from '../platform/errors';
import { locatedInScope, zoneInScope } from '../platform/scope-sql';
import { locationNamesOf } from '../zones';
import { findVisit, homeOf, isCallersPerson, toVisits, visitInScope } from './visit-rows';

/**
 * A visit's state in SQL, as rules.ts `visitState` decides it at `now`: overdue once `now` is
 * VISIT_OVERDUE_GRACE_MIN past the planned end without a check-out (the domain's table test holds
 * the cases; the API test checks this filter against visitState).
 */
function stateIs(state: VisitState, now: Date): SQL {
  const overdueIfEndedBy = new Date(now.getTime() - VISIT_OVERDUE_GRACE_MIN * 60_000);
  const cutoff = sql`${overdueIfEndedBy.toISOString()}::timestamptz`;
  const v = homeVisits;
  const open = sql`${v.cancelledAt} is null and ${v.checkedOutAt} is null`;
  switch (state) {
    case 'cancelled':
      return sql`${v.cancelledAt} is not null`;
    case 'done':
      return sql`${v.cancelledAt} is null and ${v.checkedOutAt} is not null`;
    case 'overdue':
      return sql`${open} and ${v.plannedEnd} <= ${cutoff}`;
    case 'in-progress':
      return sql`${open} and ${v.plannedEnd} > ${cutoff} and ${v.checkedInAt} is not null`;
    case 'planned':
      return sql`${open} and ${v.plannedEnd} > ${cutoff} and ${v.checkedInAt} is null`;
  }
}

/** The instants of an organisation's local day (its config.timeZone, UTC when unset, issue 18). */
function dayRange(org: Caller['org'], day: string): { from: Date; until: Date } {
  const zone = (org.config as { timeZone?: unknown }).timeZone;
  const timeZone = typeof zone === 'string' && zone ? zone : DEFAULT_ORG_TIME_ZONE;
  return { from: startOfLocalDay(day, timeZone), until: startOfLocalDay(addDays(day, 1), timeZone) };
}

/** GET /api/home-visits: the caller's visits, filtered, soonest first (`{data, total}`). */
export async function listVisits(
  db: Db,
  caller: Caller,
  query: HomeVisitsQuery,
  now = new Date(),
): Promise<{ data: HomeVisit[]; total: number }> {
  const where: SQL[] = [visitInScope(caller)];
  if (query.person) where.push(eq(homeVisits.personId, query.person));
  if (query.state) where.push(stateIs(query.state, now));
  if (query.day) {
    const { from, until } = dayRange(caller.org, query.day);
    where.push(sql`${homeVisits.plannedStart} < ${until.toISOString()}::timestamptz`);
    where.push(sql`${homeVisits.plannedEnd} > ${from.toISOString()}::timestamptz`);
  }
  const filter = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(homeVisits)
      .where(filter)
      .orderBy(asc(homeVisits.plannedStart), asc(homeVisits.id))
      .limit(query.limit ?? PAGE_LIMIT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(homeVisits)
      .where(filter),
  ]);
  return { data: await toVisits(db, rows), total: count?.n ?? 0 };
}

export async function getVisit(db: Db, caller: Caller, id: string): Promise<HomeVisit> {
  const row = await findVisit(db, caller, id);
  if (!row) throw notFound('Home visit not found');
  return (await toVisits(db, [row]))[0]!;
}

/** A zone of category home, of the caller's organisation and zones. */
export function homeInScope(caller: Caller): SQL {
  return sql`${zones.config}->>'category' = 'home'
    and ${zones.path} @> ${`{${caller.org.id}}`}::uuid[] and ${zoneInScope(caller.scope)}`;
}

/**
 * Who may be planned a visit: the remote people of the caller's organisation and zones (SPEC §3
 * Person isRemote); a remotePerson user plans their own visits only.
 */
export function visitorInScope(caller: Caller): SQL {
  return and(
    eq(people.orgId, caller.org.id),
    locatedInScope(caller.scope, people.zoneId, people.orgId),
    seesOwnVisitsOnly(caller.role) ? isCallersPerson(caller) : undefined,
  )!;
}

/** GET /api/home-visits/options: who may visit and which homes, for a new visit's pickers. */
export async function visitOptions(db: Db, caller: Caller): Promise<HomeVisitOptions> {
  const [persons, homes] = await Promise.all([
    db
      .select({ id: people.id, name: people.name, personId: people.personId })
      .from(people)
      .where(and(visitorInScope(caller), eq(people.isRemote, true)))
      .orderBy(sql`lower(${people.name})`)
      .limit(PAGE_LIMIT),
    db
      .select({ id: zones.id, name: zones.name, config: zones.config })
      .from(zones)
      .where(homeInScope(caller))
      .orderBy(sql`lower(${zones.name})`)
      .limit(PAGE_LIMIT),
  ]);
  const paths = await locationNamesOf(
    db,
    homes.map((h) => h.id),
  );
  return {
    people: persons,
    homes: homes.map((h) => homeOf({ ...h, path: paths.get(h.id)?.path ?? null })),
  };
}
