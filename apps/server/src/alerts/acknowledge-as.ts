import type { Alert } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { ActorRef } from '../platform/db/columns';
import { notFound } from '../platform/errors';

import type { AlertRow } from './alert-rows';
import { findAlert, loadAlertContext, toAlert } from './alert-rows';
import { acknowledgeAlert, recordChange } from './update-alert';

/** Who acknowledges without being a caller: the name the alert shows, and the audit's request and actor. */
export type AcknowledgeAs = {
  orgId: string;
  /** What the alert's `acknowledgedBy` and history show (a link: `link:<id>`, '<recipient> (alert link)'). */
  by: ActorRef;
  requestId: string;
};

/**
 * Acknowledges an alert of `orgId` in the name of someone who is not a signed-in caller (an alert
 * link's recipient, issue 16), through PUT /api/alerts/{id}'s own steps: SPEC §4's rule (409 once
 * closed), the first acknowledgement kept, then history, realtime event and audit in one transaction.
 */
export async function acknowledgeAs(
  db: Db,
  alertId: string,
  who: AcknowledgeAs,
): Promise<{ alert: Alert; row: AlertRow }> {
  return db.transaction(async (tx) => {
    // The whole organisation: the link, not a zone scope, is what grants this one alert.
    const row = await findAlert(tx, { orgId: who.orgId, roots: [who.orgId] }, alertId, true);
    if (!row) throw notFound('Alert not found');
    const ctx = await loadAlertContext(tx, [row]);
    const before = toAlert(row, ctx);
    const now = new Date();
    const change = await acknowledgeAlert(tx, row, who.by, now);
    if (!change) return { alert: before, row };
    const actor = { requestId: who.requestId, caller: { id: who.by.id, org: { id: who.orgId } } };
    const alert = await recordChange(tx, actor, who.by, row.id, before, ctx, change, now);
    return { alert, row: change.updated };
  });
}
