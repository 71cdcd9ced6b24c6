import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ParseResult } from './parse-result';

/** SPEC §5, §9: phone numbers are parsed with this default region. */
export const PHONE_DEFAULT_REGION = 'US';

export const INVALID_PHONE_REASON = 'Invalid phone number';

/**
 * SPEC §5, §9: parse a phone number with default region US; returns E.164 or 'Invalid phone number'.
 * A number written with its own country code (+44…) is kept as that country's number.
 * Used by the orders address book's sms contacts (SPEC §2.4 Orders Address Book).
 */
export function parsePhone(input: string): ParseResult<string> {
  const phone = parsePhoneNumberFromString(input.trim(), PHONE_DEFAULT_REGION);
  if (!phone?.isValid()) return { ok: false, reason: INVALID_PHONE_REASON };
  return { ok: true, value: phone.number };
}
