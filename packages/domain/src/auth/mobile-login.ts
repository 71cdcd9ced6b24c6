import { z } from 'zod';
import { MOBILE_LOGIN_QR_LIFETIME_S } from './constants';

// SPEC §2.6, §7, §8 mobile QR login: the console's 'Login to mobile' asks for a one-time sign-in
// token (POST /api/auth/mobile-token) and shows it as a QR code; the mobile app scans it and trades
// the token, once, for the session's tokens at GET /api/auth/token. docs/API.md 'Mobile QR login'.

/** SPEC §9: a mobile login token (and its QR code) is valid 60 s. */
export const MOBILE_QR_TTL_MS = MOBILE_LOGIN_QR_LIFETIME_S * 1000;
/**
 * The console shows a new code this long before the one on screen expires, so that a phone that
 * scanned the old one at the last moment still has time to redeem it.
 */
export const MOBILE_QR_RENEW_BEFORE_MS = 10_000;
/** SPEC §8: what the QR code's place shows when no code could be made. */
export const MOBILE_QR_ERROR_TEXT = 'Error generating QR code';

/** POST /api/auth/mobile-token answers a one-time token; `url` is the server's PUBLIC_URL when set. */
export const mobileTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  url: z.string().optional(),
});
export type MobileToken = z.infer<typeof mobileTokenSchema>;

/** What the QR code holds (JSON), marked so that a scanner can tell it from other codes. */
export const MOBILE_LOGIN_QR_KIND = 'vigil-mobile-login';
export const mobileLoginQrSchema = z.object({
  kind: z.literal(MOBILE_LOGIN_QR_KIND),
  v: z.literal(1),
  /** The server's base URL: the API is under `${url}/api`. */
  url: z.url({ protocol: /^https?$/ }),
  /** The organisation: the `slug` header of the app's requests. */
  slug: z.string().min(1),
  /** The one-time token, presented as `Authorization: Bearer <token>` to GET /api/auth/token. */
  token: z.string().min(1),
});
export type MobileLoginQr = z.infer<typeof mobileLoginQrSchema>;

/** The QR code's text for a token: compact JSON, the server's base URL without a trailing slash. */
export function mobileLoginQrContent(input: { url: string; slug: string; token: string }): string {
  const qr: MobileLoginQr = {
    kind: MOBILE_LOGIN_QR_KIND,
    v: 1,
    url: input.url.replace(/\/+$/, ''),
    slug: input.slug,
    token: input.token,
  };
  return JSON.stringify(qr);
}

/** Reads a scanned QR code as a mobile login, or undefined when it is something else. */
export function parseMobileLoginQr(text: string): MobileLoginQr | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = mobileLoginQrSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
