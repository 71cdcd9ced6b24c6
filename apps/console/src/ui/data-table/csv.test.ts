import { describe, expect, it } from 'vitest';
import { csvField, csvFilename, toCsv } from './csv';

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
