import { inArray } from 'drizzle-orm';
import { orderReference, type Order, type OrderState } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { orders } from '../db/schema';
import { orderAddresses, orderContacts, orderRecipients } from '../db/schema';
import { orgNamesOf, toAddress, toContact } from './book-rows';

// Issue 22: an order as the API answers it, with its customer's name and its recipient, address
// and contact read from the caller's book (all in the same organisation as the order).

export type OrderRow = typeof orders.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';

const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

async function byIds<T extends { id: string }>(load: (ids: string[]) => Promise<T[]>, wanted: string[]) {
  return new Map((wanted.length ? await load(wanted) : []).map((row) => [row.id, row]));
}

/** A page of orders in the API's shape: four reads whatever the page's length, one after the other. */
export async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const recipients = await byIds(
    (wanted) =>
      db
        .select({ id: orderRecipients.id, name: orderRecipients.name })
        .from(orderRecipients)
        .where(inArray(orderRecipients.id, wanted)),
    ids(rows.map((r) => r.recipientId)),
  );
  const addresses = await byIds(
    (wanted) => db.select().from(orderAddresses).where(inArray(orderAddresses.id, wanted)),
    ids(rows.map((r) => r.addressId)),
  );
  const contacts = await byIds(
    (wanted) => db.select().from(orderContacts).where(inArray(orderContacts.id, wanted)),
    ids(rows.map((r) => r.contactId)),
  );
  const customers = await orgNamesOf(
    db,
    rows.map((r) => r.customerOrgId),
  );
  return rows.map((row) => {
    const address = row.addressId ? addresses.get(row.addressId) : undefined;
    const contact = row.contactId ? contacts.get(row.contactId) : undefined;
    return {
      id: row.id,
      number: row.number,
      reference: orderReference(row.number),
      state: row.state as OrderState,
      customer: { id: row.customerOrgId, name: customers.get(row.customerOrgId) ?? '' },
      recipient: (row.recipientId && recipients.get(row.recipientId)) || null,
      address: address ? toAddress(address) : null,
      contact: contact ? toContact(contact) : null,
      lines: row.lines,
      notes: row.notes,
      createdBy: row.createdBy ?? null,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function toOrder(db: Db, row: OrderRow): Promise<Order> {
  return (await toOrders(db, [row]))[0]!;
}

/** What the audit log keeps of an order. */
export function auditView(row: OrderRow) {
  return {
    number: row.number,
    state: row.state,
    customerOrgId: row.customerOrgId,
    recipientId: row.recipientId,
    addressId: row.addressId,
    contactId: row.contactId,
    lines: row.lines,
    notes: row.notes,
  };
}
