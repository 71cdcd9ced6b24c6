import { eq } from 'drizzle-orm';
import { type Person, type PersonBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { people } from '../db/schema';
import { conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';
import { isUniqueViolation } from '../platform/db/checks';
import { locationInScope } from '../zones';
import { PERSON_TAKEN, auditView, contactsOf, findPerson, toPeople } from './person-rows';

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
