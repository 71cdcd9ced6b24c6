import { and, eq, sql } from 'drizzle-orm';
import {
  orderEditVerdict,
  orderTransition,
  type Order,
  type OrderCreate,
  type OrderState,
  type OrderUpdate,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { orderAddresses, orderContacts, orderRecipients, orders } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { isUniqueViolation, UUID_RE } from '../platform/db/checks';
import { badRequest, conflict, notFound } from '../platform/errors';
import { releaseOrderDevices } from '../warehouse';
import { ADDRESS_NOT_FOUND, CONTACT_NOT_FOUND, RECIPIENT_NOT_FOUND, findInBook } from './book-rows';
import { customerOrg } from './customers';
import { ORDER_NOT_FOUND, auditView, toOrder, type OrderRow } from './order-rows';

// Issue 22: POST, PUT orders/{id} (only while open) and POST orders/{id}/cancel, each with its audit
// entry in one transaction; the state rule is the domain's (orders/states.ts).

/** Attempts at a new order's number: two writers of one organisation may both read the same max. */
const NUMBER_ATTEMPTS = 5;

/** The order of the caller's organisation with this id, locked for a write when asked. */
export async function findOrder(db: Db, orgId: string, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.orgId, orgId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

type Refs = { recipientId: string | null; addressId: string | null; contactId: string | null };

/**
 * The recipient, address and contact of an order: rows of the caller's book, the address and the
 * contact the recipient's own. Locked (share) so a deletion cannot pass them meanwhile.
 */
async function checkRefs(db: Db, orgId: string, refs: Refs): Promise<Refs> {
  if (!refs.recipientId) {
    if (refs.addressId || refs.contactId)
      throw badRequest('An address or contact needs its recipient', 'recipientId');
    return { recipientId: null, addressId: null, contactId: null };
  }
  const recipient = await findInBook(db, orderRecipients, orgId, refs.recipientId, 'share');
  if (!recipient) throw badRequest(RECIPIENT_NOT_FOUND, 'recipientId');
  if (refs.addressId) {
    const address = await findInBook(db, orderAddresses, orgId, refs.addressId, 'share');
    if (!address) throw badRequest(ADDRESS_NOT_FOUND, 'addressId');
    if (address.recipientId !== recipient.id)
      throw badRequest(`This address is not one of ${recipient.name}'s`, 'addressId');
  }
  if (refs.contactId) {
    const contact = await findInBook(db, orderContacts, orgId, refs.contactId, 'share');
    if (!contact) throw badRequest(CONTACT_NOT_FOUND, 'contactId');
    if (contact.recipientId !== recipient.id)
      throw badRequest(`This contact is not one of ${recipient.name}'s`, 'contactId');
  }
  return { recipientId: recipient.id, addressId: refs.addressId ?? null, contactId: refs.contactId ?? null };
}

/** POST /api/orders: a new open order, numbered after the organisation's last (max + 1). */
export async function createOrder(db: Db, actor: Actor, body: OrderCreate): Promise<Order> {
  const { caller } = actor;
  const orgId = caller.org.id;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const customer = await customerOrg(tx, caller, body.customerOrgId);
        const refs = await checkRefs(tx, orgId, {
          recipientId: body.recipientId ?? null,
          addressId: body.addressId ?? null,
          contactId: body.contactId ?? null,
        });
        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${orders.number}), 0) + 1` })
          .from(orders)
          .where(eq(orders.orgId, orgId));
        const [row] = await tx
          .insert(orders)
          .values({
            orgId,
            number: Number(last!.next),
            customerOrgId: customer.id,
            ...refs,
            state: 'open',
            lines: body.lines,
            notes: body.notes ?? '',
            createdBy: { id: caller.id, name: caller.name },
          })
          .returning();
        await writeAudit(tx, actor, {
          entity: 'order',
          entityId: row!.id,
          action: 'create',
          after: auditView(row!),
        });
        return toOrder(tx, row!);
      });
    } catch (err) {
      // The other writer took the number: read the max again (the unique index (org_id, number)).
      if (attempt < NUMBER_ATTEMPTS && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The order's references after `body`: a new recipient clears the address and contact not sent with it. */
function nextRefs(before: OrderRow, body: OrderUpdate): Refs {
  const recipientId = body.recipientId !== undefined ? body.recipientId : before.recipientId;
  const changed = recipientId !== before.recipientId;
  const keep = (sent: string | null | undefined, stored: string | null) =>
    sent !== undefined ? sent : changed ? null : stored;
  return {
    recipientId,
    addressId: keep(body.addressId, before.addressId),
    contactId: keep(body.contactId, before.contactId),
  };
}

/** PUT /api/orders/{id}: lines, notes and the recipient, only while the order is open (409 after). */
export async function updateOrder(db: Db, actor: Actor, id: string, body: OrderUpdate): Promise<Order> {
  const orgId = actor.caller.org.id;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findOrder(tx, orgId, id, true);
    if (!before) throw notFound(ORDER_NOT_FOUND);
    const verdict = orderEditVerdict(before.state as OrderState);
    if (!verdict.ok) throw conflict(verdict.reason, 'order_not_open');
    const refs = await checkRefs(tx, orgId, nextRefs(before, body));
    const [row] = await tx
      .update(orders)
      .set({
        ...refs,
        ...(body.lines ? { lines: body.lines } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'order',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    return toOrder(tx, row!);
  });
}

/**
 * POST /api/orders/{id}/cancel: from any state before shipped (409 for a shipped or cancelled one);
 * the devices allocated to it go back in stock in the same transaction (docs/WAREHOUSE.md "An order").
 */
export async function cancelOrder(db: Db, actor: Actor, id: string): Promise<Order> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findOrder(tx, actor.caller.org.id, id, true);
    if (!before) throw notFound(ORDER_NOT_FOUND);
    const verdict = orderTransition(before.state as OrderState, 'cancelled');
    if (!verdict.ok) throw conflict(verdict.reason, 'order_state');
    const [row] = await tx
      .update(orders)
      .set({ state: 'cancelled', updatedAt: new Date() })
      .where(eq(orders.id, before.id))
      .returning();
    const released = await releaseOrderDevices(tx, actor, before);
    await writeAudit(tx, actor, {
      entity: 'order',
      entityId: before.id,
      action: 'cancel',
      before: auditView(before),
      after: { ...auditView(row!), released },
    });
    return toOrder(tx, row!);
  });
}
