import { describe, expect, it } from 'vitest';
import { parseScratchInput, readScratchId, UNREADABLE_ID_REASON } from './parse-input';
import { SCRATCH_LIST_ADD_MAX, scratchListAddBodySchema } from './contract';

describe('readScratchId (SPEC §5 Device MAC, QR scan)', () => {
  it.each([
    // A device MAC: 12 hex, or six pairs joined by one separator, lowercased.
    ['c0ffee000001', 'c0ffee000001'],
    ['C0FFEE000001', 'c0ffee000001'],
    ['c0:ff:ee:00:00:01', 'c0ffee000001'],
    ['C0-FF-EE-00-00-01', 'c0ffee000001'],
    ['  c0ffee000001  ', 'c0ffee000001'],
    // A QR code's content: its trailing 12 hex characters, lowercased.
    ['https://vigil.example/v1/tag/C0FFEE000001', 'c0ffee000001'],
    ['ID:f0c0ffee000001', 'c0ffee000001'],
    ['TAG5-20260101-1/c0ffee000002', 'c0ffee000002'],
  ])('%j → %s', (entry, id) => {
    expect(readScratchId(entry)).toEqual({ ok: true, value: id });
  });

  it.each([
    ['c0ffee00001', 'eleven hex digits'],
    ['c0ffee0000011', 'thirteen hex digits: a mistyped MAC, not a QR code'],
    ['c0:ff:ee-00:00:01', 'mixed separators'],
    ['c0ffee:000001', 'separators in the wrong places'],
    ['c0ffee00000g', 'not hex'],
    ['https://vigil.example/v1/tag/c0ffee000001/', 'a QR code that does not end in the id'],
    ['junk', 'a word'],
    ['', 'nothing'],
  ])('%j is no device id (%s)', (entry) => {
    expect(readScratchId(entry)).toEqual({ ok: false, reason: UNREADABLE_ID_REASON });
  });
});

describe('parseScratchInput (SPEC §5, issue 22 paste)', () => {
  it.each([
    [
      'one per line',
      'c0ffee000001\nc0ffee000002\r\nc0ffee100002\n',
      ['c0ffee000001', 'c0ffee000002', 'c0ffee100002'],
      [],
    ],
    [
      'commas, semicolons, spaces and tabs',
      'c0ffee000001, c0ffee000002;c0ffee000003\tc0ffee000004 c0ffee000005',
      ['c0ffee000001', 'c0ffee000002', 'c0ffee000003', 'c0ffee000004', 'c0ffee000005'],
      [],
    ],
    [
      'MAC forms and QR contents mixed',
      'C0:FF:EE:00:00:01\nhttps://x.example/v1/tag/c0ffee000002',
      ['c0ffee000001', 'c0ffee000002'],
      [],
    ],
    [
      'repeats count once, first place kept',
      'c0ffee000002\nc0ffee000001\nC0-FF-EE-00-00-02',
      ['c0ffee000002', 'c0ffee000001'],
      [],
    ],
    [
      'junk is reported as typed, once',
      'c0ffee000001\nnot-an-id\nnot-an-id\nabc',
      ['c0ffee000001'],
      ['not-an-id', 'abc'],
    ],
    ['empty text', '', [], []],
    ['only separators', ' \n\t,, ;\n', [], []],
  ])('%s', (_case, text, ids, unreadable) => {
    expect(parseScratchInput(text)).toEqual({ ids, unreadable });
  });

  it('reads a paste of thousands of ids', () => {
    const ids = Array.from({ length: 6000 }, (_, i) => i.toString(16).padStart(12, '0'));
    const parsed = parseScratchInput(ids.join('\n'));
    expect(parsed.ids).toHaveLength(6000);
    expect(parsed.unreadable).toEqual([]);
  });
});

describe('scratchListAddBodySchema (issue 22: 1 to 5,000 ids)', () => {
  it.each([
    [0, false],
    [1, true],
    [SCRATCH_LIST_ADD_MAX, true],
    [SCRATCH_LIST_ADD_MAX + 1, false],
  ])('%i ids → accepted %s', (count, ok) => {
    const ids = Array.from({ length: count }, () => 'c0ffee000001');
    expect(scratchListAddBodySchema.safeParse({ ids }).success).toBe(ok);
  });
});
