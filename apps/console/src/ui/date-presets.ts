import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PRESETS, DEFAULT_DATE_RANGE_DAYS_BACK, type DatePreset } from '@vigil/domain';

/** A range of whole local days: from the first day's 00:00:00.000 to the last day's 23:59:59.999. */
export type DateRange = [Date, Date];

function days(first: Dayjs, last: Dayjs): DateRange {
  return [first.startOf('day').toDate(), last.endOf('day').toDate()];
}

/**
 * SPEC §9's presets for `now`. Weeks start on Monday (ISO 8601). 'Last N days' runs from N days
 * before today to today; 'This …' runs from the period's first day to today (no future days);
 * 'Last …' is the whole previous period.
 */
export function presetRange(preset: DatePreset, now: Date): DateRange {
  const today = dayjs(now).startOf('day');
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  const lastMonth = today.subtract(1, 'month');
  const lastYear = today.subtract(1, 'year');
  switch (preset) {
    case 'Today':
      return days(today, today);
    case 'Last 7 days':
      return days(today.subtract(7, 'day'), today);
    case 'Last 30 days':
      return days(today.subtract(30, 'day'), today);
    case 'This Week':
      return days(monday, today);
    case 'Last Week':
      return days(monday.subtract(7, 'day'), monday.subtract(1, 'day'));
    case 'This Month':
      return days(today.startOf('month'), today);
    case 'Last Month':
      return days(lastMonth.startOf('month'), lastMonth.endOf('month'));
    case 'This Year':
      return days(today.startOf('year'), today);
    case 'Last Year':
      return days(lastYear.startOf('year'), lastYear.endOf('year'));
  }
}

/** SPEC §9: the default range, the previous day to today. */
export function defaultDateRange(now: Date): DateRange {
  const today = dayjs(now);
  return days(today.subtract(DEFAULT_DATE_RANGE_DAYS_BACK, 'day'), today);
}

/** Every preset of SPEC §9, in its order, for `now`. */
export function datePresets(now: Date): { label: DatePreset; range: DateRange }[] {
  return DATE_PRESETS.map((label) => ({ label, range: presetRange(label, now) }));
}
