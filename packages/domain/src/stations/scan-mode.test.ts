import { describe, it, expect } from 'vitest';
import { TAG_SCAN_MODES, parseTagScanMode, tagScanModeSchema } from './scan-mode';

describe('parseTagScanMode (SPEC §4 Scan mode, §8)', () => {
  it.each([['singleTap'], ['doubleTap'], ['qrCode'], ['off']])('accepts %s', (mode) => {
    expect(parseTagScanMode(mode)).toEqual({ ok: true, value: mode });
  });

  it.each([
    ['tripleTap', 'Invalid tag scan mode: tripleTap'],
    ['SingleTap', 'Invalid tag scan mode: SingleTap'],
    ['', 'Invalid tag scan mode: '],
    [undefined, 'Invalid tag scan mode: undefined'],
    [2, 'Invalid tag scan mode: 2'],
  ])('refuses %j with %j', (mode, reason) => {
    expect(parseTagScanMode(mode)).toEqual({ ok: false, reason });
  });
});

describe('tag scan modes (SPEC §3 Enumerations)', () => {
  it('lists the four modes', () => {
    expect(TAG_SCAN_MODES).toEqual(['singleTap', 'doubleTap', 'qrCode', 'off']);
  });

  it.each([
    ['qrCode', true],
    ['tripleTap', false],
  ] as const)('%j valid %s', (value, valid) => {
    expect(tagScanModeSchema.safeParse(value).success).toBe(valid);
  });
});
