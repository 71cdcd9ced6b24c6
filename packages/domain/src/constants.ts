import type { SkuCode } from './enums';

// SPEC §9 "Business constants and limits", with the timings of §2, §4, §7 and §8.
// Every name carries its unit (_MS, _S, _MV, _DAYS, _PX, _M, _SQ_FT) unless it is a count.

// ── Battery (§9) ────────────────────────────────────────────────────────────

/** SPEC §9: healthy is at or above this. */
export const BATTERY_HEALTHY_MIN_MV = 2800;
/** SPEC §9: low is from this up to below BATTERY_HEALTHY_MIN_MV. */
export const BATTERY_LOW_MIN_MV = 2600;
/** SPEC §9: depleted is from this up to below BATTERY_LOW_MIN_MV (dead or dying). */
export const BATTERY_DEPLETED_MIN_MV = 0;
/** SPEC §9: a low battery is estimated to last under this many months. */
export const BATTERY_LOW_ESTIMATE_MONTHS = 3;
/** SPEC §9: the tag-metadata reading labels 'Low' from this and 'Unhealthy' below it. */
export const BATTERY_METADATA_LOW_MIN_MV = 2700;
/** SPEC §4: unflag needs every battery strictly above this. */
export const UNFLAG_BATTERY_ABOVE_MV = 2800;

// ── Time (§9, §2.6, §4, §7, §8) ──────────────────────────────────────────────

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
/** SPEC §9: one day = 86,400,000 ms. */
export const DAY_MS = 86_400_000;
/** SPEC §9: two months = 60 days. */
export const TWO_MONTHS_DAYS = 60;
export const TWO_MONTHS_MS = TWO_MONTHS_DAYS * DAY_MS;

/** SPEC §7: alert list refresh dispatched every 2 s. */
export const ALERT_REFRESH_MS = 2000;
/** SPEC §8, §9: alert refresh counts as failed (app disconnected) after 10 s without a good refresh. */
export const ALERT_REFRESH_FAILED_AFTER_MS = 10_000;
/** SPEC §4, §9: an acknowledgement is held locally for 30 s, then resets. */
export const ACK_HOLD_MS = 30_000;
/** SPEC §7, §9: POST log/alerts/error is debounced 10 s. */
export const ERROR_REPORT_DEBOUNCE_MS = 10_000;
/** SPEC §2.6, §9: console name refresh. */
export const CONSOLE_NAME_REFRESH_MS = 60_000;
/** SPEC §2.6, §7, §9: the 'Login to mobile' QR code (and its refresh token) is valid 60 s. */
export const MOBILE_LOGIN_QR_LIFETIME_S = 60;
/** SPEC §9: distribution-station timeout, 1 hour. */
export const DISTRIBUTION_STATION_TIMEOUT_MS = HOUR_MS;
/** SPEC §7, §9: console heartbeat. */
export const HEARTBEAT_MS = 60_000;
/** SPEC §7, §9: GET /hash.json to detect a new build. */
export const BUILD_HASH_CHECK_MS = 60_000;
/** SPEC §7, §9: console snapshot debounce. */
export const SNAPSHOT_DEBOUNCE_MS = 1000;
/** SPEC §7: at most 100 snapshots are buffered. */
export const SNAPSHOT_BUFFER_MAX = 100;
/** SPEC §4, §9: idle time before the sign-out countdown starts. */
export const IDLE_TIMEOUT_S = 840;
/** SPEC §4, §9: sign-out countdown after the idle timeout. */
export const IDLE_COUNTDOWN_S = 60;
/** SPEC §9: 900 s from the last activity to sign-out. */
export const IDLE_TOTAL_S = IDLE_TIMEOUT_S + IDLE_COUNTDOWN_S;
/** SPEC §7, §9: image-storage signature checked every 30 s. */
export const SIGNATURE_CHECK_MS = 30_000;
/** SPEC §7, §9: an image-storage signature is valid 30 min. */
export const SIGNATURE_VALID_MS = 30 * MINUTE_MS;
/** SPEC §7, §9: markers refresh every 5 s when editing is allowed. */
export const MARKER_REFRESH_MS = 5000;
/** SPEC §7, §9: default API request timeout. */
export const API_TIMEOUT_MS = 30_000;
/** SPEC §9: code-chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** SPEC §7, §9: plan upload timeout. */
export const PLAN_UPLOAD_TIMEOUT_MS = 600_000;
/** SPEC §7, §9: GET auth/token timeout. */
export const TOKEN_REFRESH_TIMEOUT_MS = 60_000;
/** SPEC §7: plan jobs are polled each second. */
export const PLAN_JOB_POLL_MS = 1000;
/** SPEC §8: a plan job that stops below this is 'Prematurely stopped'. */
export const PLAN_JOB_DONE_PERCENT = 100;
/** SPEC §8: the 'Unable to download csv file at this time' notice shows for 5 s. */
export const CSV_ERROR_NOTICE_MS = 5000;
/** SPEC §4, §8: a 401 for a signed-in user is retried once before the session is invalid. */
export const UNAUTHORIZED_RETRIES = 1;
/** SPEC §7: metrics and diagnostics cover the last 24 hours. */
export const DIAGNOSTICS_WINDOW_HOURS = 24;
export const DIAGNOSTICS_WINDOW_MS = DIAGNOSTICS_WINDOW_HOURS * HOUR_MS;

// ── Paging and lists (§9, §7) ────────────────────────────────────────────────

/** SPEC §7, §9: batch-fetch chunk and page limit. */
export const PAGE_LIMIT = 500;
/** SPEC §7, §9: tag ids are fetched in chunks of this size. */
export const FETCH_CHUNK_SIZE = 500;
/** SPEC §9: at most 500 gateways per map load. */
export const MAX_GATEWAYS_PER_LOAD = 500;
/** SPEC §9: at most 500 markers per map load. */
export const MAX_MARKERS_PER_LOAD = 500;
/** SPEC §2.8, §9: per-page choices of data tables. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = 10 satisfies PageSize;
/** SPEC §9: zone trees load 200 zones per page. */
export const ZONE_TREE_PAGE = 200;
/** SPEC §7, §9: CSV is fetched 500 rows per page. */
export const CSV_PAGE = 500;
/** SPEC §5, §9: CSV download is refused above this many rows. */
export const CSV_MAX_ROWS = 100_000;
/** SPEC §9: input debounce. */
export const DEBOUNCE_MS = 200;
/** SPEC §9: suggestion lists show at most 10 entries. */
export const SUGGESTION_MAX = 10;
/** SPEC §5: a generic suggest needs 2 characters. */
export const SUGGEST_MIN_CHARS = 2;
/** SPEC §5, §9: MAC suggestions start after 4 characters. */
export const MAC_SUGGEST_MIN_CHARS = 4;
/** SPEC §7, §9: at most 20 MAC suggestions. */
export const MAC_SUGGEST_MAX = 20;
/** SPEC §7: person search returns at most 20 people. */
export const PEOPLE_SEARCH_LIMIT = 20;

// ── Devices (§9) ────────────────────────────────────────────────────────────

/** SPEC §9: a MAC address (device id) is 12 hex characters. */
export const MAC_LENGTH = 12;
/** SPEC §9: default disconnected threshold. */
export const DISCONNECTED_THRESHOLD_DAYS = 2;
export const DISCONNECTED_THRESHOLD_MS = DISCONNECTED_THRESHOLD_DAYS * DAY_MS;
/** SPEC §9: diagnostics pass thresholds over 24 h, in percent (a value at the threshold passes). */
export const DIAGNOSTICS_PASS_PERCENT = { button: 90, coverage: 90, floor: 51 } as const;
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
/** SPEC §9: an outdoor location gives trackers this radius (metres assumed)… */
export const OUTDOOR_TRACKER_RADIUS_M = 16;
/** SPEC §9: …and this zoom. */
export const OUTDOOR_TRACKER_ZOOM = 18;
/** SPEC §9: scan duration for Android badge mode; SPEC gives no unit, milliseconds assumed. */
export const ANDROID_BADGE_SCAN_DURATION_MS = 1000;

/** SPEC §9: units per box, by SKU. */
export const BOX_QUANTITY_BY_SKU = {
  TAG3: 20,
  TAG5: 20,
  TAG7: 20,
  WEAR1: 20,
  TAG6: 50,
  GW2: 5,
  GWL1: 1,
  NODE1: 1,
} as const satisfies Partial<Record<SkuCode, number>>;

/** SPEC §9: boxes per carton (box count), by SKU. */
export const BOX_COUNT_BY_SKU = {
  TAG3: 10,
  TAG5: 10,
  TAG7: 10,
  WEAR1: 10,
  TAG6: 4,
  GW2: 20,
  GWL1: 6,
  NODE1: 6,
} as const satisfies Partial<Record<SkuCode, number>>;

/** SPEC §9: SKUs that can be ordered. */
export const ORDERABLE_SKUS = [
  'GW2',
  'GWL1',
  'TAG5',
  'TAG7',
  'NODE1',
  'GWC',
  'GWG',
  'DSK',
] as const satisfies readonly SkuCode[];

/** SPEC §9: firmware keys by gateway kind. */
export const FIRMWARE_KEYS = {
  indoor: ['GW2', 'GW2_ff', 'GW5'],
  outdoor: ['NODE1', 'GWL1'],
} as const;

// ── Map (§9, §2.7) ──────────────────────────────────────────────────────────

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
/** SPEC §9: square metres to square feet. */
export const SQ_M_TO_SQ_FT = 10.76391041671;
/** SPEC §9: marker density is markers per this many square feet. */
export const MARKER_DENSITY_AREA_SQ_FT = 1000;
/** SPEC §2.7: plan rotation step, and the fine step with a modifier key. */
export const PLAN_ROTATE_STEP_DEG = 5;
export const PLAN_ROTATE_FINE_STEP_DEG = 0.2;
/** SPEC §2.7, §9: address search is restricted to the US. */
export const ADDRESS_SEARCH_COUNTRY = 'US';

/** SPEC §9: indoor marker labels. */
export const MARKER_LABELS = [
  'guard',
  'behind TV',
  'under desk',
  'stool',
  'red outlet',
  'high outlet',
  "6' ladder",
] as const;
/** SPEC §9: outdoor marker labels. */
export const OUTDOOR_MARKER_LABELS = [
  'courtyard',
  'ramp down',
  'ramp up',
  'stairwell',
  'flat mount',
  'side mount',
] as const;

// ── Dates and locale (§9) ────────────────────────────────────────────────────

/** SPEC §9: date-range picker presets. */
export const DATE_PRESETS = [
  'Today',
  'Last 7 days',
  'Last 30 days',
  'This Week',
  'Last Week',
  'This Month',
  'Last Month',
  'This Year',
  'Last Year',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
/** SPEC §9: the default range runs from the previous day to today. */
export const DEFAULT_DATE_RANGE_DAYS_BACK = 1;

/** SPEC §9: time zones offered for CSV export. */
export const CSV_TIME_ZONES = [
  { label: 'Hawaii', timeZone: 'Pacific/Honolulu' },
  { label: 'Alaska', timeZone: 'America/Anchorage' },
  { label: 'Pacific', timeZone: 'America/Los_Angeles' },
  { label: 'Mountain', timeZone: 'America/Denver' },
  { label: 'Central', timeZone: 'America/Chicago' },
  { label: 'Eastern', timeZone: 'America/New_York' },
] as const;
/** SPEC §5, §9: phone numbers are parsed with this default region. */
export const PHONE_DEFAULT_REGION = 'US';
