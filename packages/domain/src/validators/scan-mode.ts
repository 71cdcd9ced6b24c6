import { TAG_SCAN_MODES, type TagScanMode } from '../enums';
import type { ParseResult } from './parse-result';

/** SPEC §4 Scan mode, §8: only the four known modes are accepted; else 'Invalid tag scan mode: <mode>'. */
export function parseTagScanMode(mode: unknown): ParseResult<TagScanMode> {
  const known = (TAG_SCAN_MODES as readonly unknown[]).includes(mode);
  return known
    ? { ok: true, value: mode as TagScanMode }
    : { ok: false, reason: `Invalid tag scan mode: ${String(mode)}` };
}
