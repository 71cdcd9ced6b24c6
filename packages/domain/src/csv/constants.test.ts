import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 CSV constants', () => {
  it.each([
    ['CSV 500 per page', c.CSV_PAGE, 500],
    ['CSV max 100000 rows', c.CSV_MAX_ROWS, 100_000],
    ['CSV danger notice 5 s (§8)', c.CSV_ERROR_NOTICE_MS, 5000],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('offers the six US CSV time zones with IANA names', () => {
    expect(c.CSV_TIME_ZONES.map((z) => z.label)).toEqual([
      'Hawaii',
      'Alaska',
      'Pacific',
      'Mountain',
      'Central',
      'Eastern',
    ]);
    for (const { timeZone } of c.CSV_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone })).not.toThrow();
    }
  });
});
