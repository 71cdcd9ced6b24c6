import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { writeAudit } from '../platform/audit';
import { notFound } from '../platform/errors';
import { locatedInScope } from '../platform/scope-sql';
import { alerts } from '../db/schema';
import { alertLinks } from './tables';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/alerts/{id}/links/revoke (issue 16): every link of an alert in the caller's scope stops
 * opening it (404 'not valid'), for good: a later delivery of the same alert keeps the revoked row.
 * Answers how many were still unrevoked; audited on the alert when there were any.
 */
export async function revokeAlertLinks(db: Db, actor: Actor, alertId: string): Promise<{ revoked: number }> {
  if (!UUID_RE.test(alertId)) throw notFound('Alert not found');
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.id, alertId), locatedInScope(actor.caller.scope, alerts.zoneId, alerts.orgId)));
    if (!alert) throw notFound('Alert not found');
    const revoked = await tx
      .update(alertLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(alertLinks.alertId, alertId), isNull(alertLinks.revokedAt)))
      .returning({ id: alertLinks.id });
    if (revoked.length > 0) {
      await writeAudit(tx, actor, {
        entity: 'alert',
        entityId: alertId,
        action: 'revokeLinks',
        after: { revoked: revoked.map((r) => r.id) },
      });
    }
    return { revoked: revoked.length };
  });
}
