import { formatterFor } from '../csv/csv-format';

// Issue 18: analytics rules (response-time buckets, percentiles from a histogram, local days and
// weeks of an organisation's time zone, the next local midnight). Table tests in rules.test.ts.

/**
 * Issue 18 response times: the lower bounds (seconds) of the histogram buckets, log-spaced from 1 s
 * to 24 h on the R10 preferred numbers (each about 25 % wider than the one before), with [0, 1)
 * first and [86,400, ∞) last. Bucket i holds durations from `RESPONSE_BUCKETS_S[i]` up to the next
 * bound. The server's rollups store counts per bucket (migration 0016 writes the same bounds in
 * SQL; test/analytics checks that the two agree).
 */
export const RESPONSE_BUCKETS_S: readonly number[] = [
  0,
  ...[1, 10, 100, 1000, 10_000].flatMap((decade) =>
    [1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5, 6.3, 8].map((step) => round3(decade * step)),
  ),
  86_400,
];

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Issue 18: the bucket of RESPONSE_BUCKETS_S a duration falls in (below 0, or not a number: the first). */
export function bucketOf(seconds: number): number {
  let low = 0;
  let high = RESPONSE_BUCKETS_S.length - 1;
  if (!(seconds >= 0)) return 0;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (RESPONSE_BUCKETS_S[mid]! <= seconds) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** One bucket of a histogram: durations from `fromS` up to `upToS` (null: no upper bound). */
export type HistogramBucket = { fromS: number; upToS: number | null; count: number };

/** Issue 18: RESPONSE_BUCKETS_S with these counts (one per bucket; missing counts are 0). */
export function responseHistogram(counts: readonly number[]): HistogramBucket[] {
  return RESPONSE_BUCKETS_S.map((fromS, i) => ({
    fromS,
    upToS: RESPONSE_BUCKETS_S[i + 1] ?? null,
    count: counts[i] ?? 0,
  }));
}

/**
 * Issue 18: the p-quantile (p from 0 to 1: 0.5 is the median) of the durations a histogram counts,
 * placing them evenly inside each bucket: the rank p × count falls in one bucket and is read off
 * linearly between its bounds. So the answer is exact to the width of that bucket; in the open last
 * bucket it is the bucket's lower bound. Null for an empty histogram.
 */
export function percentileFromHistogram(buckets: readonly HistogramBucket[], p: number): number | null {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const rank = Math.min(Math.max(p, 0), 1) * total;
  let before = 0;
  for (const bucket of buckets) {
    if (bucket.count > 0 && before + bucket.count >= rank) {
      if (bucket.upToS === null) return bucket.fromS;
      return bucket.fromS + ((bucket.upToS - bucket.fromS) * (rank - before)) / bucket.count;
    }
    before += bucket.count;
  }
  return null;
}

/** A calendar day, 'YYYY-MM-DD'. */
export type LocalDay = string;

function localParts(instant: Date, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

function dayText(year: number, month: number, day: number): LocalDay {
  const yyyy = String(year).padStart(4, '0');
  return `${yyyy}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * How far a time zone's clock is ahead of UTC at an instant, in ms (America/Chicago in summer:
 * −18,000,000; Asia/Kolkata: +19,800,000). Whole seconds: no zone's offset has a fraction of one.
 */
export function utcOffsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wallClock = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wallClock - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Issue 18: the calendar day of an instant in an IANA time zone (the organisation's local day). */
export function localDay(instant: Date, timeZone: string): LocalDay {
  const p = localParts(instant, timeZone);
  return dayText(p.year!, p.month!, p.day!);
}

/** The UTC midnight of a day, as ms (calendar arithmetic only: no time zone involved). */
function dayMs(day: LocalDay): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromDayMs(ms: number): LocalDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: LocalDay, n: number): LocalDay {
  return fromDayMs(dayMs(day) + n * 86_400_000);
}

/** How many days [first, last] holds, both counted. */
export function daysBetween(first: LocalDay, last: LocalDay): number {
  return Math.round((dayMs(last) - dayMs(first)) / 86_400_000) + 1;
}

/** The Monday of a day's week (ISO 8601 weeks, SPEC §9's presets'). */
export function mondayOf(day: LocalDay): LocalDay {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Issue 18: the local week (its Monday) of an instant in an IANA time zone. */
export function localWeek(instant: Date, timeZone: string): LocalDay {
  return mondayOf(localDay(instant, timeZone));
}

/**
 * The first instant of a local day: its midnight, or on a day whose midnight a daylight-saving
 * change skips, the first instant that day has. Found from the zone's offset, checked, and searched
 * for when the check fails.
 */
export function startOfLocalDay(day: LocalDay, timeZone: string): Date {
  const utcMidnight = dayMs(day);
  const isOnOrAfter = (ms: number) => localDay(new Date(ms), timeZone) >= day;
  const offset = utcOffsetMs(new Date(utcMidnight), timeZone);
  for (const guess of [utcMidnight - offset, utcMidnight - offset + 3_600_000]) {
    if (isOnOrAfter(guess) && !isOnOrAfter(guess - 1)) return new Date(guess);
  }
  // Offsets lie within ±14 h (less than 15 h either side of UTC midnight).
  let low = utcMidnight - 15 * 3_600_000;
  let high = utcMidnight + 15 * 3_600_000;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (isOnOrAfter(mid)) high = mid;
    else low = mid + 1;
  }
  return new Date(low);
}

/**
 * SPEC §7 "analytics cache expires at local midnight": the first instant after `now` that begins a
 * new local day in `timeZone`. Daylight-saving safe: a day of 23 or 25 hours ends at its own
 * midnight, and a midnight the change skips is replaced by the day's first instant.
 */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  return startOfLocalDay(addDays(localDay(now, timeZone), 1), timeZone);
}

/** How an analytics series is bucketed. */
export type AnalyticsInterval = 'day' | 'week' | 'month';

/** Issue 18: a series of up to 62 days is daily, up to two years weekly, longer monthly. */
export function defaultInterval(first: LocalDay, last: LocalDay): AnalyticsInterval {
  const days = daysBetween(first, last);
  if (days <= 62) return 'day';
  return days <= 731 ? 'week' : 'month';
}

/** The first day of the period of `interval` a day belongs to (weeks start on Monday). */
export function periodOf(day: LocalDay, interval: AnalyticsInterval): LocalDay {
  if (interval === 'day') return day;
  if (interval === 'week') return mondayOf(day);
  return `${day.slice(0, 7)}-01`;
}

/** The periods (their first days) that [first, last] touches, in order. */
export function periodsBetween(first: LocalDay, last: LocalDay, interval: AnalyticsInterval): LocalDay[] {
  const periods: LocalDay[] = [];
  let period = periodOf(first, interval);
  while (period <= last) {
    periods.push(period);
    if (interval === 'day') period = addDays(period, 1);
    else if (interval === 'week') period = addDays(period, 7);
    else period = periodOf(addDays(period, 31), 'month');
  }
  return periods;
}

/** A range of days for the rollups: the whole months inside it and the days outside them. */
export type MonthCover = {
  /** The first days of the first and last whole month, or null when no month fits whole. */
  months: [LocalDay, LocalDay] | null;
  /** The days before and after the whole months (each [first, last]). */
  days: [LocalDay, LocalDay][];
};

/** Issue 18: [first, last] as whole months and the days around them (a year reads 12 months, not 365 days). */
export function coverWithMonths(first: LocalDay, last: LocalDay): MonthCover {
  const firstMonth = first.endsWith('-01') ? first : periodOf(addDays(periodOf(first, 'month'), 31), 'month');
  const afterLast = addDays(last, 1);
  const lastMonth = afterLast.endsWith('-01')
    ? periodOf(last, 'month')
    : periodOf(addDays(periodOf(last, 'month'), -1), 'month');
  if (firstMonth > lastMonth) return { months: null, days: [[first, last]] };
  const days: [LocalDay, LocalDay][] = [];
  if (first < firstMonth) days.push([first, addDays(firstMonth, -1)]);
  const afterMonths = periodOf(addDays(lastMonth, 31), 'month');
  if (afterMonths <= last) days.push([afterMonths, last]);
  return { months: [firstMonth, lastMonth], days };
}
