import { z } from 'zod';
import { signInMethodSchema } from '../auth/contract';
import { booleanParamSchema, jsonObjectSchema, listSchema, uuidSchema } from '../contract/common';
import { categorySchema, zoneLevelSchema, zoneStateSchema, type ZoneLevel } from './enums';
import { ZONE_NAME_MAX, parseZoneName } from './zone-name';
import { isTimeZone } from '../csv/csv-format';
import { reportZoneQuerySchema } from '../reports/contract';
import { retentionConfigSchema } from '../retention/settings';

/** SPEC §3 Zone config: number, category, featureFlags, geometry, planId, planBearing, state, outlet. */
export const zoneConfigSchema = z
  .object({
    number: z.number().int().min(-50).max(500).nullable().optional(),
    category: categorySchema.nullable().optional(),
    featureFlags: z.record(z.string().max(64), z.boolean().nullable()).nullable().optional(),
    geometry: jsonObjectSchema.nullable().optional(),
    planId: z.string().max(100).nullable().optional(),
    planBearing: z.number().min(-360).max(360).nullable().optional(),
    state: zoneStateSchema.nullable().optional(),
    outlet: z.boolean().nullable().optional(),
    escalationDelayS: z.number().int().min(5).max(86_400).nullable().optional(),
    /**
     * Issue 18: an organisation's time zone (IANA, e.g. 'America/Chicago'): its analytics' local days
     * and the analytics cache's midnight. UTC when unset.
     */
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'Choose a time zone such as America/Chicago')
      .nullable()
      .optional(),
    /**
     * Issue 19: an organisation's retention, days per kind of history or 'forever'; a category left
     * out keeps its default (domain retention/settings.ts).
     */
    retention: retentionConfigSchema.nullable().optional(),
    /** Who a found device goes back to: shown on the public device page. */
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

export const zoneAuthSchema = z.object({ methods: z.array(signInMethodSchema).max(4).optional() }).strict();

/** A zone's name in a request: SPEC §5's rule (parseZoneName), trimmed, refused when empty. */
export const zoneNameSchema = z
  .string()
  .max(ZONE_NAME_MAX)
  .transform((input, ctx) => {
    const parsed = parseZoneName(input);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  });

export const zoneCreateBodySchema = z.strictObject({
  name: zoneNameSchema,
  level: zoneLevelSchema.exclude(['root']),
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
  level: ZoneLevel;
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
  level: zoneLevelSchema,
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

/** GET zones/{id} (SPEC §7): children, context, peers; with `report.type`, a report's details (issue 18). */
export const zoneGetQuerySchema = z.object({
  children: booleanParamSchema,
  peers: booleanParamSchema,
  context: booleanParamSchema,
  ...reportZoneQuerySchema.shape,
});
