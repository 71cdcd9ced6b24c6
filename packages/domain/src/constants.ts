// SPEC §9 "Business constants and limits" that every area shares: time units, the calls' timeout,
// paging and lists, dates. An area's own numbers live in its folder (`tags/constants.ts` …).
// Every name carries its unit (_MS, _S, _DAYS) unless it is a count.

// ── Time (§9, §7) ────────────────────────────────────────────────────────────

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
/** SPEC §9: one day = 86,400,000 ms. */
export const DAY_MS = 86_400_000;
/** SPEC §9: two months = 60 days. */
export const TWO_MONTHS_DAYS = 60;
export const TWO_MONTHS_MS = TWO_MONTHS_DAYS * DAY_MS;

/** SPEC §7, §9: default API request timeout. */
export const API_TIMEOUT_MS = 30_000;
/** SPEC §9: a screen's code (a lazy chunk) that has not loaded in this time has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** SPEC §7, §9: GET /hash.json to detect a new build. */
export const BUILD_HASH_CHECK_MS = 60_000;

// ── Paging and lists (§9, §7) ────────────────────────────────────────────────

/** SPEC §7, §9: batch-fetch chunk and page limit. */
export const PAGE_LIMIT = 500;
/** SPEC §2.8, §9: per-page choices of data tables. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = 10 satisfies PageSize;
/** SPEC §9: input debounce. */
export const DEBOUNCE_MS = 200;
/** SPEC §9: suggestion lists show at most 10 entries. */
export const SUGGESTION_MAX = 10;
/** SPEC §5: a generic suggest needs 2 characters. */
export const SUGGEST_MIN_CHARS = 2;

// ── Dates (§9) ───────────────────────────────────────────────────────────────

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
