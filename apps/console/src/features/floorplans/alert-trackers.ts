import { DEFAULT_THEME } from '@mantine/core';
import {
  gatewayCoverageRadiusM,
  type Alert,
  type AlertMode,
  type Gateway,
  type MapTracker,
} from '@vigil/domain';
import { alertLocationPath, alertModeLabel, alertPersonName } from '../../ui/alert-labels';
import type { MapTrackerCircle } from '../../ui/map/map-style';

// SPEC §3 Map tracker, issue 15 "The alert on the map": each open alert heard by a gateway placed on
// the floor shown is a tracker of type `alert` at that gateway, as wide as its coverage radius,
// coloured by the alert's mode and named by the person who pressed.

/**
 * The alert card's badge colours (alert-card.tsx: danger red.8, help orange, test gray.7, at the
 * theme's primary shade 8), as hex: MapLibre paints colours, not Mantine's CSS variables.
 */
export const ALERT_MODE_HEX: Record<AlertMode, string> = {
  danger: DEFAULT_THEME.colors.red[8],
  help: DEFAULT_THEME.colors.orange[8],
  test: DEFAULT_THEME.colors.gray[7],
};

/** One open alert on the floor: the alert, its SPEC §3 tracker, and the circle the map draws. */
export type AlertTracker = {
  alert: Alert;
  tracker: MapTracker;
  circle: MapTrackerCircle;
};

/** The tracker's details line: mode and where, e.g. 'Help · Emergency Department › ED Room 101'. */
export function alertTrackerDetails(alert: Pick<Alert, 'mode' | 'location'>): string {
  return `${alertModeLabel(alert.mode)} · ${alertLocationPath(alert.location)}`;
}

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
    .map((alert): AlertTracker => {
      const gateway = placed.get(alert.gateway!)!;
      const { lat, lng } = gateway.config.coordinates!;
      const tracker: MapTracker = {
        id: alert.id,
        latlng: { lat, lng },
        type: 'alert',
        radius: gatewayCoverageRadiusM({
          category: gateway.config.category,
          sku: gateway.config.logistics?.sku,
        }),
        color: ALERT_MODE_HEX[alert.mode],
        name: alertPersonName(alert),
        details: alertTrackerDetails(alert),
      };
      return {
        alert,
        tracker,
        circle: {
          id: tracker.id,
          latlng: tracker.latlng,
          radius: tracker.radius,
          color: tracker.color,
          name: tracker.name,
          outlined: alert.acknowledged,
        },
      };
    })
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
