// SPEC §9 date presets as calendar days of an IANA time zone (issue 18: the organisation's), and the
// instants that bound a range of such days. Pure: the caller passes `now`. Table tests in
// presets.test.ts.
import { DEFAULT_DATE_RANGE_DAYS_BACK, type DatePreset } from '../constants';
import { addDays, localDay, mondayOf, startOfLocalDay, utcOffsetMs, type LocalDay } from '../analytics/rules';

/** Whole calendar days from `start` to `end`, both counted ('YYYY-MM-DD'). */
export type DayRange = { start: LocalDay; end: LocalDay };

/** The first and the last instant of a DayRange, as ISO 8601 date-times with the zone's offset. */
export type DayBounds = { start: string; end: string };

/** Issue 18: an organisation without a time zone (its zone config `timeZone` unset) counts days in UTC. */
export const DEFAULT_ORG_TIME_ZONE = 'UTC';

const firstOfMonth = (day: LocalDay): LocalDay => `${day.slice(0, 7)}-01`;
const yearText = (year: number) => String(year).padStart(4, '0');

/**
 * SPEC §9's presets for `now`, as days of `timeZone` (default UTC). Weeks start on Monday (ISO 8601).
 * 'Last N days' runs from N days before today to today; 'This …' from the period's first day to
 * today (no future days); 'Last …' is the whole previous period.
 */
export function presetDays(preset: DatePreset, now: Date, timeZone?: string | null): DayRange {
  const today = localDay(now, timeZone ?? DEFAULT_ORG_TIME_ZONE);
  const monday = mondayOf(today);
  const year = Number(today.slice(0, 4));
  switch (preset) {
    case 'Today':
      return { start: today, end: today };
    case 'Last 7 days':
      return { start: addDays(today, -7), end: today };
    case 'Last 30 days':
      return { start: addDays(today, -30), end: today };
    case 'This Week':
      return { start: monday, end: today };
    case 'Last Week':
      return { start: addDays(monday, -7), end: addDays(monday, -1) };
    case 'This Month':
      return { start: firstOfMonth(today), end: today };
    case 'Last Month': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { start: firstOfMonth(lastDay), end: lastDay };
    }
    case 'This Year':
      return { start: `${yearText(year)}-01-01`, end: today };
    case 'Last Year':
      return { start: `${yearText(year - 1)}-01-01`, end: `${yearText(year - 1)}-12-31` };
  }
}

/** SPEC §9: the default range, the previous day to today, as days of `timeZone` (default UTC). */
export function defaultDays(now: Date, timeZone?: string | null): DayRange {
  const today = localDay(now, timeZone ?? DEFAULT_ORG_TIME_ZONE);
  return { start: addDays(today, -DEFAULT_DATE_RANGE_DAYS_BACK), end: today };
}

/** Whether `text` is a real calendar day written 'YYYY-MM-DD' (not '2026-02-30'). */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && addDays(text, 0) === text;
}

/**
 * Issue 18: the instants that bound a range of `timeZone`'s days (default UTC): the first day's
 * local midnight (or, on a day whose midnight a daylight-saving change skips, its first instant)
 * and the last day's 23:59:59.999, the instant before the next day begins, so a 23- or 25-hour day
 * is whole. Written with the zone's offset ('2026-06-01T00:00:00.000-05:00'), so the text reads as
 * the day; a reader of the instant (new Date(…)) gets the same instant whatever its own zone.
 */
export function dayBounds(days: DayRange, timeZone?: string | null): DayBounds {
  const zone = timeZone ?? DEFAULT_ORG_TIME_ZONE;
  const first = startOfLocalDay(days.start, zone);
  const last = new Date(startOfLocalDay(addDays(days.end, 1), zone).getTime() - 1);
  return { start: isoInZone(first, zone), end: isoInZone(last, zone) };
}

/** An instant as ISO 8601 in the zone's wall-clock time and offset (UTC's 'Z' for an offset of seconds). */
function isoInZone(instant: Date, timeZone: string): string {
  const offset = utcOffsetMs(instant, timeZone);
  if (offset % 60_000 !== 0) return instant.toISOString();
  const wallClock = new Date(instant.getTime() + offset).toISOString().slice(0, 23);
  const minutes = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${wallClock}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}
