import { z } from 'zod';
import { uuidSchema } from '../contract/common';
import { buttonEventStatusSchema, macInputSchema } from '../ingest/contract';
import { tagOwnerSchema, tagSchema } from '../tags/contract';

// Issue 21: the distribution kiosk's calls (SPEC §7 GET button-event; the swap of §2.1 current-tags).

/**
 * SPEC §7 GET button-event with station, tag, createdAt, limit 1, polled: the kiosk taps
 * (status 'tap') the station's gateway heard after `createdAt`, newest first; `tag` narrows to one tag.
 */
export const buttonEventQuerySchema = z.strictObject({
  station: uuidSchema,
  tag: macInputSchema.optional(),
  createdAt: z.iso.datetime({ offset: true, message: 'createdAt must be an ISO date-time' }),
  limit: z.coerce.number().int().min(1).max(20).default(1),
});
export type ButtonEventQuery = z.infer<typeof buttonEventQuerySchema>;

/** One button event as the kiosk reads it. */
export const kioskButtonEventSchema = z.object({
  id: z.string(),
  tag: z.string(),
  gatewayId: z.string(),
  status: buttonEventStatusSchema,
  events: z.array(z.object({ buttonPress: z.number(), buttonRelease: z.number(), tapDelta: z.number() })),
  createdAt: z.string(),
});
export type KioskButtonEvent = z.infer<typeof kioskButtonEventSchema>;
/**
 * The poll's answer, with the server's time: the kiosk asks for taps since the tap screen opened by
 * the server's clock, not the tablet's (a tablet a minute ahead would hear nothing, one behind would
 * hear an earlier person's tap).
 */
export const kioskButtonEventListSchema = z.object({
  data: z.array(kioskButtonEventSchema),
  now: z.string(),
});

/**
 * POST /api/distribution-station/{id}/swap (issue 21 current tags: return one, activate another in
 * one step): `returnTag` leaves the person (ready_for_return, or lost), `activateTag` is theirs
 * (deployed, at this station), both or neither.
 */
export const tagSwapBodySchema = z.strictObject({
  returnTag: macInputSchema,
  returnState: z.enum(['ready_for_return', 'lost']).default('ready_for_return'),
  activateTag: macInputSchema,
  owner: tagOwnerSchema,
});
export type TagSwapBody = z.infer<typeof tagSwapBodySchema>;
export const tagSwapResultSchema = z.object({ returned: tagSchema, activated: tagSchema });
export type TagSwapResult = z.infer<typeof tagSwapResultSchema>;
