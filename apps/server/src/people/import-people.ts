import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  parsePeopleCsv,
  type PeopleImportBody,
  type PeopleImportResult,
  type PersonImportRow,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { people } from '../db/schema';
import { HttpError, forbidden } from '../platform/errors';
import { writeAudit, writeAudits } from '../platform/audit';
import type { Actor } from '../platform/caller';
import type { PersonRow } from './person-rows';
import { auditView } from './person-rows';

/** Rows per statement of an import: well under PostgreSQL's 65,535 bound parameters. */
const IMPORT_CHUNK = 1000;

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
