import { parseMac } from '../validators/mac';
import type { ParseResult } from '../validators/parse-result';
import { deviceIdFromQr } from '../validators/qr';

// Issue 22 scratch lists: ids arrive by the hundred, pasted from a spreadsheet or an e-mail, or one
// at a time from a scanner; each entry is read by SPEC §5's two rules.

/** What separates the entries of a paste: line breaks, commas, semicolons, spaces and tabs. */
const SEPARATORS = /[\s,;]+/;
/**
 * An entry of nothing but hex digits and MAC separators is meant as a MAC, so it must be one: read
 * as a QR code, a mistyped 13-digit MAC would silently become another device's id.
 */
const MAC_LIKE = /^[0-9a-f:-]+$/i;

export const UNREADABLE_ID_REASON =
  'Not a device id: 12 hex characters, six hex pairs separated by ":" or "-", or a QR code ending in one';

/**
 * SPEC §5: one scanned or pasted entry as a device id: a device MAC (12 hex, or six hex pairs
 * separated by ':' or '-'), else a QR code's content (its trailing 12 hex characters), lowercased.
 */
export function readScratchId(entry: string): ParseResult<string> {
  const text = entry.trim();
  if (MAC_LIKE.test(text)) {
    const mac = parseMac(text);
    return mac.ok ? mac : { ok: false, reason: UNREADABLE_ID_REASON };
  }
  const id = deviceIdFromQr(text);
  return id ? { ok: true, value: id } : { ok: false, reason: UNREADABLE_ID_REASON };
}

/** The device ids of a paste, each once in the order first met, and the entries that are none. */
export type ScratchInput = { ids: string[]; unreadable: string[] };

/**
 * SPEC §5, issue 22: pasted text split into entries (line breaks, commas, semicolons, spaces, tabs),
 * each read by `readScratchId`; repeated ids and repeated unreadable entries count once.
 */
export function parseScratchInput(text: string): ScratchInput {
  const ids = new Set<string>();
  const unreadable = new Set<string>();
  for (const entry of text.split(SEPARATORS)) {
    if (entry === '') continue;
    const read = readScratchId(entry);
    if (read.ok) ids.add(read.value);
    else unreadable.add(entry);
  }
  return { ids: [...ids], unreadable: [...unreadable] };
}
