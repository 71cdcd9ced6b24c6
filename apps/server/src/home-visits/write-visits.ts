import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { HomeVisit, HomeVisitCreateBody, HomeVisitUpdateBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { homeVisits, people, zones } from '../db/schema';
import type { Actor, Caller } from '../platform/caller';
import type { ActorRef } from '../platform/db/columns';
import { badRequest, conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { UUID_RE } from '../platform/db/checks';
import { zoneInScope } from '../platform/scope-sql';
import { visitorInScope } from './list-visits';
import { auditView, findVisit, toVisits, type VisitRow } from './visit-rows';

// Issue 20, SPEC HomeVisit: plan, edit, cancel, check in and check out a visit. Each change and its
// audit row commit together; the visit's row is locked while it is decided.

const ENDS_IN_PAST = 'The visit must end in the future';
const actorRef = (caller: Caller): ActorRef => ({ id: caller.id, name: caller.name });

/** POST /api/home-visits: a remote person of the organisation visits a home of the caller's zones. */
export async function createVisit(
  db: Db,
  actor: Actor,
  body: HomeVisitCreateBody,
  now = new Date(),
): Promise<HomeVisit> {
  const caller = actor.caller;
  if (new Date(body.plannedEnd) <= now) throw badRequest(ENDS_IN_PAST, 'plannedEnd');
  const [person] = await db
    .select({ id: people.id, isRemote: people.isRemote })
    .from(people)
    .where(and(eq(people.id, body.person), visitorInScope(caller)));
  if (!person) throw notFound('Person not found');
  if (!person.isRemote) throw badRequest('Only a remote person makes home visits', 'person');
  const [home] = await db
    .select({ id: zones.id, config: zones.config })
    .from(zones)
    .where(
      and(
        eq(zones.id, body.home),
        sql`${zones.path} @> ${`{${caller.org.id}}`}::uuid[]`,
        zoneInScope(caller.scope),
      ),
    );
  if (!home) throw notFound('Home not found');
  if ((home.config as { category?: unknown }).category !== 'home')
    throw badRequest('The home must be a zone of category home', 'home');

  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .insert(homeVisits)
      .values({
        orgId: caller.org.id,
        personId: person.id,
        homeZoneId: home.id,
        plannedStart: new Date(body.plannedStart),
        plannedEnd: new Date(body.plannedEnd),
        notes: body.notes ?? '',
        createdBy: actorRef(caller),
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'home_visit',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return (await toVisits(tx, [row!]))[0]!;
  });
}

type Change = (row: VisitRow) => Partial<VisitRow>;

/** Locks the visit, decides the change (throwing to refuse it), writes it with its audit row. */
async function changeVisit(db: Db, actor: Actor, id: string, decide: Change): Promise<HomeVisit> {
  if (!UUID_RE.test(id)) throw notFound('Home visit not found');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findVisit(tx, actor.caller, id, true);
    if (!before) throw notFound('Home visit not found');
    const change = decide(before);
    const [row] = await tx
      .update(homeVisits)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(homeVisits.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'home_visit',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return (await toVisits(tx, [row!]))[0]!;
  });
}

/** PATCH /api/home-visits/{id}: new planned times or notes, or a cancel (not once checked in). */
export function updateVisit(db: Db, actor: Actor, id: string, body: HomeVisitUpdateBody, now = new Date()) {
  return changeVisit(db, actor, id, (row) => {
    const change: Partial<VisitRow> = {};
    if (body.notes !== undefined) change.notes = body.notes;
    const timed = body.plannedStart !== undefined || body.plannedEnd !== undefined;
    if (body.cancelled || timed) {
      if (row.cancelledAt) throw conflict('The visit is cancelled', 'visit_cancelled');
      if (row.checkedOutAt) throw conflict('The visit is over', 'visit_over');
    }
    if (timed) {
      const start = body.plannedStart ? new Date(body.plannedStart) : row.plannedStart;
      const end = body.plannedEnd ? new Date(body.plannedEnd) : row.plannedEnd;
      if (end <= start) throw badRequest('The visit must end after it starts', 'plannedEnd');
      if (body.plannedEnd && end <= now) throw badRequest(ENDS_IN_PAST, 'plannedEnd');
      Object.assign(change, { plannedStart: start, plannedEnd: end });
    }
    if (body.cancelled) {
      // The lone-worker timer covers whoever is at the home: a visit under way ends by a check-out.
      if (row.checkedInAt) throw conflict('The visit is under way: check it out instead', 'visit_under_way');
      change.cancelledAt = now;
    }
    return change;
  });
}

/** POST /api/home-visits/{id}/check-in: the staff member arrived (from the console or their app). */
export async function checkIn(db: Db, actor: Actor, id: string, now = new Date()) {
  const visit = await findVisit(db, actor.caller, id);
  if (visit) await refuseSecondVisit(db, visit);
  return changeVisit(db, actor, id, (row) => {
    if (row.cancelledAt) throw conflict('The visit is cancelled', 'visit_cancelled');
    if (row.checkedInAt) throw conflict('The visit is already checked in', 'visit_checked_in');
    return { checkedInAt: now };
  });
}

/** A person is at one home at a time: a press during a visit is located at its home. */
async function refuseSecondVisit(db: Db, visit: VisitRow): Promise<void> {
  const [other] = await db
    .select({ id: homeVisits.id })
    .from(homeVisits)
    .where(
      and(
        eq(homeVisits.personId, visit.personId),
        ne(homeVisits.id, visit.id),
        isNotNull(homeVisits.checkedInAt),
        isNull(homeVisits.checkedOutAt),
        isNull(homeVisits.cancelledAt),
      ),
    )
    .limit(1);
  if (other) throw conflict('This person is checked in to another visit', 'visit_elsewhere');
}

/** POST /api/home-visits/{id}/check-out: the staff member left; the lone-worker timer stops. */
export function checkOut(db: Db, actor: Actor, id: string, now = new Date()) {
  return changeVisit(db, actor, id, (row) => {
    if (row.cancelledAt) throw conflict('The visit is cancelled', 'visit_cancelled');
    if (!row.checkedInAt) throw conflict('The visit is not checked in', 'visit_not_checked_in');
    if (row.checkedOutAt) throw conflict('The visit is already checked out', 'visit_checked_out');
    return { checkedOutAt: now };
  });
}
