import { z } from 'zod';

// The login texts of SPEC §8 are in login-messages.ts, kept free of zod so that the login page's
// first load stays small (ARCHITECTURE §9 'Console bundle').

/** SPEC §6 sign-in methods. */
export const SIGN_IN_METHODS = ['saml', 'google', 'password', 'key'] as const;
export const signInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

export const authConfigQuerySchema = z.object({ authSlug: z.string().max(100).optional() });
export const authConfigSchema = z.object({
  methods: z.array(signInMethodSchema),
  slug: z.string(),
  name: z.string(),
  /** Issue 17: how the login screen names the OpenID provider ('Google', else the issuer's host). */
  labels: z.object({ google: z.string().optional() }).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const passwordLoginBodySchema = z.strictObject({
  username: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

const tokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
/** SPEC §3 User tokens: access and refresh, each with its expiry. */
export const tokenDataSchema = z.object({ access: tokenSchema, refresh: tokenSchema });
export type TokenData = z.infer<typeof tokenDataSchema>;

export const tokenRefreshQuerySchema = z.object({
  expiresIn: z.coerce.number().int().min(10).max(86_400).optional(),
});
