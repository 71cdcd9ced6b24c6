import type { ParseResult } from '../validators/parse-result';

export const BARCODE_FAMILIES = ['GWL', 'GW', 'NODE', 'TAG', 'WEAR'] as const;
export type BarcodeFamily = (typeof BARCODE_FAMILIES)[number];

/** A packaging barcode split into the parts SPEC §5 names. Numbers stay strings to keep leading zeros. */
export type PackagingBarcode = {
  /** GW, GWL, NODE, TAG or WEAR. */
  family: BarcodeFamily;
  /** The prefix: family plus its digits, e.g. 'GW2', 'TAG5'. */
  sku: string;
  /** The 8-digit manufacturing date as printed (not checked against a calendar). */
  manufacturingDate: string;
  carton: string | undefined;
  secondNumber: string | undefined;
  /** The barcode ends in -R (a repacked box). */
  repack: boolean;
};

// Grammar (SPEC §5 leaves the separator open; we use '-', which the '-R' suffix already implies):
//   PREFIX DIGITS '-' DATE8 [ '-' CARTON ] [ '-' ( SECOND | 'R' ) ]
// GWL is tried before GW; either way GW must be followed by a digit, so the two never clash.
const PACKAGING_BARCODE = /^(GWL|GW|NODE|TAG|WEAR)(\d+)-(\d{8})(?:-(\d+))?(?:-(\d+|R))?$/;

export const INVALID_BARCODE_REASON =
  'Barcode must be GW, GWL, NODE, TAG or WEAR with digits, then -YYYYMMDD, optionally -carton and -number or -R';
export const REPACK_BARCODE_REASON = 'Repack barcode must end with -R';

/**
 * SPEC §5 Packaging barcode, e.g. 'GW2-20240115', 'TAG5-20240115-12', 'GWL1-20240115-3-R'.
 * Surrounding spaces are ignored and letters are read case-insensitively.
 * Used by the warehouse kiosk's receiving, shipping and quality-control scans (SPEC §2.1 /warehouse).
 */
export function parsePackagingBarcode(input: string): ParseResult<PackagingBarcode> {
  const match = PACKAGING_BARCODE.exec(input.trim().toUpperCase());
  if (!match) return { ok: false, reason: INVALID_BARCODE_REASON };
  const [, family, digits, manufacturingDate, carton, last] = match;
  return {
    ok: true,
    value: {
      family: family as BarcodeFamily,
      sku: `${family}${digits}`,
      manufacturingDate,
      carton,
      secondNumber: last === 'R' ? undefined : last,
      repack: last === 'R',
    },
  };
}

/**
 * SPEC §5 Packaging barcode: the repack barcode is a packaging barcode that requires the -R suffix.
 * Used by the warehouse kiosk's repackaging screen (SPEC §2.1 /warehouse/repackaging).
 */
export function parseRepackBarcode(input: string): ParseResult<PackagingBarcode> {
  const parsed = parsePackagingBarcode(input);
  if (parsed.ok && !parsed.value.repack) return { ok: false, reason: REPACK_BARCODE_REASON };
  return parsed;
}
