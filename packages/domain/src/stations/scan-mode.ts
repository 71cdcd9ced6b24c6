import { z } from 'zod';
import type { ParseResult } from '../validators/parse-result';

/** SPEC §3 Enumerations, §4 Scan mode: the four tag scan modes. */
export const TAG_SCAN_MODES = ['singleTap', 'doubleTap', 'qrCode', 'off'] as const;
export const tagScanModeSchema = z.enum(TAG_SCAN_MODES);
export type TagScanMode = z.infer<typeof tagScanModeSchema>;

/**
 * SPEC §4 Scan mode, §8: only the four known modes are accepted; else 'Invalid tag scan mode: <mode>'.
 * Used by the distribution kiosk's scan screen (SPEC §2.1 /distribution/{station}/scan).
 */
export function parseTagScanMode(mode: unknown): ParseResult<TagScanMode> {
  const known = (TAG_SCAN_MODES as readonly unknown[]).includes(mode);
  return known
    ? { ok: true, value: mode as TagScanMode }
    : { ok: false, reason: `Invalid tag scan mode: ${String(mode)}` };
}
