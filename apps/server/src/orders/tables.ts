import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, type ActorRef } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

// Issue 22 "Operations": customer orders of devices and the orders address book (SPEC §2.1
// /operations/orders, /operations/orders/recipients; §3 Order recipients, addresses, contacts; §7
// GET orders/recipients, orders/addresses, orders/contacts). Every row belongs to the organisation
// that keeps the book and takes the orders (`org_id`: the caller's, e.g. the warehouse's);
// `customer_org_id` is the customer organisation a recipient or an order is for.

/** SPEC §3 Order recipient: who receives shipments (a hospital's stores, a named person). */
export const orderRecipients = pgTable(
  'order_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    customerOrgId: uuid('customer_org_id').references(() => zones.id),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('order_recipients_org_idx').on(t.orgId, t.name)],
);

/** SPEC §3 Order address: where a recipient receives shipments. */
export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => orderRecipients.id, { onDelete: 'cascade' }),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    ...timestamps,
  },
  (t) => [index('order_addresses_recipient_idx').on(t.recipientId)],
);

/** SPEC §3 Order contact: how a recipient is reached (kinds sms, email, ascom, connexall, vocera, wctp, tiger). */
export const orderContacts = pgTable(
  'order_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => orderRecipients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The address in the kind's form: an e-mail, or a phone number in E.164 (SPEC §5: parsed as US). */
    value: text('value').notNull(),
    name: text('name').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('order_contacts_recipient_idx').on(t.recipientId)],
);

/** One line of an order: an orderable SKU (SPEC §9) and how many. */
export type OrderLine = { sku: string; quantity: number };

/**
 * A customer order (issue 22): orderable SKUs and quantities for a customer organisation, shipped
 * to a recipient's address, from open to shipped. `number` is the order's short reference, printed
 * and scanned (ORD-<number>).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    number: integer('number').notNull(),
    customerOrgId: uuid('customer_org_id')
      .notNull()
      .references(() => zones.id),
    recipientId: uuid('recipient_id').references(() => orderRecipients.id, { onDelete: 'set null' }),
    addressId: uuid('address_id').references(() => orderAddresses.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => orderContacts.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('open'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: jsonb('created_by').$type<ActorRef>(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_org_number_idx').on(t.orgId, t.number),
    index('orders_org_state_idx').on(t.orgId, t.state, t.createdAt),
    index('orders_customer_idx')
      .on(t.customerOrgId)
      .where(sql`state <> 'shipped'`),
  ],
);
