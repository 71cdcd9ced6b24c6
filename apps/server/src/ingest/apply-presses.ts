import { randomUUID } from 'node:crypto';
import {
  classifyPresses,
  joinPress,
  nextOnNotify,
  type AlertHistoryAction,
  type AlertMode,
  type DangerReason,
  type PressClassification,
} from '@vigil/domain';
import type { AlertRow } from '../alerts';

import { answer, type Item } from './batch-types';

export type History = { alert_id: string; action: AlertHistoryAction; details?: Record<string, unknown> };
export type Applied = {
  /** The alert as committed. */
  row: AlertRow;
  /** Opened here, or made unacknowledged again: its escalation is asked for. */
  rearm: boolean;
  history: History[];
  /** The post of the tag's last press in the batch. */
  lastPost: number;
};

/** Issue 20: the home visit a new alert falls in (its owner checked in): the alert is at the home. */
export type PressVisit = { id: string; homeZoneId: string };

/** The presses of one tag, in order, on its open alert (or on a new one): all in memory. */
export function applyPresses(
  open: AlertRow | undefined,
  presses: Item[],
  now: Date,
  visit?: PressVisit,
): Applied {
  const history: History[] = [];
  let row: AlertRow;
  let rearm = false;
  let rest = presses;
  if (open) {
    row = open;
  } else {
    row = openAlert(presses[0]!, now, history, visit);
    rearm = true;
    rest = presses.slice(1);
  }
  for (const press of rest) {
    // Escalation needs asking again only when a press took an acknowledgement away.
    if (row.acknowledgedAt !== null) rearm = true;
    row = joinAlert(row, press, now, history);
  }
  return { row, rearm, history, lastPost: presses[presses.length - 1]!.post };
}

/**
 * A new alert for the tag's first press, with its 'created' and 'notified' history. 'notified' is
 * the alert's realtime event committed to the outbox. It is, in this very transaction, so no reader
 * ever sees the alert 'created'; both transitions are kept.
 */
function openAlert(first: Item, now: Date, history: History[], visit?: PressVisit): AlertRow {
  const classification = classifyPresses(first.event.events);
  const dangerReason = dangerReasonOf(classification);
  const row: AlertRow = {
    id: randomUUID(),
    orgId: first.orgId,
    zoneId: visit?.homeZoneId ?? first.tag!.zoneId ?? first.gatewayZoneId,
    tagId: first.tag!.id,
    gatewayId: first.gatewayId,
    state: nextOnNotify('created'),
    mode: classification.mode,
    dangerReason,
    pressCount: 1,
    lastPressAt: now,
    acknowledgedAt: null,
    acknowledgedBy: null,
    escalatedAt: null,
    closedAt: null,
    closedBy: null,
    reasonCode: null,
    reasonText: null,
    reasonDetails: null,
    visitId: visit?.id ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const details = { nonce: first.nonce, gateway: first.gatewayId, mode: classification.mode };
  history.push(
    { alert_id: row.id, action: 'created', details: dangerReason ? { ...details, dangerReason } : details },
    { alert_id: row.id, action: 'notified' },
  );
  first.answer = answer(first.event, 'created', row.id);
  return row;
}

/** SPEC §4 `joinPress`: one more press on the open alert, unacknowledging it, with its 'pressed' history. */
function joinAlert(row: AlertRow, press: Item, now: Date, history: History[]): AlertRow {
  const classification = classifyPresses(press.event.events);
  const joined = joinPress(
    {
      state: row.state,
      mode: row.mode as AlertMode,
      dangerReason: row.dangerReason as DangerReason | null,
      pressCount: row.pressCount,
      lastPressAt: row.lastPressAt,
      acknowledged: row.acknowledgedAt !== null,
    },
    { at: now, classification },
  );
  if (!joined.ok)
    throw new Error(`Alert ${row.id} of tag ${row.tagId} cannot take a press: ${joined.reason}`);
  const next = joined.value;
  const updated: AlertRow = {
    ...row,
    mode: next.mode,
    dangerReason: next.dangerReason,
    pressCount: next.pressCount,
    lastPressAt: now,
    acknowledgedAt: null,
    acknowledgedBy: null,
    updatedAt: now,
  };
  const dangerReason = dangerReasonOf(classification);
  history.push({
    alert_id: updated.id,
    action: 'pressed',
    details: {
      nonce: press.nonce,
      gateway: press.gatewayId,
      mode: classification.mode,
      ...(dangerReason ? { dangerReason } : {}),
      pressCount: updated.pressCount,
    },
  });
  press.answer = answer(press.event, 'joined', updated.id);
  return updated;
}

const dangerReasonOf = (classification: PressClassification): DangerReason | null =>
  classification.mode === 'danger' ? classification.dangerReason : null;
