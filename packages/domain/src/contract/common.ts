import { z } from 'zod';
import { PAGE_LIMIT } from '../constants';

// The pieces of the API contract that several areas share. Each area's own request and answer
// shapes live in its folder (`tags/contract.ts`, `zones/contract.ts` …).

/** ARCHITECTURE §4: every error answers `{reason, code?}`; validation names the field. */
export const errorSchema = z.object({
  reason: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const uuidSchema = z.uuid();
/** Tags and gateways are identified by their 12-hex lower-case MAC. */
export const macIdSchema = z.string().regex(/^[0-9a-f]{12}$/);
export const isoDateSchema = z.iso.datetime({ offset: true });

/** Every list answers `{data, total}`; `nextCursor` when keyset paging continues. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int(), nextCursor: z.string().optional() });
}

export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** A boolean query parameter: 'true' or '1' is true, 'false' or '0' false. */
export const booleanParamSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Who did something (an alert's acknowledger, an audit entry's author): id and name. */
export const actorSchema = z.object({ id: z.string(), name: z.string() });

/** A zone as it appears inside another entity: its id and name. */
export const zoneRefSchema = z.object({ id: z.string(), name: z.string() });

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

export const coordinatesSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  alt: z.number().int().min(-1000).max(10000).nullable().optional(),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** SPEC §9: a bulk write names at most this many devices (the batch fetch chunk). */
export const BULK_MAX_IDS = PAGE_LIMIT;

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
