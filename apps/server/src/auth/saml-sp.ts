import { eq } from 'drizzle-orm';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import type { Db } from '../platform/db/client';
import { publicBase, type Config } from '../platform/config';
import { settings } from '../db/schema';
import { selfSignedCertificate } from './saml-certificate';

// Vigil as a SAML service provider (issue 17): its URLs for an organisation's slug, the key pair it
// signs its AuthnRequests with, and the metadata the hospital's IT imports into their IdP.

export type SpKey = { privateKey: string; certificate: string };

const SP_KEY_SETTING = 'saml_sp_key';

/**
 * The SP key and certificate, made once and shared by every instance through the settings table (as
 * the token secret is): the first instance's insert wins, every other reads that one.
 */
export async function loadSpKey(db: Db): Promise<SpKey> {
  const [found] = await db.select().from(settings).where(eq(settings.key, SP_KEY_SETTING));
  if (found) return found.value as SpKey;
  const made = selfSignedCertificate('Vigil SAML service provider');
  await db.insert(settings).values({ key: SP_KEY_SETTING, value: made }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SP_KEY_SETTING));
  return row!.value as SpKey;
}

export type SpEndpoints = { entityId: string; acsUrl: string; metadataUrl: string };

/**
 * Vigil's SP identity for one slug. The entity id is also a URL that answers the metadata (the
 * /auth route mirrors /api/auth/…/metadata), as IdPs that fetch an entity id expect.
 */
export function spEndpoints(config: Config, slug: string): SpEndpoints {
  const base = `${publicBase(config)}/auth/saml/${encodeURIComponent(slug)}`;
  return {
    entityId: `${base}/metadata`,
    acsUrl: `${base}/acs`,
    metadataUrl: `${publicBase(config)}/api/auth/saml/${encodeURIComponent(slug)}/metadata`,
  };
}

/** What the provider API shows of Vigil's side (domain samlProviderSchema `sp`). */
export async function samlServiceProvider(
  db: Db,
  config: Config,
  slug: string,
): Promise<SpEndpoints & { certificate: string }> {
  const key = await loadSpKey(db);
  return { ...spEndpoints(config, slug), certificate: key.certificate };
}

/** The SP metadata XML: entity id, the HTTP-POST assertion consumer, signed assertions wanted. */
export function spMetadataXml(endpoints: SpEndpoints, key: SpKey): string {
  return generateServiceProviderMetadata({
    issuer: endpoints.entityId,
    callbackUrl: endpoints.acsUrl,
    privateKey: key.privateKey,
    publicCerts: key.certificate,
    signatureAlgorithm: 'sha256',
    wantAssertionsSigned: true,
    // The IdP picks the NameID format; the e-mail comes from the configured attribute (saml-signin.ts).
    identifierFormat: null,
  });
}
