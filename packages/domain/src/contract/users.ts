import { z } from 'zod';

export const meQuerySchema = z.object({ role: z.string().min(1).max(64).optional() });

/** SPEC §3 User as `/users/me` answers it (an API key answers id `key:<id>`). */
export const meSchema = z.object({
  id: z.string(),
  userId: z.string().optional(),
  name: z.string(),
  role: z.string(),
  kind: z.enum(['user', 'key']),
  zone: z.object({
    id: z.string(),
    name: z.string(),
    level: z.string(),
    slug: z.string().nullable(),
    domain: z.string().nullable(),
    config: z.object({ featureFlags: z.record(z.string(), z.boolean()) }),
    peers: z.array(z.string()),
  }),
  org: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }),
  location: z.array(z.string()),
  state: z.object({ closedNotes: z.record(z.string(), z.boolean()) }),
  canOverrideRole: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const userStateBodySchema = z.strictObject({
  closedNotes: z.record(z.string().min(1).max(100), z.literal(true)),
});

export const roleSchema = z.object({ id: z.string(), abilities: z.array(z.unknown()) });
export type RoleBody = z.infer<typeof roleSchema>;
