import { ACK_HOLD_MS } from './constants';

/** SPEC §4 Alerts: the states that trigger the alarm while unacknowledged. */
export const ALARM_STATES = ['created', 'notified', 'escalated'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** A zone id, or a zone object carrying its id (SPEC §3 Alert location). */
export type AlertLocation = string | { id: string };

/** What the alarm rules read from an alert (SPEC §3 Alert). */
export type AlarmAlert<L extends AlertLocation = AlertLocation> = {
  state: string;
  mode?: string | null;
  acknowledged?: boolean | null;
  location?: L | null;
};

function inAlarmState(state: string): state is AlarmState {
  return (ALARM_STATES as readonly string[]).includes(state);
}

/** SPEC §4 Alerts: created, notified and escalated alerts sound the alarm while unacknowledged. */
export function alertSoundsAlarm(alert: AlarmAlert): boolean {
  return inAlarmState(alert.state) && !alert.acknowledged;
}

/**
 * SPEC §4 Alerts: a danger-mode alert makes its location dangerous while it is created or notified.
 * We read that as "not yet closed" and include escalated too: escalating an active-shooter alert
 * must not hide its danger banner (§2.6). Acknowledging does not clear the danger either.
 */
export function isDangerousLocation(alert: AlarmAlert): boolean {
  return alert.mode === 'danger' && inAlarmState(alert.state);
}

/** SPEC §2.6, §4: the distinct dangerous locations (one danger banner each), in first-seen order. */
export function dangerousLocations<L extends AlertLocation>(alerts: readonly AlarmAlert<L>[]): L[] {
  const byId = new Map<string, L>();
  for (const alert of alerts) {
    const location = alert.location;
    if (location == null || !isDangerousLocation(alert)) continue;
    const id = typeof location === 'string' ? location : location.id;
    if (!byId.has(id)) byId.set(id, location);
  }
  return [...byId.values()];
}

/** SPEC §4 Alerts, §9: a local acknowledgement holds for 30 s after it was made, then resets. */
export function isAckHeld(acknowledgedAt: Date | null | undefined, now: Date): boolean {
  if (!acknowledgedAt) return false;
  const age = now.getTime() - acknowledgedAt.getTime();
  return age >= 0 && age < ACK_HOLD_MS;
}
