import { MINUTE_MS } from '../constants';

// SPEC §9 Map and the floor plans' timings (§2.7, §4 Plan editing, §7 Zones Plan, Devices markers).
// Used by the floor-plan map (SPEC §2.7, /floorplans), which is still to come.

// ── Zoom and tiles (§9) ─────────────────────────────────────────────────────

/** SPEC §9: map zoom range; the minimum applies when streets are shown. */
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 22;
/** SPEC §9: plan tile edge. */
export const PLAN_TILE_SIZE_PX = 256;
/** SPEC §9: plan tiles exist from zoom 18 to 22; 18 is also the minimum zoom without streets. */
export const PLAN_MIN_ZOOM = 18;
export const PLAN_MAX_ZOOM = 22;
/** SPEC §9: default zoom. */
export const DEFAULT_ZOOM = 20;
/** SPEC §9: zoom on a single tracker. */
export const SINGLE_TRACKER_ZOOM = 21;
/** SPEC §9: zoom on a single GPS or asset tracker. */
export const GPS_ASSET_TRACKER_ZOOM = 19;
/** SPEC §9: zoom when focusing a tracker. */
export const FOCUS_TRACKER_ZOOM = 20;
/** SPEC §9: an outdoor location gives trackers this radius (metres assumed)… */
export const OUTDOOR_TRACKER_RADIUS_M = 16;
/** SPEC §9: …and this zoom. */
export const OUTDOOR_TRACKER_ZOOM = 18;

// ── Floor area and plan editing (§9, §2.7) ──────────────────────────────────

/** SPEC §9: square metres to square feet. */
export const SQ_M_TO_SQ_FT = 10.76391041671;
/** SPEC §9: marker density is markers per this many square feet. */
export const MARKER_DENSITY_AREA_SQ_FT = 1000;
/** SPEC §2.7: plan rotation step, and the fine step with a modifier key. */
export const PLAN_ROTATE_STEP_DEG = 5;
export const PLAN_ROTATE_FINE_STEP_DEG = 0.2;
/** SPEC §2.7, §9: address search is restricted to the US. */
export const ADDRESS_SEARCH_COUNTRY = 'US';

// ── Loads, jobs and image storage (§7, §8, §9) ──────────────────────────────

/** SPEC §9: at most 500 gateways per map load. */
export const MAX_GATEWAYS_PER_LOAD = 500;
/** SPEC §9: at most 500 markers per map load. */
export const MAX_MARKERS_PER_LOAD = 500;
/** SPEC §7, §9: markers refresh every 5 s when editing is allowed. */
export const MARKER_REFRESH_MS = 5000;
/** The most a plan image upload may hold, in MB (ours: SPEC states no size; docs/API.md does). */
export const PLAN_UPLOAD_MAX_MB = 50;
export const PLAN_UPLOAD_MAX_BYTES = PLAN_UPLOAD_MAX_MB * 1024 * 1024;
/** SPEC §7, §9: plan upload timeout. */
export const PLAN_UPLOAD_TIMEOUT_MS = 600_000;
/** SPEC §7: plan jobs are polled each second. */
export const PLAN_JOB_POLL_MS = 1000;
/** SPEC §8: a plan job that stops below this is 'Prematurely stopped'. */
export const PLAN_JOB_DONE_PERCENT = 100;
/** SPEC §7, §9: image-storage signature (plan tiles) checked every 30 s. */
export const SIGNATURE_CHECK_MS = 30_000;
/** SPEC §7, §9: an image-storage signature is valid 30 min. */
export const SIGNATURE_VALID_MS = 30 * MINUTE_MS;
