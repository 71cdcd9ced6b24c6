import type { ParseResult } from '../validators/parse-result';

/** The longest zone name a request may carry. */
export const ZONE_NAME_MAX = 200;

// SPEC gives no text for an empty new zone name; this is the wording of §5's unit edit.
export const EMPTY_ZONE_NAME_REASON = 'Must specify a name';

/**
 * SPEC §5: a new zone name is trimmed, and a name that is empty after trimming is refused.
 * The one zone-name rule: the zone contract's `zoneNameSchema` applies it to every request.
 */
export function parseZoneName(input: string): ParseResult<string> {
  const name = input.trim();
  return name === '' ? { ok: false, reason: EMPTY_ZONE_NAME_REASON } : { ok: true, value: name };
}
