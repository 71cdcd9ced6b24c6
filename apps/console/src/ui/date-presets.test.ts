import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, type DatePreset } from '@vigil/domain';
import { datePresets, daysOfRange, defaultDateRange, presetRange, rangeOfDays } from './date-presets';

const fmt = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const span = (range: [Date, Date]) => [fmt(range[0]), fmt(range[1])];

// Wednesday 10 June 2026, 15:30 local time.
const wednesday = new Date(2026, 5, 10, 15, 30);
// Monday 5 January 2026 and Sunday 4 January 2026: week and year edges.
const monday = new Date(2026, 0, 5, 0, 0);
const sunday = new Date(2026, 0, 4, 23, 59);

describe('presetRange (SPEC §9, weeks start on Monday)', () => {
  it.each([
    [wednesday, 'Today', '2026-06-10', '2026-06-10'],
    [wednesday, 'Last 7 days', '2026-06-03', '2026-06-10'],
    [wednesday, 'Last 30 days', '2026-05-11', '2026-06-10'],
    [wednesday, 'This Week', '2026-06-08', '2026-06-10'],
    [wednesday, 'Last Week', '2026-06-01', '2026-06-07'],
    [wednesday, 'This Month', '2026-06-01', '2026-06-10'],
    [wednesday, 'Last Month', '2026-05-01', '2026-05-31'],
    [wednesday, 'This Year', '2026-01-01', '2026-06-10'],
    [wednesday, 'Last Year', '2025-01-01', '2025-12-31'],
    [monday, 'This Week', '2026-01-05', '2026-01-05'],
    [monday, 'Last Week', '2025-12-29', '2026-01-04'],
    [sunday, 'This Week', '2025-12-29', '2026-01-04'],
    [sunday, 'Last Week', '2025-12-22', '2025-12-28'],
    [sunday, 'Last Month', '2025-12-01', '2025-12-31'],
    [sunday, 'This Year', '2026-01-01', '2026-01-04'],
    [new Date(2024, 2, 1), 'Last Month', '2024-02-01', '2024-02-29'],
  ] as [Date, DatePreset, string, string][])('%s %s → %s … %s', (now, preset, first, last) => {
    expect(span(presetRange(preset, now))).toEqual([first, last]);
  });

  it('runs from the first day at midnight to the end of the last day', () => {
    const [start, end] = presetRange('Today', wednesday);
    expect(start).toEqual(new Date(2026, 5, 10, 0, 0, 0, 0));
    expect(end).toEqual(new Date(2026, 5, 10, 23, 59, 59, 999));
  });
});

describe('defaultDateRange (SPEC §9)', () => {
  it('is the previous day to today', () => {
    expect(span(defaultDateRange(wednesday))).toEqual(['2026-06-09', '2026-06-10']);
    expect(span(defaultDateRange(new Date(2026, 0, 1, 8)))).toEqual(['2025-12-31', '2026-01-01']);
  });
});

describe('datePresets', () => {
  it('lists every preset of SPEC §9 in order', () => {
    expect(datePresets(wednesday).map((p) => p.label)).toEqual([...DATE_PRESETS]);
  });
});

describe('in a time zone other than the browser’s (issue 18: the organisation’s days)', () => {
  // 11 June 2026 03:00 UTC: still 10 June in Chicago, already 11 June in Tokyo.
  const lateInChicago = new Date('2026-06-11T03:00:00Z');
  it.each([
    ['America/Chicago', 'Today', '2026-06-10', '2026-06-10'],
    ['America/Chicago', 'This Week', '2026-06-08', '2026-06-10'],
    ['Asia/Tokyo', 'Today', '2026-06-11', '2026-06-11'],
    ['Asia/Tokyo', 'Last 7 days', '2026-06-04', '2026-06-11'],
  ] as [string, DatePreset, string, string][])('%s %s → %s … %s', (timeZone, preset, first, last) => {
    expect(span(presetRange(preset, lateInChicago, timeZone))).toEqual([first, last]);
  });

  it('defaults to the previous day to today in that zone', () => {
    expect(span(defaultDateRange(lateInChicago, 'America/Chicago'))).toEqual(['2026-06-09', '2026-06-10']);
    expect(span(datePresets(lateInChicago, 'America/Chicago')[0]!.range)).toEqual([
      '2026-06-10',
      '2026-06-10',
    ]);
  });
});

describe('rangeOfDays and daysOfRange', () => {
  it('shows calendar days as whole days of the calendar, and reads them back', () => {
    const range = rangeOfDays({ start: '2026-03-08', end: '2026-03-09' });
    expect(range).toEqual([new Date(2026, 2, 8), new Date(2026, 2, 9, 23, 59, 59, 999)]);
    expect(daysOfRange(range)).toEqual({ start: '2026-03-08', end: '2026-03-09' });
  });
});
