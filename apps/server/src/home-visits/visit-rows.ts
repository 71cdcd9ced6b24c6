import { and, eq, sql, type SQL } from 'drizzle-orm';
import { homePointOf, seesOwnVisitsOnly, type Home, type HomeVisit } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { homeVisits, people, zones } from '../db/schema';
import type { Caller } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { locatedInScope } from '../platform/scope-sql';
import { locationPathSql } from '../zones';

// Issue 20, SPEC HomeVisit: how a stored visit is scoped, found and answered.

export type VisitRow = typeof homeVisits.$inferSelect;

/**
 * The visits a caller may see: of its organisation, to a home inside its zones (ARCHITECTURE §4);
 * a remotePerson user, only the visits of the person whose e-mail is the user's (seesOwnVisitsOnly).
 */
export function visitInScope(caller: Caller): SQL {
  const inZones = locatedInScope(caller.scope, homeVisits.homeZoneId, homeVisits.orgId);
  if (!seesOwnVisitsOnly(caller.role)) return inZones;
  return and(
    inZones,
    sql`${homeVisits.personId} in (select ${people.id} from ${people} where ${isCallersPerson(caller)})`,
  )!;
}

/**
 * Issue 20: the person a user is, for a remotePerson's app: the person of the user's organisation
 * whose contacts.email is the user's e-mail, compared without case. A caller without an e-mail (an
 * API key) is nobody.
 */
export function isCallersPerson(caller: Caller): SQL {
  const email = caller.email?.trim().toLowerCase() ?? '';
  return sql`(${email} <> '' and ${people.orgId} = ${caller.org.id}
    and lower(${people.contacts}->>'email') = ${email})`;
}

/** The visit, if the caller may see it; locked for an update when `forUpdate`. */
export async function findVisit(db: Db | Tx, caller: Caller, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(homeVisits)
    .where(and(eq(homeVisits.id, id), visitInScope(caller)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A home zone as the contract shows it: its name is the address. */
export function homeOf(zone: { id: string; name: string; path: string | null; config: unknown }): Home {
  const geometry = (zone.config as { geometry?: unknown } | null)?.geometry;
  return { id: zone.id, name: zone.name, path: zone.path ?? zone.name, point: homePointOf(geometry) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of visits, with their person and home read in one query. */
export async function toVisits(db: Db | Tx, rows: readonly VisitRow[]): Promise<HomeVisit[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const joined = await db
    .select({
      id: homeVisits.id,
      person: { id: people.id, name: people.name, personId: people.personId },
      zone: { id: zones.id, name: zones.name, config: zones.config, path: locationPathSql(zones.id) },
    })
    .from(homeVisits)
    .innerJoin(people, eq(people.id, homeVisits.personId))
    .innerJoin(zones, eq(zones.id, homeVisits.homeZoneId))
    .where(sql`${homeVisits.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  const byId = new Map(joined.map((j) => [j.id, j]));
  return rows.map((row) => {
    const { person, zone } = byId.get(row.id)!;
    return {
      id: row.id,
      person,
      home: homeOf(zone),
      plannedStart: row.plannedStart.toISOString(),
      plannedEnd: row.plannedEnd.toISOString(),
      checkedInAt: iso(row.checkedInAt),
      checkedOutAt: iso(row.checkedOutAt),
      cancelledAt: iso(row.cancelledAt),
      overdueAlertId: row.overdueAlertId,
      notes: row.notes,
      createdBy: row.createdBy ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** What the audit log keeps of a visit. */
export function auditView(row: VisitRow) {
  return {
    person: row.personId,
    home: row.homeZoneId,
    plannedStart: row.plannedStart.toISOString(),
    plannedEnd: row.plannedEnd.toISOString(),
    checkedInAt: iso(row.checkedInAt),
    checkedOutAt: iso(row.checkedOutAt),
    cancelledAt: iso(row.cancelledAt),
    notes: row.notes,
  };
}
