import { z } from 'zod';
import { coordinatesSchema, jsonObjectSchema, listSchema, macIdSchema, uuidSchema } from '../contract/common';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, PLAN_TILE_SIZE_PX } from '../plans/constants';
import { mapTrackerTypeSchema } from '../plans/enums';
import { zoneStateSchema } from '../zones/enums';
import { validatePlanCorners } from './corner-transform';
import { CAMERA_ID_REQUIRED, CAMERA_NAME_REQUIRED } from './messages';

// SPEC §3 Marker, Map tracker, Unit on a map, Zone config geometry; §4 Plan editing; §7 Zones Plan and
// Devices markers. Positions are [lng, lat] (GeoJSON's order) except a marker's coordinates, which keep
// SPEC §3's {lat, lng} like a gateway's.

const longitudeSchema = z.number().min(-180).max(180);
const latitudeSchema = z.number().min(-90).max(90);

/** A position as [longitude, latitude] in degrees. */
export const lngLatSchema = z.tuple([longitudeSchema, latitudeSchema]);

/** SPEC §4 Plan editing: top-left, top-right, bottom-right, bottom-left, refused by validatePlanCorners. */
export const planCornersSchema = z
  .tuple([lngLatSchema, lngLatSchema, lngLatSchema, lngLatSchema])
  .superRefine((corners, ctx) => {
    const verdict = validatePlanCorners(corners);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason });
  });

/** [west, south, east, north] in degrees: a GeoJSON bbox, as MapLibre's raster source takes it. */
export const geoBoundsSchema = z
  .tuple([longitudeSchema, latitudeSchema, longitudeSchema, latitudeSchema])
  .refine(
    ([west, south, east, north]) => west <= east && south <= north,
    'Bounds run west to east, south to north',
  );

const ringSchema = z
  .array(lngLatSchema)
  .min(4)
  .max(5000)
  .refine(
    (ring) => ring[0][0] === ring.at(-1)?.[0] && ring[0][1] === ring.at(-1)?.[1],
    'A ring ends where it starts',
  );

/** SPEC §3 Zone config geometry and Unit on a map: a GeoJSON Polygon (outer ring, then any holes). */
export const polygonGeometrySchema = z.strictObject({
  type: z.literal('Polygon'),
  coordinates: z.array(ringSchema).min(1).max(100),
});
export type PolygonGeometry = z.infer<typeof polygonGeometrySchema>;

// ── Markers (SPEC §3 Marker, §7 Devices) ─────────────────────────────────────

/** SPEC §3 Marker camera.id, and its name; a camera marker may have neither yet (drawn gray, §4). */
export const markerCameraSchema = z.strictObject({
  id: z.string().trim().max(100).nullable().optional(),
  name: z.string().trim().max(200).nullable().optional(),
});
export type MarkerCamera = z.infer<typeof markerCameraSchema>;

/** SPEC §5 Camera edit: the camera editor saves an id and a name. */
export const cameraEditSchema = z.strictObject({
  id: z.string().trim().min(1, CAMERA_ID_REQUIRED).max(100),
  name: z.string().trim().min(1, CAMERA_NAME_REQUIRED).max(200),
});
export type CameraEdit = z.infer<typeof cameraEditSchema>;

const markerLabelsSchema = z.array(z.string().trim().min(1).max(100)).max(50);

/** SPEC §3 Marker config: its floor, where on it, labels, notes and an optional camera. */
export const markerConfigSchema = z.object({
  location: uuidSchema,
  coordinates: coordinatesSchema,
  labels: z.array(z.string()).optional(),
  notes: z.string().nullable().optional(),
  camera: markerCameraSchema.nullable().optional(),
});
export type MarkerConfig = z.infer<typeof markerConfigSchema>;

/** SPEC §3 Marker: the gateway assigned (null until one is) and, with it, that gateway's state. */
export const markerSchema = z.object({
  id: uuidSchema,
  config: markerConfigSchema,
  gateway: macIdSchema.nullable(),
  state: jsonObjectSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Marker = z.infer<typeof markerSchema>;
export const markerListSchema = listSchema(markerSchema);

/** SPEC §7 POST markers {coordinates, location, camera optional}. */
export const markerCreateBodySchema = z.strictObject({
  location: uuidSchema,
  coordinates: coordinatesSchema,
  camera: markerCameraSchema.optional(),
});
export type MarkerCreateBody = z.infer<typeof markerCreateBodySchema>;

/** SPEC §7 PUT markers/{id} {location, coordinates, labels, notes, camera}; a camera sent is an edit (§5). */
export const markerUpdateBodySchema = z.strictObject({
  location: uuidSchema.optional(),
  coordinates: coordinatesSchema.optional(),
  labels: markerLabelsSchema.optional(),
  notes: z.string().max(2000).nullable().optional(),
  camera: cameraEditSchema.optional(),
});
export type MarkerUpdateBody = z.infer<typeof markerUpdateBodySchema>;

// ── Plans (SPEC §4 Plan editing, §7 Zones Plan) ──────────────────────────────

/** A plan's id, as a floor's config.planId holds it. */
export const planIdSchema = z.string().trim().min(1).max(100);

/** Where an uploaded plan image lies in image storage: relative, no '..'. */
export const planPathSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^(?!\/)(?!.*\.\.)[\w\-./]+$/, 'A storage path is relative and has no ".."');

/** POST zones/{floorId}/plan/upload: what the thumbnail call then names (SPEC shows no body; ours). */
export const planUploadResultSchema = z.object({ id: planIdSchema, path: planPathSchema });
export type PlanUploadResult = z.infer<typeof planUploadResultSchema>;

/** SPEC §7 POST zones/{floorId}/plan/thumbnail {id, path}. */
export const planThumbnailBodySchema = z.strictObject({ id: planIdSchema, path: planPathSchema });
export type PlanThumbnailBody = z.infer<typeof planThumbnailBodySchema>;

/** SPEC §7 POST zones/{floorId}/plan/tile {corners, id or sourceId}: re-tile a plan, or tile an upload. */
export const planTileBodySchema = z.union([
  z.strictObject({ corners: planCornersSchema, id: planIdSchema }),
  z.strictObject({ corners: planCornersSchema, sourceId: planIdSchema }),
]);
export type PlanTileBody = z.infer<typeof planTileBodySchema>;

/**
 * PUT zones/{floorId}/plan/bearing {bearing} (ours: SPEC §4 saves a rotation as the floor's
 * planBearing, and editing floor plans needs update FloorPlan, not update Zone): degrees clockwise.
 */
export const planBearingBodySchema = z.strictObject({ bearing: z.number().min(-180).max(180) });
export type PlanBearingBody = z.infer<typeof planBearingBodySchema>;

/** The answer of the thumbnail and tile calls: the job to poll (SPEC shows no body; ours). */
export const planJobRefSchema = z.object({ job: z.string().min(1).max(100) });
export type PlanJobRef = z.infer<typeof planJobRefSchema>;

/** SPEC §7 GET zones/{floorId}/plan/status/{job}, polled each second; §8 reads failReason. */
export const planJobStatusSchema = z.object({
  step: z.string(),
  percent: z.number().min(0).max(100),
  isRunning: z.boolean(),
  failReason: z.string().nullable().optional(),
});
export type PlanJobStatus = z.infer<typeof planJobStatusSchema>;

/** SPEC §7: a plan's tilemapresource: the bounds its tiles cover and their zooms and size (SPEC §9). */
export const tileMapResourceSchema = z.object({
  bounds: geoBoundsSchema,
  minZoom: z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
  maxZoom: z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
  tileSize: z.literal(PLAN_TILE_SIZE_PX),
});
export type TileMapResource = z.infer<typeof tileMapResourceSchema>;

// ── On the map (SPEC §3 Map tracker, Unit on a map) ─────────────────────────

/** SPEC §3 Map tracker; radius in metres. `html` is shown as text, never injected as markup. */
export const mapTrackerSchema = z.object({
  id: z.string(),
  latlng: coordinatesSchema,
  type: mapTrackerTypeSchema,
  radius: z.number().min(0),
  color: z.string(),
  name: z.string(),
  details: z.string().nullable().optional(),
  html: z.string().nullable().optional(),
  zoom: z.number().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM).optional(),
  icon: jsonObjectSchema.optional(),
});
export type MapTracker = z.infer<typeof mapTrackerSchema>;

/** SPEC §3 Unit on a map: a unit zone with its polygon and state. */
export const mapUnitSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  config: z.object({ geometry: polygonGeometrySchema, state: zoneStateSchema }),
});
export type MapUnit = z.infer<typeof mapUnitSchema>;
