import { describe, expect, it } from 'vitest';
import { PEOPLE_IMPORT_MAX_ROWS } from './contract';
import { parseCsv } from './csv';
import { PEOPLE_IMPORT_MESSAGES, PEOPLE_IMPORT_MISSING_COLUMNS, parsePeopleCsv } from './people-import';

describe('parseCsv (RFC 4180, for SPEC §5 People import)', () => {
  it.each([
    [
      'plain fields',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'no line break at the end',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'CR line ends',
      'a,b\r1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'a byte-order mark',
      '\uFEFFa,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    ['a quoted comma', 'a\n"x, y"', [['a'], ['x, y']], [1, 2]],
    ['a doubled quote', 'a\n"say ""hi"""', [['a'], ['say "hi"']], [1, 2]],
    [
      'a line break inside quotes',
      'a,b\n"x\ny",2\n3,4',
      [
        ['a', 'b'],
        ['x\ny', '2'],
        ['3', '4'],
      ],
      [1, 2, 4],
    ],
    [
      'an empty field',
      'a,b,c\n1,,3',
      [
        ['a', 'b', 'c'],
        ['1', '', '3'],
      ],
      [1, 2],
    ],
    ['a quote inside an unquoted value', 'a\nO"Neil', [['a'], ['O"Neil']], [1, 2]],
    [
      'semicolons when the header has no comma',
      'a;b\n1;2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'tabs when the header has no comma',
      'a\tb\n1\t2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
  ])('reads %s', (_name, text, fields, lines) => {
    const result = parseCsv(text);
    expect(result.ok && result.records.map((r) => r.fields)).toEqual(fields);
    expect(result.ok && result.records.map((r) => r.line)).toEqual(lines);
  });

  it('refuses a quote never closed, naming the line it opened on', () => {
    expect(parseCsv('a\n1\n"open\n2')).toEqual({
      ok: false,
      line: 3,
      reason: 'A quoted value is never closed',
    });
  });
});

describe('parsePeopleCsv (SPEC §5 People import, §8 CSV import)', () => {
  it('reads name, personID and an optional e-mail, in any column order', () => {
    expect(
      parsePeopleCsv('email,personID,name,team\nana@x.org,P-1,Ana Lima,Night\n,P-2,Bo Berg,Day\n'),
    ).toEqual({
      ok: true,
      rows: [
        { line: 2, name: 'Ana Lima', personId: 'P-1', email: 'ana@x.org' },
        { line: 3, name: 'Bo Berg', personId: 'P-2' },
      ],
    });
  });

  it.each([['Name,PersonID'], [' name , personid '], ['NAME;PERSONID']])(
    'takes the header %j whatever its letter case and spaces',
    (header) => {
      const sep = header.includes(';') ? ';' : ',';
      const result = parsePeopleCsv(`${header}\nAna${sep}P-1`);
      expect(result).toEqual({ ok: true, rows: [{ line: 2, name: 'Ana', personId: 'P-1' }] });
    },
  );

  it.each([
    ['no personID column', 'name,id\nAna,1'],
    ['no name column', 'fullName,personID\nAna,1'],
    ['an empty file', ''],
    ['a file that is not CSV at all', '{"people": []}'],
  ])('refuses %s with the SPEC §8 message', (_name, text) => {
    expect(parsePeopleCsv(text)).toEqual({ ok: false, reason: PEOPLE_IMPORT_MISSING_COLUMNS });
  });

  it('refuses a header with no rows', () => {
    expect(parsePeopleCsv('name,personID\n\n')).toEqual({
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.noPeople,
    });
  });

  it('refuses the whole file when any row is bad, naming every bad row by its line', () => {
    const csv = [
      'name,personID,email',
      'Ana,P-1,ana@x.org',
      ',P-2,',
      'Cy,,',
      '',
      'Di,P-1,',
      `${'x'.repeat(201)},P-5,`,
      `Ed,${'9'.repeat(101)},`,
      'Flo,P-7,not-an-address',
      'Gus,P-8,',
    ].join('\n');
    expect(parsePeopleCsv(csv)).toEqual({
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.refusedRows(6),
      rows: [
        { line: 3, reason: 'Missing name' },
        { line: 4, reason: 'Missing personID' },
        { line: 6, reason: 'The personID "P-1" is also on line 2' },
        { line: 7, reason: 'The name is longer than 200 characters' },
        { line: 8, reason: 'The personID is longer than 100 characters' },
        { line: 9, reason: 'Invalid e-mail address "not-an-address"' },
      ],
    });
  });

  it('says how many rows were refused, in words a person reads', () => {
    expect(PEOPLE_IMPORT_MESSAGES.refusedRows(1)).toBe(
      '1 row could not be imported, so nothing was imported. Please correct it and import the file again.',
    );
    expect(PEOPLE_IMPORT_MESSAGES.refusedRows(1200)).toMatch(/^1,200 rows could not be imported/);
  });

  it('names the line of a quote never closed', () => {
    expect(parsePeopleCsv('name,personID\nAna,P-1\n"Bo,P-2\n')).toEqual({
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.refusedRows(1),
      rows: [{ line: 3, reason: 'A quoted value is never closed' }],
    });
  });

  it(`refuses more than ${PEOPLE_IMPORT_MAX_ROWS} people, and takes exactly that many`, () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `P ${i},${i}`).join('\n');
    expect(parsePeopleCsv(`name,personID\n${rows(PEOPLE_IMPORT_MAX_ROWS + 1)}`)).toEqual({
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.tooMany,
    });
    const ok = parsePeopleCsv(`name,personID\n${rows(PEOPLE_IMPORT_MAX_ROWS)}`);
    expect(ok.ok && ok.rows.length).toBe(PEOPLE_IMPORT_MAX_ROWS);
  });
});
