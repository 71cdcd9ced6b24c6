import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactKind, OrderAddress, OrderContact, OrderRecipient } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { orderAddresses, orderContacts, orderRecipients, orders, zones } from '../db/schema';
import { UUID_RE } from '../platform/db/checks';
import { conflict } from '../platform/errors';

// SPEC §3 Order recipients, addresses, contacts (issue 22 Orders Address Book): every row belongs to
// the organisation keeping the book, the caller's; another organisation's row is never found.

export type RecipientRow = typeof orderRecipients.$inferSelect;
export type AddressRow = typeof orderAddresses.$inferSelect;
export type ContactRow = typeof orderContacts.$inferSelect;

export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const CONTACT_NOT_FOUND = 'Contact not found';

type BookTable = typeof orderRecipients | typeof orderAddresses | typeof orderContacts;

/** The row of the caller's book with this id, locked for the write when asked; undefined for any other. */
export async function findInBook<T extends BookTable>(
  db: Db,
  table: T,
  orgId: string,
  id: string,
  lock?: 'update' | 'share',
): Promise<T['$inferSelect'] | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(table as BookTable)
    .where(and(eq(table.id, id), eq(table.orgId, orgId)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row as T['$inferSelect'] | undefined;
}

/** Refuses to delete what an order still in progress (open, picking, qc) names: 409. */
export async function refuseIfActiveOrderNames(
  db: Db,
  column: typeof orders.recipientId | typeof orders.addressId | typeof orders.contactId,
  id: string,
  what: string,
): Promise<void> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(column, id), inArray(orders.state, ['open', 'picking', 'qc'])))
    .orderBy(orders.number)
    .limit(1);
  if (row) throw conflict(`This ${what} is on order ORD-${row.number}, which is not shipped yet`, 'in_use');
}

export function toAddress(row: AddressRow): OrderAddress {
  return {
    id: row.id,
    recipientId: row.recipientId,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toContact(row: ContactRow): OrderContact {
  return {
    id: row.id,
    recipientId: row.recipientId,
    // Only the API writes contacts, and it takes the kinds of SPEC §3 only.
    kind: row.kind as ContactKind,
    value: row.value,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The names of these organisation zones, by id. */
export async function orgNamesOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(inArray(zones.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The API shape of recipients: their customer's name and how many addresses and contacts each has. */
export async function toRecipients(db: Db, rows: RecipientRow[]): Promise<OrderRecipient[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db.execute<{ id: string; addresses: number; contacts: number }>(sql`
    select r.id,
      (select count(*)::int from ${orderAddresses} a where a.recipient_id = r.id) as addresses,
      (select count(*)::int from ${orderContacts} c where c.recipient_id = r.id) as contacts
    from ${orderRecipients} r where r.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const byId = new Map(
    (counts as unknown as { rows: { id: string; addresses: number; contacts: number }[] }).rows.map((r) => [
      r.id,
      r,
    ]),
  );
  const names = await orgNamesOf(
    db,
    rows.map((r) => r.customerOrgId),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    notes: row.notes,
    customer: row.customerOrgId ? { id: row.customerOrgId, name: names.get(row.customerOrgId) ?? '' } : null,
    addresses: Number(byId.get(row.id)?.addresses ?? 0),
    contacts: Number(byId.get(row.id)?.contacts ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What the audit log keeps of a book row: its own fields, not its timestamps. */
export function auditView<R extends { createdAt: Date; updatedAt: Date; orgId: string }>(row: R) {
  const { createdAt: _c, updatedAt: _u, orgId: _o, ...rest } = row;
  return rest;
}
