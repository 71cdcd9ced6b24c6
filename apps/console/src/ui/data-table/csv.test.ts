import { describe, expect, it, vi } from 'vitest';
import { csvDate, csvField, csvFilename, csvTimeZones, toCsv } from './csv';

describe('csvField (RFC 4180, OWASP CSV injection)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
    [-5, '-5'],
    [42, '42'],
    [null, ''],
    [undefined, ''],
  ] as const)('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header row and one CRLF line per row', () => {
    const rows = [
      { name: 'Ann, Jr.', age: 30 },
      { name: '=evil', age: null },
    ];
    const columns = [
      { header: 'Name', value: (r: (typeof rows)[number]) => r.name },
      { header: 'Age', value: (r: (typeof rows)[number]) => r.age },
    ];
    expect(toCsv(columns, rows)).toBe('Name,Age\r\n"Ann, Jr.",30\r\n\'=evil,');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'Name', value: () => '' }], [])).toBe('Name');
  });
});

describe('csvFilename', () => {
  it.each([
    ['users', 'users-2026-06-01.csv'],
    ['users.csv', 'users-2026-06-01.csv'],
  ])('%s → %s', (name, expected) => {
    expect(csvFilename(name, new Date(2026, 5, 1, 23, 59))).toBe(expected);
  });
});

describe('CSV dates in a chosen time zone (SPEC §9)', () => {
  type Row = { name: string; seen: string | null };
  const rows: Row[] = [
    { name: 'A', seen: '2026-01-15T18:30:05.000Z' },
    { name: 'B', seen: '2026-07-15T18:30:05Z' },
    { name: 'C', seen: null },
  ];
  const columns = [
    { header: 'Name', value: (r: Row) => r.name },
    { header: 'Last seen', date: (r: Row) => r.seen },
  ];

  it.each([
    ['UTC', '2026-01-15 18:30:05', '2026-07-15 18:30:05'],
    ['America/New_York', '2026-01-15 13:30:05', '2026-07-15 14:30:05'],
    ['Pacific/Honolulu', '2026-01-15 08:30:05', '2026-07-15 08:30:05'],
    ['America/Chicago', '2026-01-15 12:30:05', '2026-07-15 13:30:05'],
  ])('writes dates in %s and names the zone in the header', (zone, winter, summer) => {
    expect(toCsv(columns, rows, zone).split('\r\n')).toEqual([
      `Name,Last seen (${zone})`,
      `A,${winter}`,
      `B,${summer}`,
      'C,',
    ]);
  });

  it('reads Dates and epoch ms, and leaves unreadable dates empty', () => {
    expect(csvDate(new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe('2026-03-01 00:00:00');
    expect(csvDate(Date.UTC(2026, 2, 1, 23, 0), 'America/Denver')).toBe('2026-03-01 16:00:00');
    expect(csvDate('not a date', 'UTC')).toBe('');
    expect(csvDate(undefined, 'UTC')).toBe('');
  });

  const withLocalZone = (timeZone: string) =>
    vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions);
  const US_ZONES = [
    'Hawaii (Pacific/Honolulu)',
    'Alaska (America/Anchorage)',
    'Pacific (America/Los_Angeles)',
    'Mountain (America/Denver)',
    'Central (America/Chicago)',
    'Eastern (America/New_York)',
  ];

  it('offers local time, UTC and the six US zones of SPEC §9', () => {
    withLocalZone('Europe/Berlin');
    expect(csvTimeZones().map((z) => z.label)).toEqual(['Local time (Europe/Berlin)', 'UTC', ...US_ZONES]);
    vi.restoreAllMocks();
  });

  it('offers UTC once when the local time is UTC', () => {
    withLocalZone('Etc/UTC');
    expect(csvTimeZones().map((z) => z.label)).toEqual(['UTC', ...US_ZONES]);
    vi.restoreAllMocks();
  });
});
