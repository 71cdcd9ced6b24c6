import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  canSeePersonEmail,
  parsePeopleCsv,
  personSearchContact,
  type PeopleImportBody,
  type PeopleImportResult,
  type Person,
  type PersonBody,
  type PersonImportRow,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { people } from '../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../platform/errors';
import { writeAudit, writeAudits } from '../platform/audit';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import type { Caller, Actor } from '../platform/caller';
import { locatedInScope } from '../platform/scope-sql';
import { UUID_RE, isUniqueViolation } from '../platform/db/checks';
import { locationInScope, locationNamesOf, locationPathSql } from '../zones';

// SPEC §3 Person, §6 person e-mail visibility, §5 and §8 people import (issue 6).
type PersonRow = typeof people.$inferSelect;

const PERSON_TAKEN = 'A person with this person id already exists';
/** Rows per statement of an import: well under PostgreSQL's 65,535 bound parameters. */
const IMPORT_CHUNK = 1000;

/**
 * The list whitelist. A role that may not see e-mails (SPEC §6) can neither filter nor search on
 * them, so the answer to a search cannot reveal an address either.
 */
function personListSpec(emailVisible: boolean): ListSpec {
  const email = sql`${people.contacts}->>'email'`;
  return {
    fields: {
      name: { sql: people.name, type: 'text' },
      personId: { sql: people.personId, type: 'text' },
      location: { sql: people.zoneId, type: 'uuid' },
      isRemote: { sql: people.isRemote, type: 'boolean' },
      createdAt: { sql: people.createdAt, type: 'timestamp' },
      updatedAt: { sql: people.updatedAt, type: 'timestamp' },
      ...(emailVisible ? { 'contacts.email': { sql: email, type: 'text' as const } } : {}),
    },
    sortable: {
      name: sql`lower(${people.name})`,
      personId: people.personId,
      location: locationPathSql(people.zoneId),
      createdAt: people.createdAt,
      updatedAt: people.updatedAt,
    },
    defaultOrder: 'name',
    idColumn: people.id,
    search: emailVisible ? [people.name, people.personId, email] : [people.name, people.personId],
  };
}
const LIST_SPECS = { withEmail: personListSpec(true), withoutEmail: personListSpec(false) };

function personInScope(scope: Scope) {
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
function auditView(row: Pick<PersonRow, 'name' | 'personId' | 'contacts' | 'zoneId' | 'isRemote'>) {
  return {
    name: row.name,
    personId: row.personId,
    contacts: row.contacts,
    location: row.zoneId,
    isRemote: row.isRemote,
  };
}

async function toPeople(db: Db, rows: PersonRow[], role: string): Promise<Person[]> {
  const names = await locationNamesOf(
    db,
    rows.map((r) => r.zoneId),
  );
  return rows.map((r) => toPerson(r, role, r.zoneId ? (names.get(r.zoneId)?.path ?? null) : null));
}

async function findPerson(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(people)
    .where(and(eq(people.id, id), personInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** GET /api/people: SPEC §7 `query`, `limit` (suggestions ask 20), `orderBy=name`. */
export async function listPeople(db: Db, caller: Caller, query: Record<string, unknown>) {
  const spec = canSeePersonEmail(caller.role) ? LIST_SPECS.withEmail : LIST_SPECS.withoutEmail;
  const parsed = parseListQueryOrThrow(query, spec);
  const page = await runList(db, people, spec, parsed, personInScope(caller.scope));
  return { ...page, data: await toPeople(db, page.data, caller.role) };
}

export async function getPerson(db: Db, caller: Caller, id: string): Promise<Person> {
  const row = await findPerson(db, caller.scope, id);
  if (!row) throw notFound('Person not found');
  return (await toPeople(db, [row], caller.role))[0]!;
}

function contactsOf(current: PersonRow['contacts'], body: PersonBody['contacts']) {
  if (body?.email === undefined) return current;
  const { email: _old, ...rest } = current;
  return body.email ? { ...rest, email: body.email } : rest;
}

export async function createPerson(db: Db, actor: Actor, body: PersonBody): Promise<Person> {
  const caller = actor.caller;
  const zoneId = await locationInScope(db, caller.scope, body.location);
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [row] = await tx
        .insert(people)
        .values({
          orgId: caller.org.id,
          zoneId,
          name: body.name,
          personId: body.personId,
          contacts: contactsOf({}, body.contacts),
          isRemote: body.isRemote ?? false,
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'person',
        entityId: row!.id,
        action: 'create',
        after: auditView(row!),
      });
      return (await toPeople(tx, [row!], caller.role))[0]!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PERSON_TAKEN, 'person_id_taken');
    throw err;
  }
}

/** PUT /api/people/{id}: the body's fields replace the stored ones; absent ones are kept. */
export async function updatePerson(db: Db, actor: Actor, id: string, body: PersonBody): Promise<Person> {
  const caller = actor.caller;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const before = await findPerson(tx, caller.scope, id, true);
      if (!before) throw notFound('Person not found');
      const zoneId =
        body.location === undefined ? before.zoneId : await locationInScope(tx, caller.scope, body.location);
      const [row] = await tx
        .update(people)
        .set({
          name: body.name,
          personId: body.personId,
          contacts: contactsOf(before.contacts, body.contacts),
          zoneId,
          isRemote: body.isRemote ?? before.isRemote,
          updatedAt: new Date(),
        })
        .where(eq(people.id, before.id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'person',
        entityId: before.id,
        action: 'update',
        before: auditView(before),
        after: auditView(row!),
      });
      return (await toPeople(tx, [row!], caller.role))[0]!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PERSON_TAKEN, 'person_id_taken');
    throw err;
  }
}

export async function deletePerson(db: Db, actor: Actor, id: string): Promise<void> {
  const caller = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findPerson(tx, caller.scope, id, true);
    if (!before) throw notFound('Person not found');
    await tx.delete(people).where(eq(people.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'person',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}

/**
 * POST /api/people/import {csv, fileName}: SPEC §5 and §8. The whole file is checked first (the
 * domain's parsePeopleCsv); one refused row refuses it all with 400 `{reason, rows}` and nothing
 * is written. Otherwise every row is upserted on (organisation, personID) in one transaction:
 * a new personID creates an unlocated person, a known one takes the file's name (and e-mail,
 * when the file has one for it). Only a caller holding the whole organisation may import, since
 * the file reaches people of every zone.
 */
export async function importPeople(
  db: Db,
  actor: Actor,
  body: PeopleImportBody,
): Promise<PeopleImportResult> {
  const caller = actor.caller;
  if (!caller.scope.roots.includes(caller.org.id)) {
    throw forbidden('Importing people needs access to the whole organisation');
  }
  const parsed = parsePeopleCsv(body.csv);
  if (!parsed.ok) {
    throw new HttpError(
      400,
      parsed.reason,
      'import_refused',
      undefined,
      parsed.rows ? { rows: parsed.rows } : undefined,
    );
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const result: PeopleImportResult = { created: 0, updated: 0, unchanged: 0 };
    for (let i = 0; i < parsed.rows.length; i += IMPORT_CHUNK) {
      const counted = await importChunk(tx, actor, caller.org.id, parsed.rows.slice(i, i + IMPORT_CHUNK));
      result.created += counted.created;
      result.updated += counted.updated;
      result.unchanged += counted.unchanged;
    }
    await writeAudit(tx, actor, {
      entity: 'peopleImport',
      entityId: actor.requestId,
      action: 'import',
      after: { fileName: body.fileName ?? null, rows: parsed.rows.length, ...result },
    });
    return result;
  });
}

async function importChunk(tx: Db, actor: Actor, orgId: string, rows: PersonImportRow[]) {
  const existing = await tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.orgId, orgId),
        inArray(
          people.personId,
          rows.map((r) => r.personId),
        ),
      ),
    )
    .for('update');
  const byPersonId = new Map(existing.map((p) => [p.personId, p]));
  const fresh: (typeof people.$inferInsert)[] = [];
  const changed: { before: PersonRow; name: string; contacts: PersonRow['contacts'] }[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const before = byPersonId.get(row.personId);
    const contacts = row.email ? { ...before?.contacts, email: row.email } : (before?.contacts ?? {});
    if (!before) fresh.push({ orgId, name: row.name, personId: row.personId, contacts });
    else if (before.name === row.name && before.contacts.email === contacts.email) unchanged += 1;
    else changed.push({ before, name: row.name, contacts });
  }

  const created = fresh.length ? await tx.insert(people).values(fresh).returning() : [];
  if (changed.length > 0) {
    // One statement for the chunk: an import of thousands of known people is one round trip each 1,000.
    const values = sql.join(
      changed.map((c) => sql`(${c.before.id}::uuid, ${c.name}, ${JSON.stringify(c.contacts)}::jsonb)`),
      sql`, `,
    );
    await tx.execute(sql`update ${people} set name = v.name, contacts = v.contacts, updated_at = now()
      from (values ${values}) as v(id, name, contacts) where ${people.id} = v.id`);
  }
  const updated = changed.map((c) => ({
    before: c.before,
    after: { ...c.before, name: c.name, contacts: c.contacts },
  }));
  await writeAudits(tx, actor, [
    ...created.map((p) => ({ entity: 'person', entityId: p.id, action: 'create', after: auditView(p) })),
    ...updated.map((u) => ({
      entity: 'person',
      entityId: u.before.id,
      action: 'update',
      before: auditView(u.before),
      after: auditView(u.after),
    })),
  ]);
  return { created: created.length, updated: updated.length, unchanged };
}
