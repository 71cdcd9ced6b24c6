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
import type { Db, Tx } from '../platform/db/client';
import { alerts } from '../db/schema';
import { HttpError, conflict, notFound } from '../platform/errors';
import { writeAudit, type AuditActor } from '../platform/audit';
import type { Actor, Caller } from '../platform/caller';
import type { ActorRef } from '../platform/db/columns';

import type { AlertContext, AlertRow } from './alert-rows';
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
    const change =
      'acknowledged' in body
        ? await acknowledgeAlert(tx, row, actorRefOf(caller), now)
        : await closeAlert(tx, row, body, caller, now);
    if (!change) return { alert: before, row };
    const alert = await recordChange(tx, actor, actorRefOf(caller), row.id, before, ctx, change, now);
    return { alert, row: change.updated };
  });
}

type CloseBody = Exclude<AlertUpdateBody, { acknowledged: true }>;
/** The alert as written, and the history entry it makes. */
export type Change = { updated: AlertRow; action: AlertHistoryAction; details?: Record<string, unknown> };

/**
 * SPEC §4 acknowledgement by `by` (a caller, or an alert link's recipient); undefined when the alert
 * already was (the first one is kept).
 */
export async function acknowledgeAlert(
  tx: Tx,
  row: AlertRow,
  by: ActorRef,
  now: Date,
): Promise<Change | undefined> {
  const verdict = mayAcknowledge(row);
  if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
  if (row.acknowledgedAt) return undefined;
  const [updated] = await tx
    .update(alerts)
    .set({ acknowledgedAt: now, acknowledgedBy: by, updatedAt: now })
    .where(eq(alerts.id, row.id))
    .returning();
  return { updated: updated!, action: 'acknowledged' };
}

/** SPEC §5 closing with a reason: 409 when the alert may not close, 400 naming the field at fault. */
async function closeAlert(
  tx: Tx,
  row: AlertRow,
  body: CloseBody,
  caller: Caller,
  now: Date,
): Promise<Change> {
  const verdict = mayClose(row);
  if (!verdict.ok) throw conflict(verdict.reason, verdict.code);
  const checked = validateAlertClose(body, { reasonDetailsFlag: caller.flags.reasonDetails === true });
  if (!checked.ok) throw new HttpError(400, checked.reason, 'invalid_reason', closeFieldOf(checked));
  const [updated] = await tx
    .update(alerts)
    .set({
      state: 'closed',
      closedAt: now,
      closedBy: actorRefOf(caller),
      reasonCode: checked.value.reasonCode,
      reasonText: checked.value.reasonText,
      reasonDetails: checked.value.reasonDetails,
      updatedAt: now,
    })
    .where(eq(alerts.id, row.id))
    .returning();
  return { updated: updated!, action: 'closed', details: { reasonCode: checked.value.reasonCode } };
}

/** The request field a refused close names: the unanswered question, the missing text, else the code. */
function closeFieldOf(refusal: { reason: string; questionId?: string }): string {
  if (refusal.questionId) return `reasonDetails.${refusal.questionId}`;
  return refusal.reason === REASON_TEXT_REQUIRED_REASON ? 'reasonText' : 'reasonCode';
}

/** The change's history row (in the name of `by`), realtime event and audit entry; the alert as answered. */
export async function recordChange(
  tx: Tx,
  actor: AuditActor,
  by: ActorRef,
  alertId: string,
  before: Alert,
  ctx: AlertContext,
  { updated, action, details }: Change,
  now: Date,
): Promise<Alert> {
  await addHistory(tx, alertId, action, by, now, details);
  const alert = await publishAlert(tx, updated, ctx);
  await writeAudit(tx, actor, {
    entity: 'alert',
    entityId: alertId,
    action: action === 'closed' ? 'close' : 'acknowledge',
    before,
    after: alert,
  });
  return alert;
}
