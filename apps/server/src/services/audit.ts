import type { FastifyRequest } from 'fastify';
import type { Tx, Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  entity: string;
  entityId: string;
  action: 'create' | 'update' | 'delete' | string;
  before?: unknown;
  after?: unknown;
  orgId?: string | null;
};

/** Writes one audit row in the caller's transaction, so the change and its record land together. */
export async function writeAudit(tx: Tx | Db, req: FastifyRequest, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    requestId: String(req.id),
    actor: req.caller?.id ?? 'anonymous',
    // `orgId: null` marks an installation-wide change (a role); left out, it is the caller's organisation.
    orgId: entry.orgId === undefined ? (req.caller?.org.id ?? null) : entry.orgId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Many audit rows in one insert (a bulk write of up to 500 devices), in the caller's transaction. */
export async function writeAudits(tx: Tx | Db, req: FastifyRequest, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      requestId: String(req.id),
      actor: req.caller?.id ?? 'anonymous',
      orgId: entry.orgId === undefined ? (req.caller?.org.id ?? null) : entry.orgId,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      before: entry.before === undefined ? null : toJson(entry.before),
      after: entry.after === undefined ? null : toJson(entry.after),
    })),
  );
}

function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
