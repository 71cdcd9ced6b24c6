import { orderReference } from '../orders/states';
import { parseMac } from '../validators/mac';
import { deviceIdFromQr } from '../validators/qr';
import { INVALID_BARCODE_REASON, parsePackagingBarcode, type PackagingBarcode } from './barcode';

// Issue 22: every kiosk step accepts any scan and the server finds its kind from its form alone
// (SPEC §5): a box label, a repack box label, a device (MAC or QR), an order label, or nothing known.

export const SCAN_KINDS = ['box', 'repackBox', 'device', 'order', 'unknown'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** A scanner sends at most this many characters as one scan; anything longer is refused unread. */
export const SCAN_TEXT_MAX = 512;

export type ClassifiedScan =
  /** SPEC §5 packaging barcode without -R: a factory box. `id` is the barcode, upper-case. */
  | { kind: 'box'; id: string; barcode: PackagingBarcode }
  /** SPEC §5 packaging barcode ending in -R: a box packed again at repackaging. */
  | { kind: 'repackBox'; id: string; barcode: PackagingBarcode }
  /** SPEC §5 device MAC or QR content: `id` is the device's 12 lower-case hex. */
  | { kind: 'device'; id: string; via: 'mac' | 'qr' }
  /** An order label, ORD-<number> (orders/states.ts orderReference). */
  | { kind: 'order'; id: string; number: number }
  | { kind: 'unknown'; id: null; reason: string };

export const SCAN_REASONS = {
  empty: 'Nothing was scanned',
  tooLong: `A scan is at most ${SCAN_TEXT_MAX} characters`,
  barcode: INVALID_BARCODE_REASON,
  order: 'An order label reads ORD- and the order number, e.g. ORD-12',
  unknown: 'Not a box label, a device id or an order label',
} as const;

const ORDER_LABEL = /^ORD-?(\d{1,9})$/;
const LOOKS_LIKE_ORDER = /^ORD\b|^ORD-/;
// Starts like a box label (family, digits, a dash) but failed the grammar: say what a label is.
const LOOKS_LIKE_BARCODE = /^(GWL|GW|NODE|TAG|WEAR)\d+-/;

/** Issue 22, SPEC §5: what a scanned text is, by its form alone (the server then looks it up). */
export function classifyScan(text: string): ClassifiedScan {
  if (text.length > SCAN_TEXT_MAX) return unknown('tooLong');
  const trimmed = text.trim();
  if (trimmed === '') return unknown('empty');
  const upper = trimmed.toUpperCase();

  const box = parsePackagingBarcode(upper);
  if (box.ok) {
    const id = formatPackagingBarcode(box.value);
    return box.value.repack
      ? { kind: 'repackBox', id, barcode: box.value }
      : { kind: 'box', id, barcode: box.value };
  }
  if (LOOKS_LIKE_BARCODE.test(upper)) return unknown('barcode');

  const order = ORDER_LABEL.exec(upper);
  if (order) {
    const number = Number(order[1]);
    if (number > 0) return { kind: 'order', id: orderReference(number), number };
    return unknown('order');
  }
  if (LOOKS_LIKE_ORDER.test(upper)) return unknown('order');

  const mac = parseMac(trimmed);
  if (mac.ok) return { kind: 'device', id: mac.value, via: 'mac' };
  const qr = deviceIdFromQr(trimmed);
  if (qr) return { kind: 'device', id: qr, via: 'qr' };
  return unknown('unknown');
}

function unknown(reason: keyof typeof SCAN_REASONS): ClassifiedScan {
  return { kind: 'unknown', id: null, reason: SCAN_REASONS[reason] };
}

/** SPEC §5: a packaging barcode written back in its one printed form, e.g. 'TAG5-20240115-7-R'. */
export function formatPackagingBarcode(barcode: PackagingBarcode): string {
  const parts = [barcode.sku, barcode.manufacturingDate];
  if (barcode.carton !== undefined) parts.push(barcode.carton);
  if (barcode.secondNumber !== undefined) parts.push(barcode.secondNumber);
  if (barcode.repack) parts.push('R');
  return parts.join('-');
}

/** How a kiosk names what it understood, e.g. 'Box TAG5-20240115-7', 'Device aabbccddeeff'. */
export function describeScan(scan: ClassifiedScan): string {
  switch (scan.kind) {
    case 'box':
      return `Box ${scan.id}`;
    case 'repackBox':
      return `Repack box ${scan.id}`;
    case 'device':
      return `Device ${scan.id}`;
    case 'order':
      return `Order ${scan.id}`;
    case 'unknown':
      return `Not understood: ${scan.reason}`;
  }
}
