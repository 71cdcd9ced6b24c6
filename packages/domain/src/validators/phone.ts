import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { PHONE_DEFAULT_REGION } from '../constants';
import type { ParseResult } from './parse-result';

export const INVALID_PHONE_REASON = 'Invalid phone number';

/**
 * SPEC §5, §9: parse a phone number with default region US; returns E.164 or 'Invalid phone number'.
 * A number written with its own country code (+44…) is kept as that country's number.
 */
export function parsePhone(input: string): ParseResult<string> {
  const phone = parsePhoneNumberFromString(input.trim(), PHONE_DEFAULT_REGION);
  if (!phone?.isValid()) return { ok: false, reason: INVALID_PHONE_REASON };
  return { ok: true, value: phone.number };
}
