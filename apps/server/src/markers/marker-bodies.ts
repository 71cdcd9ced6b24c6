import { z } from 'zod';
import { markerCameraSchema, markerCreateBodySchema, markerUpdateBodySchema } from '@vigil/domain';

// The request bodies of the marker writes: the domain's contract, with `location` and the camera's
// id and name left for the operation to judge, so a refusal carries SPEC §5's own words ('Must
// specify area', 'Must specify id', 'Must specify name') rather than a schema message.

const location = z
  .string()
  .max(100)
  .nullable()
  .optional()
  .describe('A floor, unit or area in your zones; otherwise refused with "Must specify area"');

/** SPEC §7 POST markers {coordinates, location, camera optional}. */
export const markerCreateBody = markerCreateBodySchema.extend({ location });
export type MarkerCreateInput = z.infer<typeof markerCreateBody>;

/** SPEC §7 PUT markers/{id} {location, coordinates, labels, notes, camera}: absent fields are kept. */
export const markerUpdateBody = markerUpdateBodySchema.extend({
  location,
  camera: markerCameraSchema
    .optional()
    .describe('An edit of the camera: needs an id ("Must specify id") and a name ("Must specify name")'),
});
export type MarkerUpdateInput = z.infer<typeof markerUpdateBody>;
