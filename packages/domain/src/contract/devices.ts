import { z } from 'zod';
import {
  behaviourModeSchema,
  collectionReasonSchema,
  collectionUrgencySchema,
  gatewayConfigStateSchema,
  gatewayRemovalActionSchema,
  tagConfigStateSchema,
} from '../enums';
import { GATEWAY_BATCH_OPERATIONS } from '../gateways/batch-operations';
import { TAG_BATCH_OPERATIONS } from '../tags/batch-operations';
import { isoDateSchema, jsonObjectSchema, listSchema, macIdSchema, uuidSchema } from './common';
import { syncLogEntrySchema } from './logs';

// Issue 6: the device lists and their writes (SPEC §3 Tag and Gateway, §4 flows and batch
// operations, §7 Devices). Rows keep SPEC §3's shape: `config` is what people set, `state` what the
// device reports; the server adds the names of the located zones (`locationFields`).

/** SPEC §9: a bulk write names at most this many devices (the batch fetch chunk). */
export const BULK_MAX_IDS = 500;

/** The names of a device's location, root-side first: what `locationFields` joins (site … area). */
export const locationNamesSchema = z.object({
  site: z.string().nullable().optional(),
  building: z.string().nullable().optional(),
  floor: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  area: z.string().nullable().optional(),
  /** Every zone name from the organisation down, joined with ' › '. */
  path: z.string().nullable().optional(),
});
export type LocationNames = z.infer<typeof locationNamesSchema>;

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

/** The answer of a bulk write: how many changed and the batch log entry it made. */
export const bulkResultSchema = z.object({ batchId: uuidSchema, count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A refused bulk write (400) names the devices the operation may not take. */
export const bulkRefusalSchema = z.object({
  reason: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  ineligible: z.array(z.string()).optional(),
});

export const coordinatesSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  alt: z.number().int().min(-1000).max(10000).nullable().optional(),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** SPEC §3 Gateway config, as stored. */
export const gatewayConfigSchema = z.looseObject({
  state: gatewayConfigStateSchema.optional(),
  location: uuidSchema.nullable().optional(),
  coordinates: coordinatesSchema.nullable().optional(),
  hasAltitudeOverride: z.boolean().optional(),
  labels: z.array(z.string()).optional(),
  notes: z.string().nullable().optional(),
  logistics: z.looseObject({ barcode: z.string().nullish(), sku: z.string().nullish() }).optional(),
  category: z.string().nullable().optional(),
  number: z.number().nullable().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** SPEC §3 Gateway: id is the MAC; state is what its heartbeats report. */
export const gatewaySchema = z.object({
  id: macIdSchema,
  orgId: uuidSchema,
  config: gatewayConfigSchema,
  state: jsonObjectSchema,
  location: locationNamesSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gateway = z.infer<typeof gatewaySchema>;
export const gatewayListSchema = listSchema(gatewaySchema);

/** GET /api/gateways/{id}: the gateway with its location names and its latest commands (newest first). */
export const gatewayDetailSchema = gatewaySchema.extend({
  location: locationNamesSchema,
  commands: z.array(syncLogEntrySchema),
});
export type GatewayDetail = z.infer<typeof gatewayDetailSchema>;

/** POST zones/{id}/command/diag (and gateways/{id}/command/diag): the gateways a command was queued for. */
export const gatewayCommandResultSchema = z.object({
  count: z.number().int(),
  gateways: z.array(macIdSchema),
});
export type GatewayCommandResult = z.infer<typeof gatewayCommandResultSchema>;

/**
 * SPEC §7 PUT gateways/{id} {location, labels, notes, coordinates, hasAltitudeOverride}.
 * SPEC §5: the location must be an area ('Must specify unit and area').
 */
export const gatewayUpdateBodySchema = z.strictObject({
  location: uuidSchema.nullable().optional(),
  labels: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  notes: z.string().max(2000).nullable().optional(),
  coordinates: coordinatesSchema.nullable().optional(),
  hasAltitudeOverride: z.boolean().optional(),
});
export type GatewayUpdateBody = z.infer<typeof gatewayUpdateBodySchema>;

/** SPEC §7 POST gateways/{id}/unassign {action, rmaReason}; rma needs a reason. */
export const gatewayUnassignBodySchema = z
  .strictObject({
    action: gatewayRemovalActionSchema,
    rmaReason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.action !== 'rma' || (b.rmaReason ?? '').length > 0, {
    message: 'An RMA needs a reason',
    path: ['rmaReason'],
  });
export type GatewayUnassignBody = z.infer<typeof gatewayUnassignBodySchema>;

/**
 * SPEC §4 gateway batch operations. transfer takes the target organisation: `org` (its slug) or
 * `zone` (the organisation's id, or any zone inside it).
 */
export const gatewayBulkBodySchema = z.strictObject({
  ids: z.array(macIdSchema).min(1, 'Select at least one gateway').max(BULK_MAX_IDS),
  op: z.enum(GATEWAY_BATCH_OPERATIONS),
  args: z
    .strictObject({ zone: uuidSchema.optional(), org: z.string().trim().min(1).max(100).optional() })
    .default({}),
});
export type GatewayBulkBody = z.infer<typeof gatewayBulkBodySchema>;

/** SPEC §3 Gateway metrics over 24 hours: each check's percent, total and passing count. */
export const metricSchema = z.object({
  percent: z.number().nullable(),
  total: z.number().int(),
  count: z.number().int(),
});
export const gatewayMetricsSchema = z.object({
  gateway: macIdSchema,
  button: metricSchema,
  coverage: metricSchema,
  floor: metricSchema,
});
export type GatewayMetrics = z.infer<typeof gatewayMetricsSchema>;

/** SPEC §7 GET metrics/gateways?zone=&start=&end= (the last 24 hours when start/end are absent). */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const gatewayMetricsQuerySchema = z.object({
  zone: blankAsAbsent(uuidSchema),
  gateway: blankAsAbsent(macIdSchema),
  start: blankAsAbsent(isoDateSchema),
  end: blankAsAbsent(isoDateSchema),
});
export const gatewayMetricsListSchema = z.object({ data: z.array(gatewayMetricsSchema) });

/** Public device page (SPEC §2.1 /{id}, /v1/{type}/{id}): never owner, location or state. */
export const publicDeviceSchema = z.object({
  id: macIdSchema,
  kind: z.enum(['tag', 'gateway']),
  sku: z.string().nullable(),
  organisation: z.object({ name: z.string() }),
  contact: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type PublicDevice = z.infer<typeof publicDeviceSchema>;

/** SPEC §3 Distribution station. */
export const distributionStationSchema = z.object({
  id: uuidSchema,
  orgId: uuidSchema,
  zoneId: uuidSchema.nullable(),
  name: z.string(),
  helpMessage: z.string(),
  minimumInventory: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DistributionStation = z.infer<typeof distributionStationSchema>;
export const distributionStationListSchema = listSchema(distributionStationSchema);

export const distributionStationBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'A station needs a name').max(200),
  helpMessage: z.string().max(2000).optional(),
  minimumInventory: z.number().int().min(0).max(100000).optional(),
  zoneId: uuidSchema.nullable().optional(),
});
export type DistributionStationBody = z.infer<typeof distributionStationBodySchema>;
