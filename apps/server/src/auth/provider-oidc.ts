import { oidcLabel, type OidcProvider, type oidcProviderBodySchema } from '@vigil/domain';
import type { z } from 'zod';
import type { Db } from '../platform/db/client';
import type { Actor, ZoneRow } from '../platform/caller';
import type { Config } from '../platform/config';
import { writeAudit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import { openSecret, sealSecret } from '../platform/crypto';
import { discoverIssuer, isLocalIssuer, oidcRedirectUri } from './oidc-client';
import { loadProvider, saveProvider, type OidcProviderSettings, type StoredProvider } from './provider-store';
import { checkProvisioning, providerZone } from './provider-zone';
import { signInMethods } from './login';

// Issue 17: an organisation's OpenID provider ('Google' when the issuer is Google's). Saving it
// fetches the issuer's discovery document once and keeps it; the client secret is sealed with a key
// of the server's secret, bound to the zone (a sealed value copied to another zone does not open),
// and never answered: the API says only whether there is one.

type OidcBody = z.output<typeof oidcProviderBodySchema>;

/** platform/crypto.ts sealSecret purpose of the client secrets. */
const SECRET_PURPOSE = 'oidc client secret';

export function sealClientSecret(serverSecret: string, zoneId: string, secret: string): string {
  return sealSecret(serverSecret, SECRET_PURPOSE, zoneId, secret);
}

/** The client secret of a zone's provider, or undefined when there is none or it does not open. */
export function openClientSecret(
  serverSecret: string,
  stored: Pick<StoredProvider<'google'>, 'zoneId' | 'secretSealed'>,
): string | undefined {
  return stored.secretSealed
    ? openSecret(serverSecret, SECRET_PURPOSE, stored.zoneId, stored.secretSealed)
    : undefined;
}

function toApi(stored: StoredProvider<'google'>, slug: string, urls: Config): OidcProvider {
  const s = stored.settings;
  return {
    issuer: s.issuer,
    clientId: s.clientId,
    hasSecret: !!stored.secretSealed,
    allowedDomains: s.allowedDomains,
    provisioning: s.provisioning,
    label: oidcLabel(s.issuer),
    redirectUri: oidcRedirectUri(urls, slug),
    discoveredAt: s.discoveredAt,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a provider: its settings without the discovery document, never a secret. */
function audited(stored: StoredProvider<'google'> | undefined) {
  if (!stored) return undefined;
  const { discovery: _discovery, ...rest } = stored.settings;
  return { ...rest, hasSecret: !!stored.secretSealed };
}

/** GET /api/zones/{id}/sign-in/google: the zone's OpenID provider, or null when none is configured. */
export async function getOidcProvider(db: Db, actor: Actor, zoneId: string, urls: Config) {
  const zone = await providerZone(db, actor.caller.scope, zoneId);
  const stored = await loadProvider(db, zone.id, 'google');
  return stored ? toApi(stored, zone.slug, urls) : null;
}

/**
 * PUT /api/zones/{id}/sign-in/google: reads the issuer's discovery once (a failure is a 400 saying
 * why), seals a new secret or keeps the stored one, and answers the provider without it; audited.
 */
export async function putOidcProvider(
  db: Db,
  actor: Actor,
  zoneId: string,
  body: OidcBody,
  opts: { serverSecret: string; urls: Config },
): Promise<OidcProvider> {
  const zone = await providerZone(db, actor.caller.scope, zoneId);
  const issuer = body.issuer.replace(/\/+$/, '');
  if (new URL(issuer).protocol !== 'https:' && !isLocalIssuer(issuer)) {
    throw new HttpError(400, 'The issuer must be an https:// address', 'invalid_issuer', 'issuer');
  }
  const provisioning = await checkProvisioning(db, actor.caller, zone, body.provisioning);
  let discovery: Record<string, unknown>;
  try {
    discovery = await discoverIssuer(issuer, body.clientId);
  } catch (err) {
    throw new HttpError(
      400,
      `Could not read the OpenID configuration of ${issuer}: ${describe(err)}`,
      'discovery_failed',
      'issuer',
    );
  }
  if (typeof discovery.authorization_endpoint !== 'string' || typeof discovery.token_endpoint !== 'string') {
    throw new HttpError(
      400,
      `The OpenID configuration of ${issuer} names no authorization or token endpoint`,
      'discovery_failed',
      'issuer',
    );
  }
  const settings: OidcProviderSettings = {
    issuer,
    clientId: body.clientId,
    allowedDomains: [...new Set(body.allowedDomains)],
    provisioning,
    discovery,
    discoveredAt: new Date().toISOString(),
  };
  return db.transaction(async (tx) => {
    const before = await loadProvider(tx, zone.id, 'google');
    const sealed =
      body.clientSecret !== undefined
        ? sealClientSecret(opts.serverSecret, zone.id, body.clientSecret)
        : (before?.secretSealed ?? null);
    const stored = await saveProvider(tx, zone.id, 'google', settings, sealed);
    await writeAudit(tx, actor, {
      entity: 'signInProvider',
      entityId: `${zone.id}:google`,
      action: before ? 'update' : 'create',
      before: audited(before),
      after: { ...audited(stored), ...(body.clientSecret !== undefined ? { secretChanged: true } : {}) },
    });
    return toApi(stored, zone.slug, opts.urls);
  });
}

/**
 * GET /api/auth/config `labels`: how the login screen names the zone's OpenID provider ('Google',
 * else the issuer's host), when 'google' is one of its methods and a provider is configured.
 */
export async function signInLabels(db: Db, zone: ZoneRow): Promise<{ google?: string } | undefined> {
  if (!signInMethods(zone).includes('google')) return undefined;
  const stored = await loadProvider(db, zone.id, 'google');
  return stored ? { google: oidcLabel(stored.settings.issuer) } : undefined;
}

/** An error's message and, for a failed fetch, its cause's (ECONNREFUSED says more than 'fetch failed'). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause && !err.message.includes(cause) ? `${err.message} (${cause})` : err.message;
}
