import type { ParseResult } from './parse-result';

// SPEC gives no text for an empty new zone name; this is the wording of §5's unit edit.
export const EMPTY_ZONE_NAME_REASON = 'Must specify a name';

/** SPEC §5: a new zone name is trimmed, and a name that is empty after trimming is refused. */
export function parseZoneName(input: string): ParseResult<string> {
  const name = input.trim();
  return name === '' ? { ok: false, reason: EMPTY_ZONE_NAME_REASON } : { ok: true, value: name };
}
