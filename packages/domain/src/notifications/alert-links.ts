import { z } from 'zod';
import { actorSchema, isoDateSchema } from '../contract/common';
import { alertModeSchema } from '../alerts/lifecycle';

// Issue 16 "Alert links": /link/a/{token} opens one alert without signing in, for the recipient the
// token was made for, until the alert closes (or ALERT_LINK_MAX_AGE_MS at most), unless revoked.

/** The longest a link stays valid, even for an alert that stays open. */
export const ALERT_LINK_MAX_AGE_MS = 24 * 3600_000;
/** A token: 32 random bytes as base64url (43 characters). */
export const ALERT_LINK_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** Wrong tokens one address may try per minute before it waits. */
export const ALERT_LINK_RATE_LIMIT = 20;

export const ALERT_LINK_MESSAGES = {
  invalid: 'This alert link is not valid. It may have been mistyped or revoked.',
  expired: 'This alert link has expired: the alert is closed or the link is too old.',
  tooMany: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** What the link page shows: the alert, and who it was sent to. */
export const alertLinkViewSchema = z.object({
  recipient: z.string(),
  alert: z.object({
    id: z.string(),
    mode: alertModeSchema,
    state: z.string(),
    person: z.string().nullable(),
    tag: z.string(),
    location: z.string().nullable(),
    floor: z.string().nullable(),
    unit: z.string().nullable(),
    createdAt: isoDateSchema,
    acknowledged: z.boolean(),
    acknowledgedAt: isoDateSchema.nullable(),
    acknowledgedBy: actorSchema.nullable(),
    closedAt: isoDateSchema.nullable(),
  }),
  expiresAt: isoDateSchema,
});
export type AlertLinkView = z.infer<typeof alertLinkViewSchema>;
