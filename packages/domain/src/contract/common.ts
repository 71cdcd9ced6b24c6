import { z } from 'zod';

/** ARCHITECTURE §4: every error answers `{reason, code?}`; validation names the field. */
export const errorSchema = z.object({
  reason: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const uuidSchema = z.uuid();
/** Tags and gateways are identified by their 12-hex lower-case MAC. */
export const macIdSchema = z.string().regex(/^[0-9a-f]{12}$/);
export const isoDateSchema = z.iso.datetime({ offset: true });

/** Every list answers `{data, total}`; `nextCursor` when keyset paging continues. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int(), nextCursor: z.string().optional() });
}

export const jsonObjectSchema = z.record(z.string(), z.unknown());
