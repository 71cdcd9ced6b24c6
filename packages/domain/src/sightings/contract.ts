import { z } from 'zod';
import { macInputSchema } from '../ingest/contract';

// Issue 20: POST /api/ingest/sightings — many {tag, rssi, at} per post from one gateway, identified
// by a batch id so that a retried post counts once (docs/DEVICE-API.md).

export const MAX_SIGHTINGS_PER_POST = 1000;

/** One sighting: the tag heard, its signal strength (dBm, −127…0) and when. */
export const sightingSchema = z.strictObject({
  tag: macInputSchema,
  rssi: z.number().int().min(-127).max(0),
  at: z.iso.datetime({ offset: true }),
});

export const sightingsPostSchema = z.strictObject({
  gateway: macInputSchema,
  /** The gateway's id of this post (1–64 characters): a post repeated with the same id is answered, not applied again. */
  batch: z.string().min(1).max(64),
  sightings: z.array(sightingSchema).min(1).max(MAX_SIGHTINGS_PER_POST),
});
export type SightingsPost = z.infer<typeof sightingsPostSchema>;

/** The answer: how many sightings were taken, how many tags moved, whether the batch was seen before. */
export const sightingsAnswerSchema = z.object({
  accepted: z.number().int(),
  moved: z.number().int(),
  unknownTags: z.number().int(),
  duplicate: z.boolean(),
});
export type SightingsAnswer = z.infer<typeof sightingsAnswerSchema>;
