import { lt } from 'drizzle-orm';
import * as client from 'openid-client';
import { SSO_REQUEST_TTL_MS, emailInDomains } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Config } from '../platform/config';
import type { ZoneRow } from '../platform/caller';
import { signInRequests } from '../db/schema';
import { signInMethods } from './login';
import { oidcClient, oidcRedirectUri } from './oidc-client';
import { openClientSecret } from './provider-oidc';
import { loadProvider, type StoredProvider } from './provider-store';
import { finishSignIn, safeAfter, type SsoContext } from './sso-finish';

// An OpenID Connect sign-in (issue 17; 'Google', or any OpenID provider), Vigil as the client on
// openid-client 6: the authorization code flow with PKCE (S256), `state` and `nonce`. The state of a
// sign-in is a sign_in_requests row keyed by `state` (the provider's redirect back is a cross-site
// navigation: no cookie is relied on), holding the nonce and the PKCE verifier, used once.
// openid-client checks the response's state and issuer, trades the code with the verifier, and
// checks the ID token (issuer, audience, expiry, nonce; its signature too, oidc-client.ts); this
// file then wants a verified e-mail in one of the allowed domains before sso-finish.ts signs in.

/** What the provider asks the person to share: who they are, their e-mail and their name. */
const SCOPE = 'openid email profile';

/**
 * A callback Vigil does not accept. `reason` goes to the audit log; `person` marks a refusal of the
 * person the provider vouched for (authFail=1, 'Invalid login'), not a broken sign-in (authError=1).
 */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly person = false,
  ) {
    super(message);
  }
}

/** The zone's OpenID provider when 'google' is one of its sign-in methods and one is configured. */
export async function loadOidcProvider(db: Db, zone: ZoneRow): Promise<StoredProvider<'google'> | undefined> {
  if (!signInMethods(zone).includes('google')) return undefined;
  return loadProvider(db, zone.id, 'google');
}

/**
 * GET /auth/google/{slug}: a new sign-in under way (its state, nonce and PKCE verifier kept) and the
 * provider's authorization address the browser goes to.
 */
export async function startOidcSignIn(
  db: Db,
  config: Config,
  serverSecret: string,
  input: { zone: ZoneRow; slug: string; provider: StoredProvider<'google'>; after?: string },
): Promise<string> {
  const now = new Date();
  // Housekeeping on the way: sign-ins abandoned at the provider.
  await db.delete(signInRequests).where(lt(signInRequests.expiresAt, now));

  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await db.insert(signInRequests).values({
    state,
    zoneId: input.zone.id,
    kind: 'google',
    nonce,
    codeVerifier,
    after: safeAfter(input.after) ?? null,
    expiresAt: new Date(now.getTime() + SSO_REQUEST_TTL_MS),
  });
  const oidc = clientOf(input.provider, serverSecret);
  return client
    .buildAuthorizationUrl(oidc, {
      redirect_uri: oidcRedirectUri(config, input.slug),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

type SignInRequestRow = typeof signInRequests.$inferSelect;

/**
 * GET /auth/google/{slug}/callback after takeSignInRequest: completes that sign-in with the provider
 * and signs the person in (sso-finish.ts), answering the /login address. Throws OidcRefusal.
 */
export async function acceptOidcCallback(
  db: Db,
  config: Config,
  serverSecret: string,
  ctx: SsoContext,
  input: {
    zone: ZoneRow;
    slug: string;
    provider: StoredProvider<'google'>;
    request: SignInRequestRow;
    /** The callback's query string, as the provider sent it (code, state, iss, or error). */
    search: string;
  },
): Promise<string> {
  const { zone, provider, request } = input;
  // Without its verifier the code could be traded by whoever holds it: PKCE is never optional here.
  if (!request.codeVerifier) throw new OidcRefusal('pkce', 'No PKCE verifier kept for this sign-in');
  if (!request.nonce) throw new OidcRefusal('nonce', 'No nonce kept for this sign-in');

  const callbackUrl = new URL(oidcRedirectUri(config, input.slug));
  callbackUrl.search = input.search;
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(clientOf(provider, serverSecret), callbackUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw new OidcRefusal(refusalReason(err), describe(err));
  }
  if (!claims) throw new OidcRefusal('id_token', 'The provider answered no ID token');

  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new OidcRefusal('email', 'The ID token carries no e-mail (was the email scope granted?)');
  // An unverified address may belong to anyone who typed it at the provider: it names nobody.
  if (claims.email_verified !== true) {
    throw new OidcRefusal('unverified', `The provider has not verified ${email}`, true);
  }
  if (!emailInDomains(email, provider.settings.allowedDomains)) {
    throw new OidcRefusal('domain', `${email} is not in an allowed domain`, true);
  }
  return finishSignIn(db, ctx, {
    zone,
    method: 'google',
    email,
    name: typeof claims.name === 'string' ? claims.name : '',
    provisioning: provider.settings.provisioning,
    after: request.after,
  });
}

function clientOf(provider: StoredProvider<'google'>, serverSecret: string): client.Configuration {
  return oidcClient(
    provider.zoneId,
    String(provider.updatedAt.getTime()),
    provider.settings,
    openClientSecret(serverSecret, provider),
  );
}

/**
 * The audit log's reason for a failed exchange: the provider said no, or its answer did not check
 * out (openid-client names the claim or attribute that did not match, a cause or two down).
 */
function refusalReason(err: unknown): string {
  if (err instanceof client.AuthorizationResponseError) return 'provider_error';
  if (err instanceof client.ResponseBodyError) return 'token_refused';
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const detail = (e as { cause?: { claim?: unknown; attribute?: unknown } }).cause;
    const what = detail && typeof detail === 'object' ? (detail.claim ?? detail.attribute) : undefined;
    if (what === 'nonce' || what === 'state') return what;
    if (what === 'iss' || what === 'issuer') return 'issuer';
    if (what === 'aud') return 'audience';
    e = (e as { cause?: unknown }).cause;
  }
  return 'response';
}

function describe(err: unknown): string {
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    return `${err.message}: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`;
  }
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause && !err.message.includes(cause) ? `${err.message} (${cause})` : err.message;
}
