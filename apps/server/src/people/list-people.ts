import { sql } from 'drizzle-orm';
import { canSeePersonEmail, type Person } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { people } from '../db/schema';
import { notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import type { Caller } from '../platform/caller';
import { locationPathSql } from '../zones';
import { findPerson, personInScope, toPeople } from './person-rows';

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
export const LIST_SPECS = { withEmail: personListSpec(true), withoutEmail: personListSpec(false) };

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
