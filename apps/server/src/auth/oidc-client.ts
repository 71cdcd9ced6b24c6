import * as client from 'openid-client';
import type { Config } from '../platform/config';
import type { OidcProviderSettings } from './provider-store';
import { publicBase } from '../platform/config';

// Issue 17: Vigil as an OpenID Connect client (openid-client 6), for "Google" and any other
// provider (Entra ID, Okta, Keycloak). The provider's discovery document is read once, when an
// admin saves the provider (provider-oidc.ts), and kept; sign-ins build their client from it.

/**
 * Where the provider sends the browser back (GET /auth/google/{slug}/callback): the redirect URI
 * the client's registration at the provider must list, exactly.
 */
export function oidcRedirectUri(config: Config, slug: string): string {
  return `${publicBase(config)}/auth/google/${encodeURIComponent(slug)}/callback`;
}

/** How long a request to the provider (discovery, token, keys) may take before the sign-in fails. */
const PROVIDER_TIMEOUT_S = 10;

/**
 * An issuer on this machine over plain http: the local test provider (oidc-provider on 127.0.0.1),
 * or a developer's. openid-client refuses http unless `allowInsecureRequests` is set; it is set
 * for these issuers only, which nobody but this machine can answer for. Every other issuer must be
 * https (the provider API refuses an http one).
 */
export function isLocalIssuer(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

/** Fetches an issuer's discovery document (issuer/.well-known/openid-configuration), checking its issuer. */
export async function discoverIssuer(issuer: string, clientId: string): Promise<Record<string, unknown>> {
  const config = await client.discovery(new URL(issuer), clientId, undefined, undefined, {
    timeout: PROVIDER_TIMEOUT_S,
    execute: isLocalIssuer(issuer) ? [client.allowInsecureRequests] : [],
  });
  return { ...config.serverMetadata() };
}

/**
 * Clients by zone, kept while the provider's settings are unchanged (`version`), so the issuer's
 * signing keys are fetched once, not at every sign-in (openid-client caches them per client).
 */
const clients = new Map<string, { version: string; config: client.Configuration }>();

/**
 * The client of a zone's provider. Its ID tokens' signatures are checked against the issuer's keys
 * (`enableNonRepudiationChecks`) beside what openid-client always checks (issuer, audience, expiry,
 * nonce): the token comes over TLS from the token endpoint, but checking the signature costs one
 * cached key fetch and does not lean on TLS alone.
 */
export function oidcClient(
  zoneId: string,
  version: string,
  settings: OidcProviderSettings,
  secret: string | undefined,
): client.Configuration {
  const cached = clients.get(zoneId);
  if (cached?.version === version) return cached.config;
  const config = new client.Configuration(
    settings.discovery as unknown as client.ServerMetadata,
    settings.clientId,
    secret,
    // A public client (no secret) proves itself with PKCE alone.
    secret === undefined ? client.None() : undefined,
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  if (isLocalIssuer(settings.issuer)) client.allowInsecureRequests(config);
  client.enableNonRepudiationChecks(config);
  clients.set(zoneId, { version, config });
  return config;
}
