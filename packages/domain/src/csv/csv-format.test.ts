import { describe, expect, it } from 'vitest';
import { csvDate, csvField, csvLine, isTimeZone } from './csv-format';

describe('csvField (SPEC §9 CSV, RFC 4180)', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['plain', 'plain'],
    ['Müller, Jo', '"Müller, Jo"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1 555', "'+1 555"],
    ['-lost', "'-lost"],
    ['@me', "'@me"],
    [-5, '-5'],
    [2800, '2800'],
    [true, 'true'],
  ] as const)('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

describe('csvDate (SPEC §9 CSV time zones)', () => {
  it.each([
    ['2026-11-23T15:04:05.000Z', 'UTC', '2026-11-23 15:04:05'],
    ['2026-11-23T15:04:05.000Z', 'America/Chicago', '2026-11-23 09:04:05'],
    ['2026-07-01T00:30:00Z', 'America/New_York', '2026-06-30 20:30:00'],
    ['2026-11-23T00:00:00Z', 'Pacific/Honolulu', '2026-11-22 14:00:00'],
    // Daylight saving time starts (2026-03-08 02:00 local) and ends (2026-11-01 02:00 local) in Chicago.
    ['2026-03-08T07:59:59Z', 'America/Chicago', '2026-03-08 01:59:59'],
    ['2026-03-08T08:00:00Z', 'America/Chicago', '2026-03-08 03:00:00'],
    ['2026-11-01T06:59:59Z', 'America/Chicago', '2026-11-01 01:59:59'],
    ['2026-11-01T07:00:00Z', 'America/Chicago', '2026-11-01 01:00:00'],
    ['2026-11-23T15:04:05.999Z', 'Asia/Kolkata', '2026-11-23 20:34:05'],
    ['2026-11-23T15:04:05Z', 'Asia/Kathmandu', '2026-11-23 20:49:05'],
    // Newfoundland changes at 02:00 local, half past a UTC hour.
    ['2026-03-08T05:29:59Z', 'America/St_Johns', '2026-03-08 01:59:59'],
    ['2026-03-08T05:30:00Z', 'America/St_Johns', '2026-03-08 03:00:00'],
    [Date.UTC(2026, 0, 1, 12), 'Pacific/Honolulu', '2026-01-01 02:00:00'],
    ['not a date', 'UTC', ''],
    [null, 'UTC', ''],
    ['', 'UTC', ''],
  ] as const)('%s in %s → %j', (value, zone, expected) => {
    expect(csvDate(value, zone)).toBe(expected);
  });

  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
