import { describe, it, expect } from 'vitest';
import {
  INVALID_BARCODE_REASON,
  REPACK_BARCODE_REASON,
  parsePackagingBarcode,
  parseRepackBarcode,
} from './barcode';

describe('parsePackagingBarcode (SPEC §5 Packaging barcode)', () => {
  it.each([
    ['GW2-20240115', { family: 'GW', sku: 'GW2', carton: undefined, secondNumber: undefined, repack: false }],
    [
      'GWL1-20240115',
      { family: 'GWL', sku: 'GWL1', carton: undefined, secondNumber: undefined, repack: false },
    ],
    [
      'NODE1-20240115-7',
      { family: 'NODE', sku: 'NODE1', carton: '7', secondNumber: undefined, repack: false },
    ],
    ['TAG5-20240115-012-3', { family: 'TAG', sku: 'TAG5', carton: '012', secondNumber: '3', repack: false }],
    [
      'WEAR1-20240115-4-R',
      { family: 'WEAR', sku: 'WEAR1', carton: '4', secondNumber: undefined, repack: true },
    ],
    [
      'TAG6-20240115-R',
      { family: 'TAG', sku: 'TAG6', carton: undefined, secondNumber: undefined, repack: true },
    ],
    [
      'GW12345678-20240115',
      { family: 'GW', sku: 'GW12345678', carton: undefined, secondNumber: undefined, repack: false },
    ],
    [
      ' gw2-20240115-r ',
      { family: 'GW', sku: 'GW2', carton: undefined, secondNumber: undefined, repack: true },
    ],
  ])('accepts %j', (input, parts) => {
    expect(parsePackagingBarcode(input)).toEqual({
      ok: true,
      value: { manufacturingDate: '20240115', ...parts },
    });
  });

  it.each([
    ['a prefix with digits but no date', 'GW1234'],
    ['eight digits run into the prefix, no separated date', 'GW12345678'],
    ['a prefix without digits', 'GW-20240115'],
    ['a 7-digit date', 'GW2-2024011'],
    ['a 9-digit date', 'GW2-202401150'],
    ['an unknown prefix', 'CAM1-20240115'],
    ['a dangling separator', 'GW2-20240115-'],
    ['-R before the second number', 'GW2-20240115-R-5'],
    ['three trailing numbers', 'GW2-20240115-1-2-3'],
    ['a letter suffix other than R', 'GW2-20240115-X'],
    ['an empty string', ''],
  ])('refuses %s (%j)', (_case, input) => {
    expect(parsePackagingBarcode(input)).toEqual({ ok: false, reason: INVALID_BARCODE_REASON });
  });
});

describe('parseRepackBarcode (SPEC §5 repack barcode requires -R)', () => {
  it.each([
    ['GWL1-20240115-3-R', true],
    ['TAG5-20240115-R', true],
    ['TAG5-20240115-3', false],
    ['TAG5-20240115-3-4', false],
  ])('%j accepted: %s', (input, accepted) => {
    const result = parseRepackBarcode(input);
    expect(result.ok).toBe(accepted);
    if (!result.ok) expect(result.reason).toBe(REPACK_BARCODE_REASON);
  });

  it('gives the general reason for a barcode that is not a packaging barcode at all', () => {
    expect(parseRepackBarcode('GW1234')).toEqual({ ok: false, reason: INVALID_BARCODE_REASON });
  });
});
