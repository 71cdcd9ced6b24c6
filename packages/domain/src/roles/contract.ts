import { z } from 'zod';
import { rawRuleSchema } from '../permissions/rule-schema';

// SPEC §3 Role and §7 GET /roles: the roles API. What each role may do is permissions/roles.ts.

export const roleSchema = z.object({ id: z.string(), abilities: z.array(z.unknown()) });
export type RoleBody = z.infer<typeof roleSchema>;

/** A role listed by GET /api/roles; `builtIn` marks the roles of SPEC §6 (ROLE_NAMES). */
export const roleListItemSchema = roleSchema.extend({ builtIn: z.boolean() });

/** GET /api/roles/{id}: the role, whether it is built in, and how many users in scope hold it. */
export const roleDetailSchema = roleListItemSchema.extend({ users: z.number().int() });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** A role's id is its name (API contract 'Ids'), e.g. `nightShift`. */
export const roleIdSchema = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9]{1,39}$/, 'A role name is 2 to 40 letters and digits, starting with a letter');

const abilitiesSchema = z.array(rawRuleSchema).max(200);

export const roleCreateBodySchema = z.strictObject({ id: roleIdSchema, abilities: abilitiesSchema });
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;

export const roleUpdateBodySchema = z.strictObject({ abilities: abilitiesSchema });
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;
