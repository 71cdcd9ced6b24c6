import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 shared constants carry the numbers of the spec', () => {
  it.each([
    // Time
    ['two months = 60 days', c.TWO_MONTHS_DAYS, 60],
    ['one day = 86,400,000 ms', c.DAY_MS, 86_400_000],
    ['two months in ms', c.TWO_MONTHS_MS, 60 * 86_400_000],
    ['build hash check 60 s', c.BUILD_HASH_CHECK_MS, 60_000],
    ['API timeout 30 s', c.API_TIMEOUT_MS, 30_000],
    // Paging and lists
    ['batch chunk and page limit 500', c.PAGE_LIMIT, 500],
    ['page sizes 10, 25, 50, 100, 200', c.PAGE_SIZES, [10, 25, 50, 100, 200]],
    ['default page size 10', c.DEFAULT_PAGE_SIZE, 10],
    ['debounce 200 ms', c.DEBOUNCE_MS, 200],
    ['suggestion lists at most 10', c.SUGGESTION_MAX, 10],
    ['generic suggest needs 2 characters (§5)', c.SUGGEST_MIN_CHARS, 2],
    // Dates
    [
      'date presets',
      c.DATE_PRESETS,
      [
        'Today',
        'Last 7 days',
        'Last 30 days',
        'This Week',
        'Last Week',
        'This Month',
        'Last Month',
        'This Year',
        'Last Year',
      ],
    ],
    ['default range from the previous day', c.DEFAULT_DATE_RANGE_DAYS_BACK, 1],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('default page size is one of the choices', () => {
    expect(c.PAGE_SIZES).toContain(c.DEFAULT_PAGE_SIZE);
  });
});
