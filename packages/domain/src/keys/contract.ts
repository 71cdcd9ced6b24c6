import { z } from 'zod';
import { listSchema, uuidSchema, zoneRefSchema } from '../contract/common';
import { roleIdSchema } from '../roles/contract';

/** Console API keys start with this; the secret is this prefix and 32 random bytes, base64url. */
export const API_KEY_SECRET_PREFIX = 'vk_';
/** How many leading characters of a secret a key keeps to be recognised in a list. */
export const API_KEY_PREFIX_LENGTH = 10;

const keyNameSchema = z
  .string()
  .max(100)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'A key needs a name'));

/** An API key of SPEC §2.4 'API Keys' as listed: never its secret or hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  zone: zoneRefSchema,
  /** The first characters of the secret. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = listSchema(apiKeySchema);

/** POST /api/keys answers the secret this once; only its hash is kept. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyCreateBodySchema = z.strictObject({
  name: keyNameSchema,
  role: roleIdSchema,
  zone: uuidSchema,
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeyUpdateBodySchema = z.strictObject({
  name: keyNameSchema.optional(),
  role: roleIdSchema.optional(),
});
export type ApiKeyUpdateBody = z.infer<typeof apiKeyUpdateBodySchema>;
