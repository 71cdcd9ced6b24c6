import { asc, eq } from 'drizzle-orm';
import { type AlertDetail, type AlertHistoryAction, type AlertHistoryEntry } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alertEvents } from '../db/schema';
import { notFound } from '../platform/errors';
import { type Scope } from '../platform/scope';
import type { Caller } from '../platform/caller';

import type { AlertRow } from './alert-rows';
import { findAlert, toAlerts } from './alert-rows';
import { withPositions } from './alert-position';

/**
 * GET /api/alerts/{id}: the alert and its history, oldest first; its position on a floor plan to a
 * caller who may read FloorPlan.
 */
export async function getAlert(db: Db, caller: Caller, id: string): Promise<AlertDetail> {
  const row = await findAlert(db, caller.scope, id);
  if (!row) throw notFound('Alert not found');
  const [[alert], history] = await Promise.all([
    toAlerts(db, [row]).then((alerts) => withPositions(db, caller, alerts)),
    db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.alertId, id))
      .orderBy(asc(alertEvents.at), asc(alertEvents.id)),
  ]);
  return {
    ...alert,
    history: history.map((h): AlertHistoryEntry => {
      const entry: AlertHistoryEntry = {
        at: h.at.toISOString(),
        action: h.action as AlertHistoryAction,
        actor: h.actor ?? null,
      };
      return h.details ? { ...entry, details: h.details } : entry;
    }),
  };
}

/** An alert of the caller's scope, or 404 (another organisation's alert included). */
export async function assertAlertInScope(db: Db, scope: Scope, id: string): Promise<AlertRow> {
  const row = await findAlert(db, scope, id);
  if (!row) throw notFound('Alert not found');
  return row;
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────────
