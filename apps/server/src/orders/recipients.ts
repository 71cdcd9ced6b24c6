import { eq, sql } from 'drizzle-orm';
import type { OrderRecipient, OrderRecipientBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { orderRecipients, orders } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import {
  RECIPIENT_NOT_FOUND,
  auditView,
  findInBook,
  refuseIfActiveOrderNames,
  toRecipients,
  type RecipientRow,
} from './book-rows';
import { customerOrg } from './customers';

// SPEC §7 GET orders/recipients, and the Orders Address Book's writes (issue 22): each write and its
// audit entry land in one transaction.

/** GET /api/orders/recipients: searched by name and notes. */
export const RECIPIENT_LIST_SPEC: ListSpec = {
  fields: {
    customerOrgId: { sql: orderRecipients.customerOrgId, type: 'uuid' },
    updatedAt: { sql: orderRecipients.updatedAt, type: 'timestamp' },
  },
  sortable: { name: sql`lower(${orderRecipients.name})`, updatedAt: orderRecipients.updatedAt },
  defaultOrder: 'name',
  idColumn: orderRecipients.id,
  search: [orderRecipients.name, orderRecipients.notes],
};

export async function listRecipients(db: Db, orgId: string, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, RECIPIENT_LIST_SPEC);
  const page = await runList(
    db,
    orderRecipients,
    RECIPIENT_LIST_SPEC,
    parsed,
    eq(orderRecipients.orgId, orgId),
  );
  return { ...page, data: await toRecipients(db, page.data) };
}

async function one(db: Db, row: RecipientRow): Promise<OrderRecipient> {
  return (await toRecipients(db, [row]))[0]!;
}

async function values(db: Db, actor: Actor, body: OrderRecipientBody) {
  const customer = body.customerOrgId ? await customerOrg(db, actor.caller, body.customerOrgId) : null;
  return { name: body.name, notes: body.notes ?? '', customerOrgId: customer?.id ?? null };
}

/** POST /api/orders/recipients. */
export async function createRecipient(db: Db, actor: Actor, body: OrderRecipientBody) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .insert(orderRecipients)
      .values({ orgId: actor.caller.org.id, ...(await values(tx, actor, body)) })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderRecipient',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return one(tx, row!);
  });
}

/** PUT /api/orders/recipients/{id}: the body replaces name, notes and customer. */
export async function updateRecipient(db: Db, actor: Actor, id: string, body: OrderRecipientBody) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderRecipients, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(RECIPIENT_NOT_FOUND);
    const [row] = await tx
      .update(orderRecipients)
      .set({ ...(await values(tx, actor, body)), updatedAt: new Date() })
      .where(eq(orderRecipients.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderRecipient',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return one(tx, row!);
  });
}

/**
 * DELETE /api/orders/recipients/{id}: with its addresses and contacts; refused (409) while an order
 * not yet shipped names it. Shipped and cancelled orders keep their lines and lose the link.
 */
export async function deleteRecipient(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderRecipients, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(RECIPIENT_NOT_FOUND);
    await refuseIfActiveOrderNames(tx, orders.recipientId, before.id, 'recipient');
    await tx.delete(orderRecipients).where(eq(orderRecipients.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'orderRecipient',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
