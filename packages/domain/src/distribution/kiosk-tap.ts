import { PRESS_HOLD_MIN_MS, PRESS_QUICK_TAP_MAX_MS, type ButtonPress } from '../alerts/press-patterns';
import type { TagScanMode } from '../stations/scan-mode';

// Issue 21 "Identify the tag": at a distribution station, a person taps a tag's button once
// (singleTap) or twice (doubleTap) beside the kiosk, whose gateway hears it. Such a tap is how the
// kiosk learns which tag is in their hand: it is not a help request, so the ingest records it and
// raises no alert. Lives depend on the alert path, so the rule is narrow: only a tag that is in no
// one's hands (not deployed) and has no open alert, only at a station's own gateway, only the
// station's exact pattern (no press held). Anything else, at the kiosk or not, is a press as ever.

/** The two tap patterns the ingest can hear (SPEC §3 tag scan modes singleTap, doubleTap). */
export type TapPattern = 'singleTap' | 'doubleTap';

/**
 * The tap pattern of a button event's presses: one press not held is a single tap; two presses,
 * neither held, the second within PRESS_QUICK_TAP_MAX_MS of the first's release, a double tap;
 * anything else none.
 */
export function tapPatternOf(events: readonly ButtonPress[]): TapPattern | null {
  if (events.some((e) => e.buttonRelease - e.buttonPress >= PRESS_HOLD_MIN_MS)) return null;
  if (events.length === 1) return 'singleTap';
  if (events.length === 2 && events[1]!.tapDelta <= PRESS_QUICK_TAP_MAX_MS) return 'doubleTap';
  return null;
}

export type KioskTapInput = {
  /** The scan mode of the station whose gateway heard it; null when the gateway is no station's. */
  stationScanMode: TagScanMode | null;
  /** The tag's config state (SPEC §3), null when unknown. */
  tagState: string | null;
  /** The tag has an open alert: a press then always joins it. */
  hasOpenAlert: boolean;
  events: readonly ButtonPress[];
};

/**
 * Issue 21: is this button event a kiosk tap (recorded, no alert)? Only at a station in singleTap or
 * doubleTap mode, of a tag not deployed and without an open alert, in exactly the station's pattern.
 */
export function isKioskTap({ stationScanMode, tagState, hasOpenAlert, events }: KioskTapInput): boolean {
  if (stationScanMode !== 'singleTap' && stationScanMode !== 'doubleTap') return false;
  if (hasOpenAlert || tagState === null || tagState === 'deployed') return false;
  return tapPatternOf(events) === stationScanMode;
}
