import { DEFAULT_THEME } from '@mantine/core';
import {
  gatewayCoverageRadiusM,
  type Alert,
  type AlertMode,
  type Gateway,
  type MapTracker,
  alertLocationPath,
  alertModeLabel,
  alertPersonName,
} from '@vigil/domain';
import type { MapTrackerCircle } from './map-style';

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
 * The alert's tracker at the gateway that heard it, or null when that gateway has no coordinates.
 * An acknowledged alert is outlined rather than filled.
 */
export function alertTrackerAt(alert: Alert, gateway: Pick<Gateway, 'config'>): AlertTracker | null {
  const coordinates = gateway.config.coordinates;
  if (!coordinates) return null;
  const tracker: MapTracker = {
    id: alert.id,
    latlng: { lat: coordinates.lat, lng: coordinates.lng },
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
}
