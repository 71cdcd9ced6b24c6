import { eq } from 'drizzle-orm';
import {
  REASON_TEXT_REQUIRED_REASON,
  mayAcknowledge,
  mayClose,
  validateAlertClose,
  type Alert,
  type AlertHistoryAction,
  type AlertUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alerts } from '../db/schema';
import { HttpError, conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';

import type { AlertRow } from './alert-rows';
import { actorRefOf, addHistory, findAlert, loadAlertContext, publishAlert, toAlert } from './alert-rows';

/**
 * PUT /api/alerts/{id} (SPEC §4, §5): acknowledge (by whom, when; the first acknowledgement is kept)
 * or close with a reason checked by validateAlertClose. Change, history, realtime event and audit
 * land in one transaction.
 */
export async function updateAlert(
  db: Db,
  actor: Actor,
  id: string,
  body: AlertUpdateBody,
): Promise<{ alert: Alert; row: AlertRow }> {
  const caller = actor.caller;
  return db.transaction(async (tx) => {
    const row = await findAlert(tx, caller.scope, id, true);
    if (!row) throw notFound('Alert not found');
    const ctx = await loadAlertContext(tx, [row]);
    const before = toAlert(row, ctx);
    const now = new Date();
    let updated: AlertRow;
    let action: AlertHistoryAction;
    let details: Record<string, unknown> | undefined;

    if ('acknowledged' in body) {
      const verdict = mayAcknowledge(row);
      if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
      if (row.acknowledgedAt) return { alert: before, row };
      [updated] = await tx
        .update(alerts)
        .set({ acknowledgedAt: now, acknowledgedBy: actorRefOf(caller), updatedAt: now })
        .where(eq(alerts.id, row.id))
        .returning();
      action = 'acknowledged';
    } else {
      const verdict = mayClose(row);
      if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
      const close = validateAlertClose(body, { reasonDetailsFlag: caller.flags.reasonDetails === true });
      if (!close.ok) {
        const field = close.questionId
          ? `reasonDetails.${close.questionId}`
          : close.reason === REASON_TEXT_REQUIRED_REASON
            ? 'reasonText'
            : 'reasonCode';
        throw new HttpError(400, close.reason, 'invalid_reason', field);
      }
      [updated] = await tx
        .update(alerts)
        .set({
          state: 'closed',
          closedAt: now,
          closedBy: actorRefOf(caller),
          reasonCode: close.value.reasonCode,
          reasonText: close.value.reasonText,
          reasonDetails: close.value.reasonDetails,
          updatedAt: now,
        })
        .where(eq(alerts.id, row.id))
        .returning();
      action = 'closed';
      details = { reasonCode: close.value.reasonCode };
    }
    await addHistory(tx, row.id, action, actorRefOf(caller), now, details);
    const alert = await publishAlert(tx, updated!, ctx);
    await writeAudit(tx, actor, {
      entity: 'alert',
      entityId: row.id,
      action: action === 'closed' ? 'close' : 'acknowledge',
      before,
      after: alert,
    });
    return { alert, row: updated! };
  });
}
