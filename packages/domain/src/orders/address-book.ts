import type { ParseResult } from '../validators/parse-result';
import type { ContactKind } from '../warehouse/enums';
import { contactAddressError, normaliseContactAddress } from '../notifications/subscriptions';

// SPEC §3 Order recipients, addresses, contacts; SPEC §5 phone numbers (issue 22 Orders Address Book).

/**
 * An order contact's value as stored (SPEC §3 contact kinds): the same forms as a subscription's
 * contact (issue 16, notifications/subscriptions.ts), so a recipient can later be told through the
 * same channels. An sms number is parsed as US and kept in E.164, else 'Invalid phone number'
 * (SPEC §5); an e-mail address; a wctp or vocera pager id; an ascom, connexall or tiger http(s)
 * address of the receiving system.
 */
export function parseContactValue(kind: ContactKind, value: string): ParseResult<string> {
  const error = contactAddressError(kind, value);
  return error === null
    ? { ok: true, value: normaliseContactAddress(kind, value) }
    : { ok: false, reason: error };
}

/** An address on one line, its empty parts left out: '1 Main St, Dock 2, Springfield, IL 62701, US'. */
export function formatOrderAddress(address: {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country?: string;
}): string {
  const regionAndCode = [address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, regionAndCode, address.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
