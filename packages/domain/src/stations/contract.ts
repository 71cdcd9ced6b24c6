import { z } from 'zod';
import { listSchema, uuidSchema } from '../contract/common';
import { macInputSchema } from '../ingest/contract';
import { parseTagScanMode, tagScanModeSchema } from './scan-mode';

/** SPEC §3 Distribution station. */
export const distributionStationSchema = z.object({
  id: uuidSchema,
  orgId: uuidSchema,
  zoneId: uuidSchema.nullable(),
  name: z.string(),
  helpMessage: z.string(),
  minimumInventory: z.number().int(),
  /** Issue 21: the gateway beside the kiosk (its MAC), whose taps identify tags; null: none. */
  gatewayId: z.string().nullable(),
  /** SPEC §3 tag scan mode: how the kiosk identifies a tag. */
  scanMode: tagScanModeSchema,
  /** Issue 21 minimum inventory: the station's tags (config.station) in state available now. */
  availableTags: z.number().int(),
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
  /** A MAC in any SPEC §5 form, kept lowercase without separators; null clears it. */
  gatewayId: macInputSchema.nullable().optional(),
  /** SPEC §4 Scan mode, §8: anything but the four modes is 'Invalid tag scan mode: <mode>'. */
  scanMode: z
    .unknown()
    .transform((input, ctx) => {
      const parsed = parseTagScanMode(input);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.reason });
      return z.NEVER;
    })
    .optional(),
});
export type DistributionStationBody = z.infer<typeof distributionStationBodySchema>;
