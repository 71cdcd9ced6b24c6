import { mobileLoginQrContent, mobileTokenSchema, type MobileToken } from '@vigil/domain';
import { API_BASE, api, currentSlug } from './client';

/** SPEC §2.6, §7 mobile QR login: a one-time token for the mobile app (docs/API.md 'Mobile QR login'). */
export const mobileLoginApi = {
  issue: (signal?: AbortSignal) =>
    api.post<MobileToken>('auth/mobile-token', { schema: mobileTokenSchema, signal }),
};

/**
 * The server's base URL as this console reaches it: the API base without its `/api` (another origin
 * when VITE_API_BASE says so), for a server that has no PUBLIC_URL to answer.
 */
export function serverBaseUrl(): string {
  return new URL(API_BASE.replace(/\/api$/, '') || '/', window.location.origin).href.replace(/\/+$/, '');
}

/** What the QR code holds for an issued token: the server, this session's organisation and the token. */
export function qrContentOf(issued: MobileToken): string {
  return mobileLoginQrContent({
    url: issued.url ?? serverBaseUrl(),
    slug: currentSlug(),
    token: issued.token,
  });
}
