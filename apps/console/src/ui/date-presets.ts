import dayjs from 'dayjs';
import { DATE_PRESETS, defaultDays, presetDays, type DatePreset, type DayRange } from '@vigil/domain';

/**
 * A range of whole days as the calendar shows them: from the first day's 00:00:00.000 to the last
 * day's 23:59:59.999 of the browser's clock. Which days they are is what counts (daysOfRange); a
 * report counts them in the organisation's time zone (ui/report-filters.tsx).
 */
export type DateRange = [Date, Date];

const DAY = 'YYYY-MM-DD';

/** The browser's own IANA time zone: presets count its days unless given another zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Calendar days as the DateRange the calendar shows. */
export function rangeOfDays({ start, end }: DayRange): DateRange {
  return [dayjs(start).startOf('day').toDate(), dayjs(end).endOf('day').toDate()];
}

/** The calendar days a DateRange shows. */
export function daysOfRange([first, last]: DateRange): DayRange {
  return { start: dayjs(first).format(DAY), end: dayjs(last).format(DAY) };
}

/**
 * SPEC §9's presets for `now`, as the days of `timeZone` (default the browser's): the domain's
 * presetDays. Weeks start on Monday (ISO 8601). 'Last N days' runs from N days before today to
 * today; 'This …' runs from the period's first day to today (no future days); 'Last …' is the whole
 * previous period.
 */
export function presetRange(preset: DatePreset, now: Date, timeZone = browserTimeZone()): DateRange {
  return rangeOfDays(presetDays(preset, now, timeZone));
}

/** SPEC §9: the default range, the previous day to today, in `timeZone` (default the browser's). */
export function defaultDateRange(now: Date, timeZone = browserTimeZone()): DateRange {
  return rangeOfDays(defaultDays(now, timeZone));
}

/** Every preset of SPEC §9, in its order, for `now` in `timeZone` (default the browser's). */
export function datePresets(
  now: Date,
  timeZone = browserTimeZone(),
): { label: DatePreset; range: DateRange }[] {
  return DATE_PRESETS.map((label) => ({ label, range: presetRange(label, now, timeZone) }));
}
