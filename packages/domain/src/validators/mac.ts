import type { ParseResult } from './parse-result';

/** SPEC §9: a MAC address (device id) is 12 hex characters. */
export const MAC_LENGTH = 12;
/** SPEC §5, §9: MAC suggestions start after 4 characters. */
export const MAC_SUGGEST_MIN_CHARS = 4;
/**
 * SPEC §7, §9: at most 20 MAC suggestions.
 * Used by the floor-plan map's gateway assignment (SPEC §5 Assigning a gateway, §2.7).
 */
export const MAC_SUGGEST_MAX = 20;

const BARE_MAC = /^[0-9a-f]{12}$/i;
// The back-reference makes every separator repeat the first one, so 'aa:bb-cc…' is refused.
const SEPARATED_MAC = /^[0-9a-f]{2}([:-])(?:[0-9a-f]{2}\1){4}[0-9a-f]{2}$/i;
const PARTIAL_MAC = /^[0-9a-f:-]*$/i;

export const INVALID_MAC_REASON =
  'MAC address must be 12 hex characters, or six hex pairs separated by ":" or "-"';

/** SPEC §5 Device MAC: 12 hex, or six hex pairs joined by one of ':' / '-'; normalised to 12 lowercase hex. */
export function parseMac(input: string): ParseResult<string> {
  const text = input.trim();
  if (!BARE_MAC.test(text) && !SEPARATED_MAC.test(text)) return { ok: false, reason: INVALID_MAC_REASON };
  return { ok: true, value: text.replace(/[:-]/g, '').toLowerCase() };
}

/**
 * SPEC §5 Assigning a gateway: the MAC search prefix for suggestions, or null when none should be asked for.
 * Input must look like a partial MAC (hex with ':'/'-'); separators are stripped, the rest truncated to 12
 * and lowercased. The 4-character minimum (§9) counts hex characters, after stripping.
 * Used by the floor-plan map's gateway assignment (SPEC §2.7).
 */
export function macSearchPrefix(input: string): string | null {
  const text = input.trim();
  if (!PARTIAL_MAC.test(text)) return null;
  const prefix = text.replace(/[:-]/g, '').slice(0, MAC_LENGTH).toLowerCase();
  return prefix.length >= MAC_SUGGEST_MIN_CHARS ? prefix : null;
}
