import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, type DatePreset } from '../constants';
import { addDays, localDay } from '../analytics/rules';
import { dayBounds, defaultDays, isCalendarDay, presetDays } from './presets';

const CHICAGO = 'America/Chicago';

// Instants, and what they are in Chicago (CDT is UTC−5, CST UTC−6).
const WEDNESDAY_NOON = '2026-06-10T17:00:00Z'; // Wed 10 June 2026, 12:00 CDT
const MONDAY_EARLY = '2026-01-05T06:30:00Z'; // Mon 5 January 2026, 00:30 CST
const SUNDAY_LATE = '2026-01-05T05:59:00Z'; // Sun 4 January 2026, 23:59 CST
const NEW_YEAR_UTC = '2027-01-01T03:00:00Z'; // Thu 31 December 2026, 21:00 CST; 1 January 2027 in UTC
const MONTH_END = '2026-07-01T04:30:00Z'; // Tue 30 June 2026, 23:30 CDT; 1 July in UTC
const LEAP_MARCH = '2024-03-01T18:00:00Z'; // Fri 1 March 2024, 12:00 CST
const TOMORROW_IN_UTC = '2026-06-11T03:00:00Z'; // Wed 10 June 2026, 22:00 CDT; 11 June in UTC

describe('presetDays (SPEC §9 presets, in the organisation’s time zone; weeks start on Monday)', () => {
  it.each([
    [WEDNESDAY_NOON, CHICAGO, 'Today', '2026-06-10', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'Last 7 days', '2026-06-03', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'Last 30 days', '2026-05-11', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'This Week', '2026-06-08', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'Last Week', '2026-06-01', '2026-06-07'],
    [WEDNESDAY_NOON, CHICAGO, 'This Month', '2026-06-01', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'Last Month', '2026-05-01', '2026-05-31'],
    [WEDNESDAY_NOON, CHICAGO, 'This Year', '2026-01-01', '2026-06-10'],
    [WEDNESDAY_NOON, CHICAGO, 'Last Year', '2025-01-01', '2025-12-31'],
    // A Monday begins its week; the Sunday before it ends the week before (ISO 8601).
    [MONDAY_EARLY, CHICAGO, 'This Week', '2026-01-05', '2026-01-05'],
    [MONDAY_EARLY, CHICAGO, 'Last Week', '2025-12-29', '2026-01-04'],
    [SUNDAY_LATE, CHICAGO, 'This Week', '2025-12-29', '2026-01-04'],
    [SUNDAY_LATE, CHICAGO, 'Last Week', '2025-12-22', '2025-12-28'],
    [SUNDAY_LATE, CHICAGO, 'This Month', '2026-01-01', '2026-01-04'],
    [SUNDAY_LATE, CHICAGO, 'Last Month', '2025-12-01', '2025-12-31'],
    [SUNDAY_LATE, CHICAGO, 'This Year', '2026-01-01', '2026-01-04'],
    [SUNDAY_LATE, CHICAGO, 'Last 7 days', '2025-12-28', '2026-01-04'],
    // Still the old year in Chicago while UTC has begun the new one.
    [NEW_YEAR_UTC, CHICAGO, 'Today', '2026-12-31', '2026-12-31'],
    [NEW_YEAR_UTC, CHICAGO, 'This Week', '2026-12-28', '2026-12-31'],
    [NEW_YEAR_UTC, CHICAGO, 'This Month', '2026-12-01', '2026-12-31'],
    [NEW_YEAR_UTC, CHICAGO, 'Last Month', '2026-11-01', '2026-11-30'],
    [NEW_YEAR_UTC, CHICAGO, 'This Year', '2026-01-01', '2026-12-31'],
    [NEW_YEAR_UTC, CHICAGO, 'Last Year', '2025-01-01', '2025-12-31'],
    [NEW_YEAR_UTC, 'UTC', 'Today', '2027-01-01', '2027-01-01'],
    [NEW_YEAR_UTC, 'UTC', 'This Week', '2026-12-28', '2027-01-01'],
    [NEW_YEAR_UTC, 'UTC', 'Last Month', '2026-12-01', '2026-12-31'],
    [NEW_YEAR_UTC, 'UTC', 'This Year', '2027-01-01', '2027-01-01'],
    [NEW_YEAR_UTC, 'UTC', 'Last Year', '2026-01-01', '2026-12-31'],
    // The last day of a month in Chicago is already the next month in UTC.
    [MONTH_END, CHICAGO, 'This Month', '2026-06-01', '2026-06-30'],
    [MONTH_END, CHICAGO, 'Last Month', '2026-05-01', '2026-05-31'],
    [MONTH_END, 'UTC', 'This Month', '2026-07-01', '2026-07-01'],
    [MONTH_END, 'UTC', 'Last Month', '2026-06-01', '2026-06-30'],
    // A leap February.
    [LEAP_MARCH, CHICAGO, 'Last Month', '2024-02-01', '2024-02-29'],
    [LEAP_MARCH, CHICAGO, 'Last 30 days', '2024-01-31', '2024-03-01'],
    // Already tomorrow in UTC, still today in Chicago.
    [TOMORROW_IN_UTC, CHICAGO, 'Today', '2026-06-10', '2026-06-10'],
    [TOMORROW_IN_UTC, 'UTC', 'Today', '2026-06-11', '2026-06-11'],
    [TOMORROW_IN_UTC, CHICAGO, 'Last 7 days', '2026-06-03', '2026-06-10'],
    // Half-hour zones: 20:00 UTC is already the next day in Kolkata (UTC+5:30).
    ['2026-06-10T18:30:00Z', 'Asia/Kolkata', 'Today', '2026-06-11', '2026-06-11'],
  ] as [string, string, DatePreset, string, string][])(
    '%s in %s: %s → %s … %s',
    (now, timeZone, preset, start, end) => {
      expect(presetDays(preset, new Date(now), timeZone)).toEqual({ start, end });
    },
  );

  it('counts in UTC for an organisation without a time zone', () => {
    for (const preset of DATE_PRESETS) {
      const now = new Date(TOMORROW_IN_UTC);
      expect(presetDays(preset, now)).toEqual(presetDays(preset, now, 'UTC'));
      expect(presetDays(preset, now, null)).toEqual(presetDays(preset, now, 'UTC'));
    }
    expect(presetDays('Today', new Date(TOMORROW_IN_UTC), null)).toEqual({
      start: '2026-06-11',
      end: '2026-06-11',
    });
  });

  it('never ends after today nor starts after it ends, any hour of a year in Chicago', () => {
    for (let h = 0; h < 24 * 366; h += 5) {
      const now = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      const today = localDay(now, CHICAGO);
      for (const preset of DATE_PRESETS) {
        const { start, end } = presetDays(preset, now, CHICAGO);
        expect(start <= end && end <= today, `${preset} at ${now.toISOString()}`).toBe(true);
      }
    }
  });
});

describe('defaultDays (SPEC §9: the previous day to today)', () => {
  it.each([
    [WEDNESDAY_NOON, CHICAGO, '2026-06-09', '2026-06-10'],
    [TOMORROW_IN_UTC, CHICAGO, '2026-06-09', '2026-06-10'],
    [TOMORROW_IN_UTC, 'UTC', '2026-06-10', '2026-06-11'],
    [NEW_YEAR_UTC, CHICAGO, '2026-12-30', '2026-12-31'],
    [NEW_YEAR_UTC, 'UTC', '2026-12-31', '2027-01-01'],
    ['2026-03-01T12:00:00Z', 'UTC', '2026-02-28', '2026-03-01'],
  ])('%s in %s → %s … %s', (now, timeZone, start, end) => {
    expect(defaultDays(new Date(now), timeZone)).toEqual({ start, end });
  });

  it('counts in UTC for an organisation without a time zone', () => {
    expect(defaultDays(new Date(TOMORROW_IN_UTC))).toEqual({ start: '2026-06-10', end: '2026-06-11' });
    expect(defaultDays(new Date(TOMORROW_IN_UTC), null)).toEqual({ start: '2026-06-10', end: '2026-06-11' });
  });
});

describe('dayBounds (issue 18: a range of the organisation’s days as instants; DST-safe)', () => {
  const HOUR = 3_600_000;
  it.each([
    [
      'a summer week in Chicago',
      '2026-06-01',
      '2026-06-07',
      CHICAGO,
      '2026-06-01T00:00:00.000-05:00',
      '2026-06-07T23:59:59.999-05:00',
    ],
    [
      'a winter day in Chicago',
      '2026-01-05',
      '2026-01-05',
      CHICAGO,
      '2026-01-05T00:00:00.000-06:00',
      '2026-01-05T23:59:59.999-06:00',
    ],
    // 2026-03-08: 02:00 CST becomes 03:00 CDT, a 23-hour day.
    [
      'spring forward in Chicago',
      '2026-03-08',
      '2026-03-08',
      CHICAGO,
      '2026-03-08T00:00:00.000-06:00',
      '2026-03-08T23:59:59.999-05:00',
    ],
    // 2026-11-01: 02:00 CDT becomes 01:00 CST, a 25-hour day.
    [
      'fall back in Chicago',
      '2026-11-01',
      '2026-11-01',
      CHICAGO,
      '2026-11-01T00:00:00.000-05:00',
      '2026-11-01T23:59:59.999-06:00',
    ],
    [
      'across spring forward',
      '2026-03-07',
      '2026-03-09',
      CHICAGO,
      '2026-03-07T00:00:00.000-06:00',
      '2026-03-09T23:59:59.999-05:00',
    ],
    [
      'a year in Chicago',
      '2026-01-01',
      '2026-12-31',
      CHICAGO,
      '2026-01-01T00:00:00.000-06:00',
      '2026-12-31T23:59:59.999-06:00',
    ],
    [
      'UTC',
      '2026-06-01',
      '2026-06-01',
      'UTC',
      '2026-06-01T00:00:00.000+00:00',
      '2026-06-01T23:59:59.999+00:00',
    ],
    [
      'Kolkata (UTC+5:30)',
      '2026-06-01',
      '2026-06-01',
      'Asia/Kolkata',
      '2026-06-01T00:00:00.000+05:30',
      '2026-06-01T23:59:59.999+05:30',
    ],
    [
      'Kathmandu (UTC+5:45)',
      '2026-06-01',
      '2026-06-01',
      'Asia/Kathmandu',
      '2026-06-01T00:00:00.000+05:45',
      '2026-06-01T23:59:59.999+05:45',
    ],
    // 2024-09-08: Santiago skips from 24:00 to 01:00, so that day begins at 01:00 −03.
    [
      'a skipped midnight in Santiago',
      '2024-09-07',
      '2024-09-08',
      'America/Santiago',
      '2024-09-07T00:00:00.000-04:00',
      '2024-09-08T23:59:59.999-03:00',
    ],
  ])('%s: %s … %s in %s → %s … %s', (_case, start, end, timeZone, first, last) => {
    expect(dayBounds({ start, end }, timeZone)).toEqual({ start: first, end: last });
  });

  it.each([
    ['spring forward', '2026-03-08', 23],
    ['an ordinary day', '2026-06-10', 24],
    ['fall back', '2026-11-01', 25],
  ])('a day of %s in Chicago is %s … %d hours long', (_case, day, hours) => {
    const { start, end } = dayBounds({ start: day, end: day }, CHICAGO);
    expect(new Date(end).getTime() + 1 - new Date(start).getTime()).toBe(hours * HOUR);
  });

  it('counts in UTC for an organisation without a time zone', () => {
    const days = { start: '2026-06-01', end: '2026-06-02' };
    expect(dayBounds(days)).toEqual({
      start: '2026-06-01T00:00:00.000+00:00',
      end: '2026-06-02T23:59:59.999+00:00',
    });
    expect(dayBounds(days, null)).toEqual(dayBounds(days));
  });

  it('holds exactly the local days of every preset, any hour of a year in Chicago', () => {
    for (let h = 0; h < 24 * 366; h += 13) {
      const now = new Date(Date.UTC(2026, 0, 1) + h * HOUR);
      for (const preset of DATE_PRESETS) {
        const days = presetDays(preset, now, CHICAGO);
        const { start, end } = dayBounds(days, CHICAGO);
        const first = new Date(start);
        const last = new Date(end);
        const label = `${preset} at ${now.toISOString()}`;
        expect(localDay(first, CHICAGO), label).toBe(days.start);
        expect(localDay(new Date(first.getTime() - 1), CHICAGO), label).toBe(addDays(days.start, -1));
        expect(localDay(last, CHICAGO), label).toBe(days.end);
        expect(localDay(new Date(last.getTime() + 1), CHICAGO), label).toBe(addDays(days.end, 1));
      }
    }
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2026-06-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-06-31', false],
    ['2026-6-1', false],
    ['2026-06-01T00:00', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });
});
