import { z } from 'zod';
import { isoDateSchema, listSchema, uuidSchema } from '../contract/common';
import { macInputSchema } from '../ingest/contract';
import { ASSET_STATUSES } from './labels';

// SPEC §7 assets (issue 20): GET assets/zones, GET assets, GET assets/{id}, PATCH assets/{id}
// {notes, status}, each answered in the `data.data` envelope: the body's `data` holds the answer
// (a list's rows beside its `total`, one asset, the zones). POST and DELETE let an administrator
// register and retire equipment.

/** SPEC §8 Assets: what the console says when the asset data cannot be read or a change is refused. */
export const ASSET_MESSAGES = {
  loadFailed: 'Failed to load asset data',
  updateFailed: 'Failed to update asset.',
} as const;

export const ASSET_NAME_MAX = 200;
export const ASSET_NOTES_MAX = 2000;

/** A stored status: one of the designed values, or '' (shown 'Pending', SPEC §3 Asset). */
export const assetStatusValueSchema = z.union([z.enum(ASSET_STATUSES), z.literal('')], {
  error: `Status must be one of ${ASSET_STATUSES.join(', ')}, or empty`,
});

/** The list's status filter: a designed status, or `pending` for the assets with none yet. */
export const ASSET_PENDING_FILTER = 'pending';
export const ASSET_STATUS_FILTERS = [...ASSET_STATUSES, ASSET_PENDING_FILTER] as const;
export const assetStatusFilterSchema = z.enum(ASSET_STATUS_FILTERS);
export type AssetStatusFilter = z.infer<typeof assetStatusFilterSchema>;

/**
 * Where the asset's tag was last heard (its tag position, issue 20 sightings): when, and the zone of
 * the gateway that heard it best with its names. The zone, path and floor are null where that zone
 * lies outside the caller's zones (or is gone); `at` is still told.
 */
export const assetLastSeenSchema = z.object({
  at: isoDateSchema,
  zoneId: uuidSchema.nullable(),
  /** The zone's names, organisation left out, joined with ' › '. */
  path: z.string().nullable(),
  floor: z.string().nullable(),
  floorId: uuidSchema.nullable(),
});
export type AssetLastSeen = z.infer<typeof assetLastSeenSchema>;

/** SPEC §3 Asset: id, notes, status, with its name, tag, the zone it belongs to and its last location. */
export const assetSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  tagId: z.string().nullable(),
  status: z.string(),
  notes: z.string(),
  /** The zone the asset belongs to (its scope), and that zone's names. */
  zoneId: uuidSchema.nullable(),
  zonePath: z.string().nullable(),
  lastSeen: assetLastSeenSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * The asset's SPEC §3 Map tracker position: the gateway that heard its tag best, placed on a floor
 * of the caller's zones (its coordinates and the floor above its area), as wide as its coverage.
 */
export const assetTrackerSchema = z.object({
  floorId: uuidSchema,
  gateway: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number(),
});
export type AssetTracker = z.infer<typeof assetTrackerSchema>;

export const assetDetailSchema = assetSchema.extend({ tracker: assetTrackerSchema.nullable() });
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** GET assets: one page, `{data: Asset[], total, nextCursor?}`. */
export const assetListSchema = listSchema(assetSchema);
/** GET, PATCH and POST assets/{id}: `{data: AssetDetail}`. */
export const assetAnswerSchema = z.object({ data: assetDetailSchema });
export type AssetAnswer = z.infer<typeof assetAnswerSchema>;

/**
 * GET assets/zones: the zones of the caller's scope where assets are now (their last locations),
 * each site, building, floor, unit and area on the way, with how many assets are under it: what
 * the list filters by (`zone`).
 */
export const assetZoneSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  level: z.string(),
  /** The zone's names, organisation left out, joined with ' › '. */
  path: z.string(),
  count: z.number().int(),
});
export type AssetZone = z.infer<typeof assetZoneSchema>;
export const assetZonesAnswerSchema = z.object({ data: z.array(assetZoneSchema) });
export type AssetZonesAnswer = z.infer<typeof assetZonesAnswerSchema>;

/** GET assets' own filters beside the list's (limit, offset, orderBy, query). */
export const assetListFiltersSchema = z.object({
  /** Assets last heard in this zone or under it. */
  zone: uuidSchema.optional(),
  status: assetStatusFilterSchema.optional(),
});
export type AssetListFilters = z.infer<typeof assetListFiltersSchema>;

const notesSchema = z.string().max(ASSET_NOTES_MAX, `Notes are at most ${ASSET_NOTES_MAX} characters`);

/** PATCH assets/{id} {notes, status}: what is sent is changed; one of them at least. */
export const assetPatchSchema = z
  .strictObject({ notes: notesSchema.optional(), status: assetStatusValueSchema.optional() })
  .refine((body) => body.notes !== undefined || body.status !== undefined, {
    error: 'Send notes or status',
  });
export type AssetPatch = z.infer<typeof assetPatchSchema>;

/** POST assets: a piece of equipment on a tag of the organisation, belonging to a zone. */
export const assetCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'An asset needs a name').max(ASSET_NAME_MAX),
  /** SPEC §5 Device MAC: bare or separated, stored as 12 lower-case hex. */
  tagId: macInputSchema,
  /** The zone it belongs to; none leaves it to the whole organisation. */
  zoneId: uuidSchema.nullable().optional(),
  status: assetStatusValueSchema.optional(),
  notes: notesSchema.optional(),
});
export type AssetCreate = z.infer<typeof assetCreateSchema>;
