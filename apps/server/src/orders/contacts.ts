import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  parseContactValue,
  type OrderBookFilters,
  type OrderContactBody,
  type OrderContactUpdate,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { orderContacts, orderRecipients, orders } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { badRequest, notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import {
  CONTACT_NOT_FOUND,
  RECIPIENT_NOT_FOUND,
  auditView,
  findInBook,
  refuseIfActiveOrderNames,
  toContact,
} from './book-rows';

// SPEC §7 GET orders/contacts, SPEC §3 Order contact (kinds sms, email, ascom, connexall, vocera,
// wctp, tiger) and their writes (issue 22); an sms number is parsed as US and kept in E.164 (SPEC §5).

export const CONTACT_LIST_SPEC: ListSpec = {
  fields: { kind: { sql: orderContacts.kind, type: 'text' } },
  sortable: {
    name: sql`lower(${orderContacts.name})`,
    kind: orderContacts.kind,
    createdAt: orderContacts.createdAt,
  },
  defaultOrder: 'createdAt',
  idColumn: orderContacts.id,
  search: [orderContacts.name, orderContacts.value],
};

/** GET /api/orders/contacts?recipient=: the caller's book, one recipient's when asked. */
export async function listContacts(
  db: Db,
  orgId: string,
  query: Record<string, unknown>,
  filters: OrderBookFilters,
) {
  const parsed = parseListQueryOrThrow(query, CONTACT_LIST_SPEC);
  const where: SQL = and(
    eq(orderContacts.orgId, orgId),
    filters.recipient ? eq(orderContacts.recipientId, filters.recipient) : undefined,
  )!;
  const page = await runList(db, orderContacts, CONTACT_LIST_SPEC, parsed, where);
  return { ...page, data: page.data.map(toContact) };
}

/** The stored fields: the value in its kind's form, or 400 with the domain's reason ('Invalid phone number'). */
function fields(body: OrderContactUpdate) {
  const value = parseContactValue(body.kind, body.value);
  if (!value.ok) throw badRequest(value.reason, 'value');
  return { kind: body.kind, value: value.value, name: body.name ?? '' };
}

/** POST /api/orders/contacts: a contact of a recipient of the caller's book. */
export async function createContact(db: Db, actor: Actor, body: OrderContactBody) {
  const orgId = actor.caller.org.id;
  const values = fields(body);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const recipient = await findInBook(tx, orderRecipients, orgId, body.recipientId, 'share');
    if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);
    const [row] = await tx
      .insert(orderContacts)
      .values({ orgId, recipientId: recipient.id, ...values })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderContact',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return toContact(row!);
  });
}

/** PUT /api/orders/contacts/{id}: the body replaces kind, value and name; its recipient stays. */
export async function updateContact(db: Db, actor: Actor, id: string, body: OrderContactUpdate) {
  const values = fields(body);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderContacts, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(CONTACT_NOT_FOUND);
    const [row] = await tx
      .update(orderContacts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(orderContacts.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderContact',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return toContact(row!);
  });
}

/** DELETE /api/orders/contacts/{id}: refused (409) while an order not yet shipped names it. */
export async function deleteContact(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderContacts, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(CONTACT_NOT_FOUND);
    await refuseIfActiveOrderNames(tx, orders.contactId, before.id, 'contact');
    await tx.delete(orderContacts).where(eq(orderContacts.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'orderContact',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
