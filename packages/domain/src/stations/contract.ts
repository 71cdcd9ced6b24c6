import { z } from 'zod';
import { listSchema, uuidSchema } from '../contract/common';

/** SPEC §3 Distribution station. */
export const distributionStationSchema = z.object({
  id: uuidSchema,
  orgId: uuidSchema,
  zoneId: uuidSchema.nullable(),
  name: z.string(),
  helpMessage: z.string(),
  minimumInventory: z.number().int(),
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
});
export type DistributionStationBody = z.infer<typeof distributionStationBodySchema>;
