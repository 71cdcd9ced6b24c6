import { z } from 'zod';
import { listSchema, uuidSchema, zoneRefSchema } from '../contract/common';
import { roleIdSchema } from '../roles/contract';

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
  org: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string().nullable(),
    /** Issue 18: the organisation's time zone (its zone config `timeZone`, IANA); null when unset (UTC). */
    timeZone: z.string().nullable(),
  }),
  location: z.array(z.string()),
  state: z.object({ closedNotes: z.record(z.string(), z.boolean()) }),
  canOverrideRole: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const userStateBodySchema = z.strictObject({
  closedNotes: z.record(z.string().min(1).max(100), z.literal(true)),
});
export type UserStateBody = z.infer<typeof userStateBodySchema>;

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
