import { z } from 'zod';
import { actorSchema, listSchema } from '../contract/common';

/** One changed value of an audit entry: the dotted path, before and after (absent = not set). */
export const auditChangeSchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * SPEC §7 GET log/audit?id=&query=&includeDetails=true&orderBy=at: who, when, what changed. `id`
 * matches an entity id or a request id. `changes` (with includeDetails) is the before/after diff.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  at: z.string(),
  actor: actorSchema,
  entity: z.string(),
  entityId: z.string(),
  /** The entity's name as the entry recorded it (after, else before), when it has one. */
  label: z.string().nullable(),
  action: z.string(),
  changes: z.array(auditChangeSchema).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = listSchema(auditEntrySchema);

/** /log/batch: one bulk run of a tag or gateway operation. */
export const batchLogEntrySchema = z.object({
  id: z.string(),
  requestId: z.string(),
  at: z.string(),
  actor: actorSchema,
  subject: z.enum(['Tag', 'Gateway']),
  op: z.string(),
  args: z.record(z.string(), z.unknown()),
  ids: z.array(z.string()),
  count: z.number().int(),
});
export type BatchLogEntry = z.infer<typeof batchLogEntrySchema>;
export const batchLogListSchema = listSchema(batchLogEntrySchema);

/** /log/sync: each configuration or command pushed to a gateway, and when the gateway confirmed it. */
export const syncLogEntrySchema = z.object({
  id: z.string(),
  gatewayId: z.string(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  actor: actorSchema.nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type SyncLogEntry = z.infer<typeof syncLogEntrySchema>;
export const syncLogListSchema = listSchema(syncLogEntrySchema);
