import {
  FOCUS_TRACKER_ZOOM,
  GPS_ASSET_TRACKER_ZOOM,
  MAP_MIN_ZOOM,
  OUTDOOR_TRACKER_ZOOM,
  PLAN_MIN_ZOOM,
  PLAN_ROTATE_FINE_STEP_DEG,
  PLAN_ROTATE_STEP_DEG,
  SINGLE_TRACKER_ZOOM,
} from '../plans/constants';
import type { MapTrackerType } from '../plans/enums';

// SPEC §9 Map, §2.7: how the floor-plan map is framed (its zoom limits, the zoom on a tracker) and
// turned (the plan toolbar's rotation).

/** SPEC §9: the map's minimum zoom is 18 (where plan tiles start) unless streets are shown, then 1. */
export function mapMinZoom(streetsShown: boolean): number {
  return streetsShown ? MAP_MIN_ZOOM : PLAN_MIN_ZOOM;
}

/** What decides the zoom on a single tracker (SPEC §3 Map tracker, §9). */
export type TrackerZoomCase = {
  type: MapTrackerType;
  /** The tracker's position comes from GPS. */
  gps?: boolean;
  /** The tracker is at an outdoor location. */
  outdoor?: boolean;
  /** The map is focusing the tracker (e.g. the alert detail's floor plan). */
  focusing?: boolean;
};

/**
 * SPEC §9: the zoom on a single tracker: 21, 19 for a GPS or asset tracker, 20 when focusing; an
 * outdoor location gives 18. SPEC does not order them: focusing wins (someone asked for this
 * tracker), then the outdoor location, then GPS or asset.
 */
export function trackerZoom(tracker: TrackerZoomCase): number {
  if (tracker.focusing) return FOCUS_TRACKER_ZOOM;
  if (tracker.outdoor) return OUTDOOR_TRACKER_ZOOM;
  if (tracker.gps || tracker.type === 'asset') return GPS_ASSET_TRACKER_ZOOM;
  return SINGLE_TRACKER_ZOOM;
}

/**
 * SPEC §2.7: the plan bearing after one press of rotate: 5° (0.2° with the modifier key), clockwise or
 * not, kept in (-180, 180] and rounded to 1/1000° so that repeated 0.2° steps do not drift.
 */
export function rotatePlanBearing(bearing: number, clockwise: boolean, fine = false): number {
  const step = fine ? PLAN_ROTATE_FINE_STEP_DEG : PLAN_ROTATE_STEP_DEG;
  const turned = bearing + (clockwise ? step : -step);
  const wrapped = Math.round((turned - 360 * Math.floor((turned + 180) / 360)) * 1000) / 1000;
  return wrapped === -180 ? 180 : wrapped + 0; // + 0 turns a rounded -0 into 0
}
