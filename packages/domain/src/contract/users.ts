import { z } from 'zod';
import { rawRuleSchema } from '../permissions/rule-schema';
import { listSchema, uuidSchema } from './common';

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
export type UserStateBody = z.infer<typeof userStateBodySchema>;

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

/** The least length of a password set through the Users screen. */
export const USER_PASSWORD_MIN_LENGTH = 8;

const passwordSchema = z
  .string()
  .min(USER_PASSWORD_MIN_LENGTH, `A password has at least ${USER_PASSWORD_MIN_LENGTH} characters`)
  .max(200);

const personNameSchema = z
  .string()
  .max(200)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'A name is required'));

/** An e-mail is the user's sign-in id (`userId`); kept trimmed and lower-case. */
const emailSchema = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email('Not a valid e-mail address'));

/** A zone as it appears inside another entity: its id and name. */
export const zoneRefSchema = z.object({ id: z.string(), name: z.string() });

/** SPEC §3 User as the Users screen sees it; never a password or its hash. */
export const userSchema = z.object({
  id: z.string(),
  /** The e-mail, the user's sign-in id. */
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  zone: zoneRefSchema,
  /** Zone ids narrowing the user's alert views (SPEC §3 location). */
  location: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = listSchema(userSchema);

/** POST /api/users: without a password the user cannot sign in with one until it is set. */
export const userCreateBodySchema = z.strictObject({
  email: emailSchema,
  name: personNameSchema,
  role: roleIdSchema,
  zone: uuidSchema,
  password: passwordSchema.optional(),
  location: z.array(uuidSchema).max(200).optional(),
});
export type UserCreateBody = z.infer<typeof userCreateBodySchema>;

/** PUT /api/users/{id} is partial. */
export const userUpdateBodySchema = z.strictObject({
  name: personNameSchema.optional(),
  role: roleIdSchema.optional(),
  zone: uuidSchema.optional(),
  location: z.array(uuidSchema).max(200).optional(),
  password: passwordSchema.optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;
