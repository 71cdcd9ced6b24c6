import { DAY_MS, HOUR_MS } from '../constants';

// SPEC §9 Devices: the gateways' numbers.

/** SPEC §9: default disconnected threshold. */
export const DISCONNECTED_THRESHOLD_DAYS = 2;
export const DISCONNECTED_THRESHOLD_MS = DISCONNECTED_THRESHOLD_DAYS * DAY_MS;
/** SPEC §9: diagnostics pass thresholds over 24 h, in percent (a value at the threshold passes). */
export const DIAGNOSTICS_PASS_PERCENT = { button: 90, coverage: 90, floor: 51 } as const;
/** SPEC §7: metrics and diagnostics cover the last 24 hours. */
export const DIAGNOSTICS_WINDOW_HOURS = 24;
export const DIAGNOSTICS_WINDOW_MS = DIAGNOSTICS_WINDOW_HOURS * HOUR_MS;
/** SPEC §9: reboot reason code meaning a power problem. */
export const REBOOT_REASON_POWER = 9;
/** SPEC §9: coverage radius by installation kind; SPEC gives no unit, metres assumed (map radii). */
export const COVERAGE_RADIUS_M = { indoor: 16, garage: 32, outdoor: 64 } as const;
/** SPEC §9: bridges have no coverage radius. */
export const BRIDGE_COVERAGE_RADIUS_M = 0;
/** SPEC §9: node SKUs. */
export const NODE_SKUS = ['NODE0', 'NODE1'] as const;
/** SPEC §9: bridge SKUs. */
export const BRIDGE_SKUS = ['GWL0', 'GWL1'] as const;
/** SPEC §9: indoor marker labels, offered as a gateway's labels (SPEC §3 Gateway config.labels). */
export const MARKER_LABELS = [
  'guard',
  'behind TV',
  'under desk',
  'stool',
  'red outlet',
  'high outlet',
  "6' ladder",
] as const;
/** SPEC §9: outdoor marker labels, offered too when the outdoor flag is on. */
export const OUTDOOR_MARKER_LABELS = [
  'courtyard',
  'ramp down',
  'ramp up',
  'stairwell',
  'flat mount',
  'side mount',
] as const;
