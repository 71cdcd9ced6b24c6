import { API_BASE } from '../../api/client';

/**
 * Issue 17: where the login screen sends the browser for a single sign-on. The server's SAML and
 * OpenID routes sit beside the API, not under it (`/auth/saml/{slug}`, SPEC §7 `/auth/google/{slug}`),
 * on the API's origin when the API lives elsewhere.
 */
const SERVER_BASE = API_BASE.replace(/\/api$/, '');

export type SingleSignOn = 'saml' | 'google';

/** The URL that starts a single sign-on for the organisation `slug`, coming back to `after`. */
export function singleSignOnUrl(
  method: SingleSignOn,
  slug: string,
  { after, authDomain }: { after?: string | null; authDomain: string },
): string {
  const query = new URLSearchParams();
  if (after) query.set('after', after);
  // SPEC §7: Google's redirect names the console's host, which the server checks against its domains.
  if (method === 'google') query.set('authDomain', authDomain);
  const search = query.size ? `?${query}` : '';
  return `${SERVER_BASE}/auth/${method}/${encodeURIComponent(slug)}${search}`;
}

/** The full page load a single sign-on needs (the identity provider is another site); tests spy on it. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};
