import { describe, expect, it } from 'vitest';
import { INVALID_BARCODE_REASON } from './barcode';
import { classifyScan, describeScan, formatPackagingBarcode, SCAN_REASONS, SCAN_TEXT_MAX } from './scan-kind';

describe('classifyScan (issue 22; SPEC §5 packaging barcode, device MAC, QR scan)', () => {
  it.each([
    ['a factory box label', 'TAG5-20240115-7', { kind: 'box', id: 'TAG5-20240115-7' }],
    ['a box label with two numbers', 'GW2-20240115-012-3', { kind: 'box', id: 'GW2-20240115-012-3' }],
    ['a box label without carton', 'NODE1-20240115', { kind: 'box', id: 'NODE1-20240115' }],
    [
      'a box label typed in lower case with spaces',
      '  gwl1-20240115-2 ',
      { kind: 'box', id: 'GWL1-20240115-2' },
    ],
    ['a repack label', 'TAG5-20240301-4-R', { kind: 'repackBox', id: 'TAG5-20240301-4-R' }],
    ['a repack label without carton', 'wear1-20240301-r', { kind: 'repackBox', id: 'WEAR1-20240301-R' }],
    ['a bare MAC', 'AABBCCDDEEFF', { kind: 'device', id: 'aabbccddeeff', via: 'mac' }],
    ['a MAC with colons', 'aa:bb:cc:dd:ee:ff', { kind: 'device', id: 'aabbccddeeff', via: 'mac' }],
    ['a MAC with dashes', 'AA-BB-CC-DD-EE-FF', { kind: 'device', id: 'aabbccddeeff', via: 'mac' }],
    [
      'a QR URL',
      'https://vigil.example/v1/tag/AABBCCDDEEFF',
      { kind: 'device', id: 'aabbccddeeff', via: 'qr' },
    ],
    ['a QR with a newline', 'ID:0123456789ab\n', { kind: 'device', id: '0123456789ab', via: 'qr' }],
    ['an order label', 'ORD-12', { kind: 'order', id: 'ORD-12', number: 12 }],
    ['an order label in lower case, no dash', 'ord0042', { kind: 'order', id: 'ORD-42', number: 42 }],
  ])('%s: %j', (_case, text, expected) => {
    expect(classifyScan(text)).toMatchObject(expected);
  });

  it('keeps the parts of a packaging barcode', () => {
    expect(classifyScan('TAG5-20240115-012-3')).toEqual({
      kind: 'box',
      id: 'TAG5-20240115-012-3',
      barcode: {
        family: 'TAG',
        sku: 'TAG5',
        manufacturingDate: '20240115',
        carton: '012',
        secondNumber: '3',
        repack: false,
      },
    });
  });

  it.each([
    ['nothing', '', SCAN_REASONS.empty],
    ['only spaces', '   \n', SCAN_REASONS.empty],
    ['a 7-digit date', 'TAG5-2024011-3', INVALID_BARCODE_REASON],
    ['-R before the number', 'TAG5-20240115-R-3', INVALID_BARCODE_REASON],
    ['another suffix', 'GW2-20240115-X', INVALID_BARCODE_REASON],
    ['order number 0', 'ORD-0', SCAN_REASONS.order],
    ['an order without number', 'ORD-', SCAN_REASONS.order],
    ['an order with letters', 'ORD-12A', SCAN_REASONS.order],
    ['11 hex characters', 'aabbccddeef', SCAN_REASONS.unknown],
    ['a word', 'hello', SCAN_REASONS.unknown],
    ['an unknown prefix', 'CAM1-20240115', SCAN_REASONS.unknown],
    ['a scan over the limit', 'a'.repeat(SCAN_TEXT_MAX + 1), SCAN_REASONS.tooLong],
  ])('%s is unknown with its reason', (_case, text, reason) => {
    expect(classifyScan(text)).toEqual({ kind: 'unknown', id: null, reason });
  });

  it.each([
    ['TAG5-20240115-7', 'Box TAG5-20240115-7'],
    ['TAG5-20240115-7-R', 'Repack box TAG5-20240115-7-R'],
    ['aabbccddeeff', 'Device aabbccddeeff'],
    ['ORD-9', 'Order ORD-9'],
    ['', 'Not understood: Nothing was scanned'],
  ])('describes %j as %j', (text, described) => {
    expect(describeScan(classifyScan(text))).toBe(described);
  });

  it.each(['GW2-20240115', 'TAG5-20240115-1-2', 'TAG5-20240115-1-R', 'TAG6-20240115-R'])(
    'prints %j back as scanned',
    (text) => {
      const scan = classifyScan(text);
      if (scan.kind !== 'box' && scan.kind !== 'repackBox') throw new Error('not a box');
      expect(formatPackagingBarcode(scan.barcode)).toBe(text);
    },
  );
});
