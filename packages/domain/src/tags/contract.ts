import { z } from 'zod';
import {
  BULK_MAX_IDS,
  isoDateSchema,
  jsonObjectSchema,
  listSchema,
  locationNamesSchema,
  macIdSchema,
  uuidSchema,
} from '../contract/common';
import { TAG_BATCH_OPERATIONS } from './batch-operations';
import {
  behaviourModeSchema,
  collectionReasonSchema,
  collectionUrgencySchema,
  tagConfigStateSchema,
} from './enums';

// SPEC §3 Tag, §4 flows and batch operations, §7 Devices. A row keeps SPEC §3's shape: `config` is
// what people set, `state` what the tag reports; the server adds the names of the located zones
// (`locationFields`).

export const tagOwnerSchema = z.strictObject({
  name: z.string().trim().min(1, 'An owner needs a name').max(200),
  personId: z.string().trim().max(100).nullable().optional(),
});
export type TagOwner = z.infer<typeof tagOwnerSchema>;

export const tagCollectionSchema = z.strictObject({
  reason: collectionReasonSchema,
  urgency: collectionUrgencySchema,
  /** When collection was asked for; the server stamps it when absent. */
  at: isoDateSchema.optional(),
});
export type TagCollection = z.infer<typeof tagCollectionSchema>;

/** SPEC §3 Tag config, as stored. */
export const tagConfigSchema = z.looseObject({
  state: tagConfigStateSchema.optional(),
  location: uuidSchema.nullable().optional(),
  logistics: z.looseObject({ barcode: z.string().nullish(), sku: z.string().nullish() }).optional(),
  collection: tagCollectionSchema.nullable().optional(),
  owner: tagOwnerSchema.nullable().optional(),
  label: z.string().nullable().optional(),
  mode: behaviourModeSchema.optional(),
  station: uuidSchema.nullable().optional(),
  invoiceZone: uuidSchema.nullable().optional(),
  maintMode: z.boolean().optional(),
});
export type TagConfig = z.infer<typeof tagConfigSchema>;

/** SPEC §3 Tag: config, reported state, plus maintMode, invoiceZone and station at the top. */
export const tagSchema = z.object({
  id: macIdSchema,
  orgId: uuidSchema,
  config: tagConfigSchema,
  state: jsonObjectSchema,
  maintMode: z.boolean(),
  invoiceZone: uuidSchema.nullable(),
  station: uuidSchema.nullable(),
  location: locationNamesSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = listSchema(tagSchema);

/** GET /api/tags/{id}: the tag plus what the detail screen derives on the server (SPEC §4). */
export const tagDetailSchema = tagSchema.extend({
  /** SPEC §4 Tag reuse over the audit history. */
  reusable: z.boolean(),
  /** SPEC §3 Replacement timeline: 0 Overdue, 1 '1 - 2 months (ASAP)', null when not due. */
  replacementTimeline: z.union([z.literal(0), z.literal(1)]).nullable(),
  /** The distribution station's name, when the tag has one. */
  stationName: z.string().nullable(),
});
export type TagDetail = z.infer<typeof tagDetailSchema>;

/**
 * SPEC §7 PUT tags/{id}: the flat body {state, owner, label, station, collection, invoiceZone,
 * maintMode}, stored in `config` as SPEC §3 shapes it. `null` clears. The answer is the tag as
 * stored; the console confirms a state change by its returned state (SPEC §4, 'DB error').
 */
export const tagUpdateBodySchema = z.strictObject({
  state: tagConfigStateSchema.optional(),
  owner: tagOwnerSchema.nullable().optional(),
  label: z.string().trim().max(200).nullable().optional(),
  station: uuidSchema.nullable().optional(),
  collection: tagCollectionSchema.nullable().optional(),
  invoiceZone: uuidSchema.nullable().optional(),
  maintMode: z.boolean().optional(),
  /** The tag's location (an area or unit), for assignment. */
  location: uuidSchema.nullable().optional(),
});
export type TagUpdateBody = z.infer<typeof tagUpdateBodySchema>;

/**
 * SPEC §4 tag batch operations: the arguments each takes. transfer: to another organisation's zone;
 * preassign: reserve for a location (and optionally an owner); label; maint_toggle: maintMode on or
 * off; resp_toggle: responder mode on or off; the others take none.
 */
export const tagBulkArgsSchema = z.strictObject({
  zone: uuidSchema.optional(),
  label: z.string().trim().max(200).nullable().optional(),
  owner: tagOwnerSchema.nullable().optional(),
  maintMode: z.boolean().optional(),
  responder: z.boolean().optional(),
});
export type TagBulkArgs = z.infer<typeof tagBulkArgsSchema>;

/** SPEC §7 bulk PUT tags: {ids (≤ 500), op, args}; the server re-checks eligibility (§4). */
export const tagBulkBodySchema = z.strictObject({
  ids: z.array(macIdSchema).min(1, 'Select at least one tag').max(BULK_MAX_IDS),
  op: z.enum(TAG_BATCH_OPERATIONS),
  args: tagBulkArgsSchema.default({}),
});
export type TagBulkBody = z.infer<typeof tagBulkBodySchema>;
