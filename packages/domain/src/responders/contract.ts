import { z } from 'zod';
import { listSchema, locationNamesSchema } from '../contract/common';

// Issue 20 "Responders": GET /api/responders and GET /api/alerts/{id}/responders. A responder is the
// owner of a tag in behaviour mode responder (SPEC §3); where they are is where the tag was last
// heard (the sightings' latest position: the gateway that heard it best).

/** Where a responder was heard on a floor plan: the gateway's point, its floor and coverage (metres). */
export const responderPositionSchema = z.object({
  floorId: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().min(0),
});
export type ResponderPosition = z.infer<typeof responderPositionSchema>;

/** A responder: their tag, name, where and when last heard (all null for a tag never heard). */
export const responderSchema = z.object({
  /** The tag's id (12 hex). */
  id: z.string(),
  /** The tag owner's name, else the tag's label, else its id. */
  name: z.string(),
  label: z.string().nullable(),
  personId: z.string().nullable(),
  /** The names of the zone of the gateway that heard them best (site … area, and the whole path). */
  location: locationNamesSchema.nullable(),
  /** That gateway's place on a floor of the caller's zones, null when it has none. */
  position: responderPositionSchema.nullable(),
  seenAt: z.string().nullable(),
});
export type Responder = z.infer<typeof responderSchema>;
export const responderListSchema = listSchema(responderSchema);
export type ResponderList = z.infer<typeof responderListSchema>;

/** A responder near an alert: 1 the nearest; the walking distance and what it means ('Same unit'). */
export const nearResponderSchema = responderSchema.extend({
  rank: z.number().int().min(1),
  distance: z.number().int().min(0),
  distanceLabel: z.string(),
});
export type NearResponder = z.infer<typeof nearResponderSchema>;
export const nearRespondersSchema = z.object({ data: z.array(nearResponderSchema) });
export type NearResponders = z.infer<typeof nearRespondersSchema>;

/** How many nearest responders an alert asks for by default, and at most. */
export const NEAREST_RESPONDERS_DEFAULT = 3;
export const NEAREST_RESPONDERS_MAX = 20;

export const nearRespondersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(NEAREST_RESPONDERS_MAX).default(NEAREST_RESPONDERS_DEFAULT),
});
