import { HOUR_MS } from '../constants';

// SPEC §9: the distribution kiosk's numbers (SPEC §2.1 /distribution/{station}/…), still to come.

/**
 * SPEC §9: distribution-station timeout, 1 hour.
 * Used by the distribution kiosk (SPEC §2.1 /distribution/{station}/home).
 */
export const DISTRIBUTION_STATION_TIMEOUT_MS = HOUR_MS;
/**
 * SPEC §9: scan duration for Android badge mode; SPEC gives no unit, milliseconds assumed.
 * Used by the distribution kiosk's scan screen (SPEC §2.1 /distribution/{station}/scan).
 */
export const ANDROID_BADGE_SCAN_DURATION_MS = 1000;
