import { z } from 'zod';
import { actorSchema, isoDateSchema, listSchema, uuidSchema, zoneRefSchema } from '../contract/common';
import { ORDERABLE_SKUS } from '../warehouse/constants';
import { contactKindSchema } from '../warehouse/enums';
import { orderStateSchema } from './states';

// Issue 22 "Operations": SPEC §7 GET orders/recipients, orders/addresses, orders/contacts (the
// Orders Address Book, SPEC §2.1 /operations/orders/recipients) and the orders of
// /operations/orders, with their writes. Lists answer the list contract `{data, total}`; one row
// answers bare.

/** SPEC §8: what the address book says when its recipients cannot be read. */
export const ORDER_MESSAGES = {
  recipientsLoadFailed: 'Failed to fetch order recipient data',
} as const;

export const ORDER_NAME_MAX = 200;
export const ORDER_NOTES_MAX = 2000;
export const ORDER_LINES_MAX = 20;
export const ORDER_QUANTITY_MAX = 10_000;
const TEXT_MAX = 200;

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(ORDER_NAME_MAX, `${what} is at most ${ORDER_NAME_MAX} characters`);
const text = (max = TEXT_MAX) => z.string().trim().max(max, `At most ${max} characters`);
const notesSchema = text(ORDER_NOTES_MAX);

// ── Recipients ────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 Order recipient: who receives shipments, optionally for one customer organisation. */
export const orderRecipientSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  notes: z.string(),
  customer: zoneRefSchema.nullable(),
  /** How many addresses and contacts the recipient has. */
  addresses: z.number().int(),
  contacts: z.number().int(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type OrderRecipient = z.infer<typeof orderRecipientSchema>;
export const orderRecipientListSchema = listSchema(orderRecipientSchema);

/** POST orders/recipients and PUT orders/recipients/{id}: the whole recipient. */
export const orderRecipientBodySchema = z.strictObject({
  name: name('Name'),
  notes: notesSchema.optional(),
  /** The customer organisation the recipient receives for; none for any. */
  customerOrgId: uuidSchema.nullable().optional(),
});
export type OrderRecipientBody = z.infer<typeof orderRecipientBodySchema>;

// ── Addresses ─────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 Order address: where a recipient receives shipments. */
export const orderAddressSchema = z.object({
  id: uuidSchema,
  recipientId: uuidSchema,
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;
export const orderAddressListSchema = listSchema(orderAddressSchema);

const addressFields = {
  line1: name('Address line 1'),
  line2: text().optional(),
  city: name('City'),
  region: text().optional(),
  postalCode: text(20).optional(),
  /** ISO 3166 alpha-2, US unless given. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country is a two-letter code, e.g. US')
    .optional(),
};

/** PUT orders/addresses/{id}: the whole address (its recipient stays). */
export const orderAddressUpdateSchema = z.strictObject(addressFields);
export type OrderAddressUpdate = z.infer<typeof orderAddressUpdateSchema>;
/** POST orders/addresses: an address of a recipient. */
export const orderAddressBodySchema = z.strictObject({ recipientId: uuidSchema, ...addressFields });
export type OrderAddressBody = z.infer<typeof orderAddressBodySchema>;

// ── Contacts ──────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 Order contact: how a recipient is reached; `value` an e-mail, an E.164 phone or an id. */
export const orderContactSchema = z.object({
  id: uuidSchema,
  recipientId: uuidSchema,
  kind: contactKindSchema,
  value: z.string(),
  name: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type OrderContact = z.infer<typeof orderContactSchema>;
export const orderContactListSchema = listSchema(orderContactSchema);

const contactFields = {
  kind: contactKindSchema,
  /** Checked and normalised by `parseContactValue` (SPEC §5 phones, e-mails). */
  value: z.string().trim().min(1, 'Value is required').max(254, 'At most 254 characters'),
  name: text().optional(),
};

/** PUT orders/contacts/{id}: the whole contact (its recipient stays). */
export const orderContactUpdateSchema = z.strictObject(contactFields);
export type OrderContactUpdate = z.infer<typeof orderContactUpdateSchema>;
/** POST orders/contacts: a contact of a recipient. */
export const orderContactBodySchema = z.strictObject({ recipientId: uuidSchema, ...contactFields });
export type OrderContactBody = z.infer<typeof orderContactBodySchema>;

/** GET orders/addresses and orders/contacts: only the rows of this recipient. */
export const orderBookFiltersSchema = z.object({ recipient: uuidSchema.optional() });
export type OrderBookFilters = z.infer<typeof orderBookFiltersSchema>;

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

/** SPEC §9 Orderable SKUs. */
export const orderableSkuSchema = z.enum(ORDERABLE_SKUS, {
  error: `SKU must be one of ${ORDERABLE_SKUS.join(', ')}`,
});
export type OrderableSku = z.infer<typeof orderableSkuSchema>;

export const orderLineSchema = z.strictObject({
  sku: orderableSkuSchema,
  quantity: z
    .number()
    .int('Quantity is a whole number')
    .min(1, 'Quantity is at least 1')
    .max(ORDER_QUANTITY_MAX, `Quantity is at most ${ORDER_QUANTITY_MAX.toLocaleString('en-US')}`),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** 1 to 20 lines, each SKU once. */
export const orderLinesSchema = z
  .array(orderLineSchema)
  .min(1, 'An order needs at least one line')
  .max(ORDER_LINES_MAX, `An order has at most ${ORDER_LINES_MAX} lines`)
  .refine((lines) => new Set(lines.map((l) => l.sku)).size === lines.length, {
    error: 'Each SKU appears on one line only',
  });

const refs = {
  recipientId: uuidSchema.nullable().optional(),
  addressId: uuidSchema.nullable().optional(),
  contactId: uuidSchema.nullable().optional(),
};

/** POST orders. The address and contact, when given, are the recipient's. */
export const orderCreateSchema = z
  .strictObject({
    customerOrgId: uuidSchema,
    lines: orderLinesSchema,
    notes: notesSchema.optional(),
    ...refs,
  })
  .refine((body) => !!body.recipientId || (!body.addressId && !body.contactId), {
    error: 'An address or contact needs its recipient',
    path: ['recipientId'],
  });
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/**
 * PUT orders/{id}, only while open: what is sent replaces what is stored. A new recipient clears
 * the address and contact not sent with it.
 */
export const orderUpdateSchema = z
  .strictObject({ lines: orderLinesSchema.optional(), notes: notesSchema.optional(), ...refs })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Send lines, notes or the recipient',
  });
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** A customer order (issue 22): what, for whom, to whom, and how far it is. */
export const orderSchema = z.object({
  id: uuidSchema,
  number: z.number().int(),
  /** ORD-<number>. */
  reference: z.string(),
  state: orderStateSchema,
  customer: zoneRefSchema,
  recipient: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  address: orderAddressSchema.nullable(),
  contact: orderContactSchema.nullable(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  notes: z.string(),
  createdBy: actorSchema.nullable(),
  shippedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = listSchema(orderSchema);

/** GET orders' own filters beside the list's (limit, offset, orderBy, query). */
export const orderListFiltersSchema = z.object({
  state: orderStateSchema.optional(),
  /** Orders of this customer organisation. */
  customer: uuidSchema.optional(),
});
export type OrderListFilters = z.infer<typeof orderListFiltersSchema>;

/** GET orders/customers: the organisations the caller may order for (its grants reach them). */
export const orderCustomersAnswerSchema = z.object({ data: z.array(zoneRefSchema) });
export type OrderCustomersAnswer = z.infer<typeof orderCustomersAnswerSchema>;
