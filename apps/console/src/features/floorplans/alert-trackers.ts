import type { Alert, Gateway } from '@vigil/domain';
import { alertTrackerAt, type AlertTracker } from '../../ui/map/alert-tracker';

// Issue 15 "The alert on the map": the floor's open alerts as trackers (ui/map/alert-tracker.ts
// builds one, shared with the alert detail's floor plan panel).

export { ALERT_MODE_HEX, alertTrackerDetails, type AlertTracker } from '../../ui/map/alert-tracker';

/**
 * The open alerts of this floor as trackers, newest first: an alert belongs here when the gateway
 * that heard it (Alert.gateway, a gateway id) is one of the floor's gateways with coordinates. A
 * closed alert is never drawn; an acknowledged one stays, outlined rather than filled.
 */
export function floorAlertTrackers(
  alerts: readonly Alert[] | undefined,
  gateways: readonly Gateway[],
): AlertTracker[] {
  if (!alerts || alerts.length === 0) return [];
  const placed = new Map(gateways.filter((g) => g.config.coordinates).map((g) => [g.id, g]));
  return alerts
    .filter((alert) => alert.state !== 'closed' && alert.gateway !== null && placed.has(alert.gateway))
    .map((alert) => alertTrackerAt(alert, placed.get(alert.gateway!)!)!)
    .sort((a, b) => b.alert.createdAt.localeCompare(a.alert.createdAt));
}

/**
 * Issue 15: the tracker a new alert pans the open map to, or null. Trackers already on the map when
 * it opened (`seen` null: the first answer) are not new; the newest unseen one wins; the zone's
 * noAutoPan flag (SPEC §6) turns panning off altogether.
 */
export function autoPanTarget(
  seen: ReadonlySet<string> | null,
  trackers: readonly AlertTracker[],
  noAutoPan: boolean,
): AlertTracker | null {
  if (noAutoPan || seen === null) return null;
  const fresh = trackers.filter((t) => !seen.has(t.alert.id));
  if (fresh.length === 0) return null;
  return fresh.reduce((newest, t) => (t.alert.createdAt > newest.alert.createdAt ? t : newest));
}
