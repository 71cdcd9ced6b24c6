import { and, eq } from 'drizzle-orm';
import type { Provisioning } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { signInProviders } from '../db/schema';
import type { SamlSettings } from './saml-settings';

// Issue 17: the stored form of a zone's identity providers (tables.ts sign_in_providers). The
// provider API writes it; the sign-in flows (SAML, OpenID) read it. `settings` is this file's
// types, nothing else: one place says what is kept.

export type ProviderKind = 'saml' | 'google';

/** SAML: the IdP as its metadata said when saved, and the mapping (saml-settings.ts, what the flow reads). */
export type SamlProviderSettings = SamlSettings;

/** OpenID: the client, the allowed e-mail domains, and the issuer's discovery document kept when saved. */
export type OidcProviderSettings = {
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  provisioning: Provisioning;
  /** The issuer's /.well-known/openid-configuration, as fetched when the provider was saved. */
  discovery: Record<string, unknown>;
  discoveredAt: string;
};

type SettingsOf<K extends ProviderKind> = K extends 'saml' ? SamlProviderSettings : OidcProviderSettings;

export type StoredProvider<K extends ProviderKind> = {
  zoneId: string;
  kind: K;
  settings: SettingsOf<K>;
  /** OpenID only: the client secret, sealed (platform/crypto.ts sealSecret, owner = the zone id). */
  secretSealed: string | null;
  updatedAt: Date;
};

/** A zone's provider of one kind, or undefined when none is configured. */
export async function loadProvider<K extends ProviderKind>(
  db: Db | Tx,
  zoneId: string,
  kind: K,
): Promise<StoredProvider<K> | undefined> {
  const [row] = await db
    .select()
    .from(signInProviders)
    .where(and(eq(signInProviders.zoneId, zoneId), eq(signInProviders.kind, kind)))
    .limit(1);
  if (!row) return undefined;
  return {
    zoneId: row.zoneId,
    kind,
    settings: row.settings as SettingsOf<K>,
    secretSealed: row.secretSealed,
    updatedAt: row.updatedAt,
  };
}

/** Creates or replaces a zone's provider of one kind; answers the stored row. */
export async function saveProvider<K extends ProviderKind>(
  tx: Db | Tx,
  zoneId: string,
  kind: K,
  settings: SettingsOf<K>,
  secretSealed: string | null,
): Promise<StoredProvider<K>> {
  const now = new Date();
  const [row] = await tx
    .insert(signInProviders)
    .values({ zoneId, kind, settings, secretSealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [signInProviders.zoneId, signInProviders.kind],
      set: { settings, secretSealed, updatedAt: now },
    })
    .returning();
  return { zoneId, kind, settings, secretSealed, updatedAt: row!.updatedAt };
}

/** Removes a zone's provider of one kind; answers whether there was one. */
export async function removeProvider(tx: Db | Tx, zoneId: string, kind: ProviderKind): Promise<boolean> {
  const rows = await tx
    .delete(signInProviders)
    .where(and(eq(signInProviders.zoneId, zoneId), eq(signInProviders.kind, kind)))
    .returning({ zoneId: signInProviders.zoneId });
  return rows.length > 0;
}
