import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderAddressBody, OrderAddressUpdate, OrderBookFilters } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { orderAddresses, orderRecipients, orders } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import {
  ADDRESS_NOT_FOUND,
  RECIPIENT_NOT_FOUND,
  auditView,
  findInBook,
  refuseIfActiveOrderNames,
  toAddress,
} from './book-rows';

// SPEC §7 GET orders/addresses, SPEC §3 Order address, and their writes (issue 22).

export const ADDRESS_LIST_SPEC: ListSpec = {
  fields: { updatedAt: { sql: orderAddresses.updatedAt, type: 'timestamp' } },
  sortable: {
    line1: sql`lower(${orderAddresses.line1})`,
    city: sql`lower(${orderAddresses.city})`,
    createdAt: orderAddresses.createdAt,
  },
  defaultOrder: 'createdAt',
  idColumn: orderAddresses.id,
  search: [orderAddresses.line1, orderAddresses.line2, orderAddresses.city, orderAddresses.postalCode],
};

/** GET /api/orders/addresses?recipient=: the caller's book, one recipient's when asked. */
export async function listAddresses(
  db: Db,
  orgId: string,
  query: Record<string, unknown>,
  filters: OrderBookFilters,
) {
  const parsed = parseListQueryOrThrow(query, ADDRESS_LIST_SPEC);
  const where: SQL = and(
    eq(orderAddresses.orgId, orgId),
    filters.recipient ? eq(orderAddresses.recipientId, filters.recipient) : undefined,
  )!;
  const page = await runList(db, orderAddresses, ADDRESS_LIST_SPEC, parsed, where);
  return { ...page, data: page.data.map(toAddress) };
}

function fields(body: OrderAddressUpdate) {
  return {
    line1: body.line1,
    line2: body.line2 ?? '',
    city: body.city,
    region: body.region ?? '',
    postalCode: body.postalCode ?? '',
    country: body.country ?? 'US',
  };
}

/** POST /api/orders/addresses: an address of a recipient of the caller's book. */
export async function createAddress(db: Db, actor: Actor, body: OrderAddressBody) {
  const orgId = actor.caller.org.id;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const recipient = await findInBook(tx, orderRecipients, orgId, body.recipientId, 'share');
    if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);
    const [row] = await tx
      .insert(orderAddresses)
      .values({ orgId, recipientId: recipient.id, ...fields(body) })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderAddress',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return toAddress(row!);
  });
}

/** PUT /api/orders/addresses/{id}: the body replaces the address; its recipient stays. */
export async function updateAddress(db: Db, actor: Actor, id: string, body: OrderAddressUpdate) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderAddresses, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(ADDRESS_NOT_FOUND);
    const [row] = await tx
      .update(orderAddresses)
      .set({ ...fields(body), updatedAt: new Date() })
      .where(eq(orderAddresses.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'orderAddress',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return toAddress(row!);
  });
}

/** DELETE /api/orders/addresses/{id}: refused (409) while an order not yet shipped goes there. */
export async function deleteAddress(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findInBook(tx, orderAddresses, actor.caller.org.id, id, 'update');
    if (!before) throw notFound(ADDRESS_NOT_FOUND);
    await refuseIfActiveOrderNames(tx, orders.addressId, before.id, 'address');
    await tx.delete(orderAddresses).where(eq(orderAddresses.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'orderAddress',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
