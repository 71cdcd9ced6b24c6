import { z } from 'zod';

/**
 * SPEC §3 Map tracker: types.
 * Used by the floor-plan map's trackers (SPEC §2.7, /floorplans, /assets/{id}).
 */
export const MAP_TRACKER_TYPES = ['alert', 'person', 'asset', 'responder', 'alert-responder'] as const;
export const mapTrackerTypeSchema = z.enum(MAP_TRACKER_TYPES);
export type MapTrackerType = z.infer<typeof mapTrackerTypeSchema>;
