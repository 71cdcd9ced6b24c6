import { z } from 'zod';
import type { ParseResult } from '../validators/parse-result';
import { ALARM_STATES } from './alarm';
import type { DangerReason } from './enums';
import type { PressClassification } from './press-patterns';

/** SPEC §4 Alerts: the open states (which sound the alarm while unacknowledged), then closed. */
export const ALERT_STATES = [...ALARM_STATES, 'closed'] as const;
export const alertStateSchema = z.enum(ALERT_STATES);
export type AlertState = z.infer<typeof alertStateSchema>;

/** SPEC §3 Alert mode, §4 Alerts: modes include danger and test; a plain press is help. */
export const ALERT_MODES = ['help', 'danger', 'test'] as const;
export const alertModeSchema = z.enum(ALERT_MODES);
export type AlertMode = z.infer<typeof alertModeSchema>;

/** SPEC §4 Alerts: escalation delay when the zone sets none (zone config.escalationDelayS). */
export const DEFAULT_ESCALATION_DELAY_S = 60;

/** A lifecycle verdict; `code` is the snake_case error code the server answers beside `reason`. */
export type AlertVerdict = { ok: true } | { ok: false; reason: string; code: string };

export const ALERT_CLOSED_REASON = 'This alert is already closed';
const CLOSED: AlertVerdict = { ok: false, reason: ALERT_CLOSED_REASON, code: 'alert_closed' };

/** SPEC §4 Alerts: an alert is open until it is closed. */
export function isAlertOpen(alert: { state: string }): boolean {
  return (ALARM_STATES as readonly string[]).includes(alert.state);
}

/** SPEC §4 Alerts: created → notified once its realtime event is committed; any other state stays. */
export function nextOnNotify(state: AlertState): AlertState {
  return state === 'created' ? 'notified' : state;
}

/**
 * SPEC §4 Alerts: an open, unacknowledged help or danger alert in created or notified escalates once
 * `delayS` has passed since it was created (escalated is never re-entered, so it happens once).
 * Test alerts never escalate. The delay counts from creation, not from the last press: repeated
 * presses must not put escalation off, and a re-pressed alert that was acknowledged long ago is
 * exactly what escalation is for.
 */
export function mayEscalate(
  alert: { state: string; mode: string; acknowledged: boolean; createdAt: Date | string },
  now: Date,
  delayS: number = DEFAULT_ESCALATION_DELAY_S,
): boolean {
  if (alert.state !== 'created' && alert.state !== 'notified') return false;
  if (alert.acknowledged || alert.mode === 'test') return false;
  return now.getTime() - new Date(alert.createdAt).getTime() >= delayS * 1000;
}

/** SPEC §4 Alerts: an open alert may be acknowledged; again is allowed (the first acknowledgement is kept). */
export function mayAcknowledge(alert: { state: string }): AlertVerdict {
  return isAlertOpen(alert) ? { ok: true } : CLOSED;
}

/** SPEC §4 Alerts: an open alert may be closed (with a reason, validated by validateAlertClose). */
export function mayClose(alert: { state: string }): AlertVerdict {
  return isAlertOpen(alert) ? { ok: true } : CLOSED;
}

const MODE_RANK: Record<AlertMode, number> = { test: 0, help: 1, danger: 2 };
const DANGER_RANK: Record<DangerReason, number> = { other: 0, activeShooter: 1 };

/** What joinPress reads and writes of an alert. */
export type JoinableAlert = {
  state: string;
  mode: AlertMode;
  dangerReason: DangerReason | null;
  pressCount: number;
  lastPressAt: Date | string;
  acknowledged: boolean;
  acknowledgedAt?: Date | string | null;
  acknowledgedBy?: { id: string; name: string } | null;
};

/**
 * SPEC §4 Alerts: a new press joins its tag's open alert: one more press, its time, unacknowledged
 * again (so it sounds again), and the mode only ever rises: test → help → danger, and danger
 * 'other' → 'activeShooter'. A real press thus lifts an open test alert to help. State is kept.
 */
export function joinPress<T extends JoinableAlert>(
  alert: T,
  press: { at: T['lastPressAt']; classification: PressClassification },
): ParseResult<T> {
  if (!isAlertOpen(alert)) return { ok: false, reason: ALERT_CLOSED_REASON };
  const incoming = press.classification;
  let mode = alert.mode;
  let dangerReason = alert.dangerReason;
  if (MODE_RANK[incoming.mode] > MODE_RANK[mode]) {
    mode = incoming.mode;
    dangerReason = incoming.mode === 'danger' ? incoming.dangerReason : null;
  } else if (incoming.mode === 'danger' && mode === 'danger') {
    if (dangerReason === null || DANGER_RANK[incoming.dangerReason] > DANGER_RANK[dangerReason]) {
      dangerReason = incoming.dangerReason;
    }
  }
  return {
    ok: true,
    value: {
      ...alert,
      mode,
      dangerReason,
      pressCount: alert.pressCount + 1,
      lastPressAt: press.at,
      acknowledged: false,
      ...('acknowledgedAt' in alert ? { acknowledgedAt: null } : {}),
      ...('acknowledgedBy' in alert ? { acknowledgedBy: null } : {}),
    },
  };
}
