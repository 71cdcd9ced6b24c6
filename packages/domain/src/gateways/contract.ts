import { z } from 'zod';
import {
  BULK_MAX_IDS,
  coordinatesSchema,
  isoDateSchema,
  jsonObjectSchema,
  listSchema,
  locationNamesSchema,
  macIdSchema,
  uuidSchema,
} from '../contract/common';
import { syncLogEntrySchema } from '../logs/contract';
import { GATEWAY_BATCH_OPERATIONS } from './batch-operations';
import { gatewayConfigStateSchema, gatewayRemovalActionSchema } from './enums';

// SPEC §3 Gateway, §4 batch operations, §7 Devices. A row keeps SPEC §3's shape: `config` is what
// people set, `state` what its heartbeats report; the server adds the names of the located zones
// (`locationFields`).

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

/** SPEC §3 removal action rma: the reason an RMA needs (unassign and replacement alike). */
export const RMA_REASON_REQUIRED = 'An RMA needs a reason';
export const RMA_REASON_MAX = 500;
/** The removal action's reason: trimmed, required for an RMA (the schemas below refine with it). */
export const rmaReasonSchema = z.string().trim().max(RMA_REASON_MAX).optional();
export const rmaReasonGiven = (body: { action: string; rmaReason?: string }) =>
  body.action !== 'rma' || (body.rmaReason ?? '').length > 0;

/** SPEC §7 POST gateways/{id}/unassign {action, rmaReason}; rma needs a reason. */
export const gatewayUnassignBodySchema = z
  .strictObject({
    action: gatewayRemovalActionSchema,
    rmaReason: rmaReasonSchema,
  })
  .refine(rmaReasonGiven, { message: RMA_REASON_REQUIRED, path: ['rmaReason'] });
export type GatewayUnassignBody = z.infer<typeof gatewayUnassignBodySchema>;

/**
 * SPEC §4 Gateway batch operations. transfer takes the target organisation: `org` (its slug) or
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
