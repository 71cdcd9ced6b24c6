import { z } from 'zod';
import { jsonObjectSchema, listSchema, uuidSchema } from './common';

const ZONE_LEVEL_VALUES = ['root', 'org', 'site', 'building', 'floor', 'unit', 'area'] as const;
const zoneLevelValueSchema = z.enum(ZONE_LEVEL_VALUES);

/** SPEC §3 Zone config: number, category, featureFlags, geometry, planId, planBearing, state, outlet. */
export const zoneConfigSchema = z
  .object({
    number: z.number().int().min(-50).max(500).nullable().optional(),
    category: z.enum(['indoor', 'outdoor', 'home']).nullable().optional(),
    featureFlags: z.record(z.string().max(64), z.boolean().nullable()).nullable().optional(),
    geometry: jsonObjectSchema.nullable().optional(),
    planId: z.string().max(100).nullable().optional(),
    planBearing: z.number().min(-360).max(360).nullable().optional(),
    state: z.enum(['active', 'inactive']).nullable().optional(),
    outlet: z.boolean().nullable().optional(),
    escalationDelayS: z.number().int().min(5).max(86_400).nullable().optional(),
    /** Who a found device goes back to: shown on the public device page (issue 6). */
    returnContact: z
      .strictObject({
        name: z.string().trim().max(200).nullable().optional(),
        email: z.email().max(254).nullable().optional(),
        phone: z.string().trim().max(50).nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .strict();

const slugSchema = z
  .string()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'A slug is lower-case letters, digits and dashes');

export const zoneAuthSchema = z
  .object({
    methods: z
      .array(z.enum(['saml', 'google', 'password', 'key']))
      .max(4)
      .optional(),
  })
  .strict();

export const zoneNameSchema = z
  .string()
  .max(200)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'A zone needs a name'));

export const zoneCreateBodySchema = z.strictObject({
  name: zoneNameSchema,
  level: zoneLevelValueSchema.exclude(['root']),
  parent: uuidSchema,
  config: zoneConfigSchema.optional(),
  slug: slugSchema.nullable().optional(),
  auth: zoneAuthSchema.optional(),
});
export type ZoneCreateBody = z.infer<typeof zoneCreateBodySchema>;

/** PUT is partial: config is deep-merged, null removes a key; computed fields are refused. */
export const zoneUpdateBodySchema = z.strictObject({
  name: zoneNameSchema.optional(),
  parent: uuidSchema.optional(),
  config: zoneConfigSchema.optional(),
  slug: slugSchema.nullable().optional(),
  auth: zoneAuthSchema.optional(),
  peers: z.array(uuidSchema).max(200).optional(),
  followers: z.array(uuidSchema).max(200).optional(),
});
export type ZoneUpdateBody = z.infer<typeof zoneUpdateBodySchema>;

export type Zone = {
  id: string;
  name: string;
  level: (typeof ZONE_LEVEL_VALUES)[number];
  parent: string | null;
  config: Record<string, unknown>;
  slug: string | null;
  auth: Record<string, unknown>;
  peers: string[];
  followers: string[];
  isLoaded: boolean;
  isLeaf: boolean;
  children?: Zone[];
  peerZones?: Zone[];
  context?: { id: string; name: string; level: string }[];
  createdAt: string;
  updatedAt: string;
};

const zoneBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  level: zoneLevelValueSchema,
  parent: z.string().nullable(),
  config: jsonObjectSchema,
  slug: z.string().nullable(),
  auth: jsonObjectSchema,
  peers: z.array(z.string()),
  followers: z.array(z.string()),
  isLoaded: z.boolean(),
  isLeaf: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A zone as the API answers it; children and peer zones are one level deep. */
export const zoneSchema = zoneBaseSchema.extend({
  children: z.array(zoneBaseSchema).optional(),
  peerZones: z.array(zoneBaseSchema).optional(),
  context: z.array(z.object({ id: z.string(), name: z.string(), level: z.string() })).optional(),
});
export const zoneListSchema = listSchema(zoneSchema);

const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const zoneGetQuerySchema = z.object({
  children: boolParam,
  peers: boolParam,
  context: boolParam,
});

/** SPEC §8 zone messages, shown by the console around the server's reason. */
export const ZONE_MESSAGES = {
  deleteAssigned: (name: string) => `Could not delete zone "${name}" since it's assigned to a gateway`,
  deleteProblem: (name: string) => `Sorry, there was a problem deleting zone "${name}"`,
  addProblem: (name: string, error: string) => `Sorry, there was a problem adding zone "${name}": ${error}`,
} as const;
