import { z } from 'zod';

// SPEC §3 Zone: its levels and the closed values of its config. Each list is an `as const` tuple,
// a zod schema and the inferred type.

/** SPEC §3 Zone: levels from the top of the tree down. */
export const ZONE_LEVELS = ['root', 'org', 'site', 'building', 'floor', 'unit', 'area'] as const;
export const zoneLevelSchema = z.enum(ZONE_LEVELS);
export type ZoneLevel = z.infer<typeof zoneLevelSchema>;

/** SPEC §3 Zone config.state, §4 Units. */
export const ZONE_STATES = ['active', 'inactive'] as const;
export const zoneStateSchema = z.enum(ZONE_STATES);
export type ZoneState = z.infer<typeof zoneStateSchema>;

/** SPEC §3 Enumerations: zone categories (Zone config.category). */
export const CATEGORIES = ['indoor', 'outdoor', 'home'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;
