import { and, eq } from 'drizzle-orm';
import { canSeePersonEmail, personSearchContact, type Person, type PersonBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { people } from '../db/schema';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { UUID_RE } from '../platform/db/checks';
import { locationNamesOf } from '../zones';

// SPEC §3 Person, §6 person e-mail visibility, §5 and §8 people import.
export type PersonRow = typeof people.$inferSelect;

export const PERSON_TAKEN = 'A person with this person id already exists';

export function personInScope(scope: Scope) {
  return and(eq(people.orgId, scope.orgId), locatedInScope(scope, people.zoneId, people.orgId))!;
}

/** The API shape of a person for this caller's role: the e-mail only where SPEC §6 allows it. */
function toPerson(row: PersonRow, role: string, locationPath: string | null): Person {
  const email = row.contacts.email;
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    personId: row.personId,
    contacts: email && canSeePersonEmail(role) ? { email } : {},
    location: row.zoneId,
    locationPath,
    isRemote: row.isRemote,
    contact: personSearchContact(row, role),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a person: its own fields, whoever looks at the log later. */
export function auditView(row: Pick<PersonRow, 'name' | 'personId' | 'contacts' | 'zoneId' | 'isRemote'>) {
  return {
    name: row.name,
    personId: row.personId,
    contacts: row.contacts,
    location: row.zoneId,
    isRemote: row.isRemote,
  };
}

export async function toPeople(db: Db, rows: PersonRow[], role: string): Promise<Person[]> {
  const names = await locationNamesOf(
    db,
    rows.map((r) => r.zoneId),
  );
  return rows.map((r) => toPerson(r, role, r.zoneId ? (names.get(r.zoneId)?.path ?? null) : null));
}

export async function findPerson(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(people)
    .where(and(eq(people.id, id), personInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export function contactsOf(current: PersonRow['contacts'], body: PersonBody['contacts']) {
  if (body?.email === undefined) return current;
  const { email: _old, ...rest } = current;
  return body.email ? { ...rest, email: body.email } : rest;
}
