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
    // PostgreSQL's JSON times: microseconds and a numeric offset.
    ['2026-11-23T15:04:05.123456+00:00', 'UTC', '2026-11-23 15:04:05'],
    ['2026-11-23T09:04:05.999999-06:00', 'America/Chicago', '2026-11-23 09:04:05'],
    ['1969-12-31T23:59:59.500Z', 'UTC', '1969-12-31 23:59:59'],
    ['1969-07-20T20:17:40Z', 'America/New_York', '1969-07-20 16:17:40'],
    ['not a date', 'UTC', ''],
    [null, 'UTC', ''],
    ['', 'UTC', ''],
  ] as const)('%s in %s → %j', (value, zone, expected) => {
    expect(csvDate(value, zone)).toBe(expected);
  });

  it('agrees with Intl at random times and around every 2026 change, in the console’s zones and two odd ones', () => {
    const zones = [
      'Pacific/Honolulu',
      'America/Anchorage',
      'America/Los_Angeles',
      'America/Denver',
      'America/Chicago',
      'America/New_York',
      'America/St_Johns',
      'Pacific/Chatham',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      const local = (ms: number) => {
        const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
        return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
      };
      // 1990–2040 at random, to the second; then every 7 minutes and 1 second of the days around
      // each of the zone's changes in 2026 (found as days whose start and end differ in offset).
      const times = Array.from({ length: 1500 }, () => Math.floor((631152000 + random() * 1.58e9) * 1000));
      const offset = (ms: number) => Date.parse(`${local(ms).replace(' ', 'T')}Z`) - ms;
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (offset(day) === offset(day + 86_400_000)) continue;
        for (let ms = day - 86_400_000; ms < day + 2 * 86_400_000; ms += 421_000) times.push(ms);
      }
      for (const ms of times) {
        expect(csvDate(ms, timeZone), `${new Date(ms).toISOString()} in ${timeZone}`).toBe(local(ms));
      }
    }
  });

  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
