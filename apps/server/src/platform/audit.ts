import type { Tx, Db } from './db/client';
import { auditLog } from './db/tables';

/** Who made a change, and under which request; no caller for a change made before sign-in. */
export type AuditActor = { requestId: string; caller?: { id: string; org: { id: string } } };

export type AuditEntry = {
  entity: string;
  entityId: string;
  action: 'create' | 'update' | 'delete' | string;
  before?: unknown;
  after?: unknown;
  orgId?: string | null;
};

/** Writes one audit row in the caller's transaction, so the change and its record land together. */
export async function writeAudit(tx: Tx | Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    requestId: actor.requestId,
    actor: actor.caller?.id ?? 'anonymous',
    // `orgId: null` marks an installation-wide change (a role); left out, it is the caller's organisation.
    orgId: entry.orgId === undefined ? (actor.caller?.org.id ?? null) : entry.orgId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Many audit rows in one insert (a bulk write of up to 500 devices), in the caller's transaction. */
export async function writeAudits(tx: Tx | Db, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      requestId: actor.requestId,
      actor: actor.caller?.id ?? 'anonymous',
      orgId: entry.orgId === undefined ? (actor.caller?.org.id ?? null) : entry.orgId,
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
