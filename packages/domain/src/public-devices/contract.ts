import { z } from 'zod';
import { macIdSchema } from '../contract/common';

/** Public device page (SPEC §2.1 /{id}, /v1/{type}/{id}): never owner, location or state. */
export const publicDeviceSchema = z.object({
  id: macIdSchema,
  kind: z.enum(['tag', 'gateway']),
  sku: z.string().nullable(),
  organisation: z.object({ name: z.string() }),
  contact: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type PublicDevice = z.infer<typeof publicDeviceSchema>;
