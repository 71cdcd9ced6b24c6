import crypto from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SAML_METADATA_MISSING, type SamlProvider, type samlProviderBodySchema } from '@vigil/domain';
import type { z } from 'zod';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import type { Config } from '../platform/config';
import { writeAudit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import { loadProvider, saveProvider, type SamlProviderSettings, type StoredProvider } from './provider-store';
import { checkProvisioning, providerZone } from './provider-zone';
import { samlServiceProvider } from './saml-sp';

// Issue 17: an organisation's SAML identity provider, configured from the IdP's metadata XML
// (uploaded or pasted). The metadata is read once, here: its entity id, the HTTP-Redirect single
// sign-on URL and the signing certificates are kept, nothing is fetched at run time. The XML is
// only read for those values; signatures are never checked here (the SAML flow's library does that
// with the certificates kept).

type SamlBody = z.output<typeof samlProviderBodySchema>;

const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const ARRAYS = new Set([
  'EntityDescriptor',
  'IDPSSODescriptor',
  'SingleSignOnService',
  'KeyDescriptor',
  'X509Data',
  'X509Certificate',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // md:, ds: or none: metadata from different IdPs spells the same elements with other prefixes.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;
const invalid = (reason: string) => new HttpError(400, reason, 'invalid_metadata', 'metadataXml');

/** What the IdP's metadata says, or a 400 whose reason tells the admin what is wrong with it. */
export function parseIdpMetadata(xml: string): SamlProviderSettings['idp'] {
  // Metadata never needs a DTD; refusing one keeps entity expansion (XXE, billion laughs) out.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw invalid('The metadata must not contain a DOCTYPE');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw invalid(`The metadata is not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const doc = parser.parse(xml) as Node;
  const entities = [
    ...asNodes(doc.EntityDescriptor),
    ...asNodes((doc.EntitiesDescriptor as Node | undefined)?.EntityDescriptor),
  ];
  if (entities.length === 0) throw invalid('The metadata has no EntityDescriptor: is it SAML 2.0 metadata?');
  const idps = entities.filter((e) => asNodes(e.IDPSSODescriptor).length > 0);
  if (idps.length === 0) {
    throw invalid('The metadata describes no identity provider (no IDPSSODescriptor): is it the SP’s?');
  }
  if (idps.length > 1) {
    throw invalid(`The metadata describes ${idps.length} identity providers: upload the one of yours`);
  }
  const entity = idps[0]!;
  const entityId = attr(entity, 'entityID');
  if (!entityId) throw invalid('The metadata’s EntityDescriptor has no entityID');

  const descriptors = asNodes(entity.IDPSSODescriptor).filter((d) => {
    const protocols = attr(d, 'protocolSupportEnumeration');
    return !protocols || protocols.split(/\s+/).includes(SAML2_PROTOCOL);
  });
  if (descriptors.length === 0) throw invalid('The identity provider does not support SAML 2.0');
  const services = descriptors.flatMap((d) => asNodes(d.SingleSignOnService));
  const ssoUrl = services.find((s) => attr(s, 'Binding') === REDIRECT_BINDING)?.['@_Location'];
  if (typeof ssoUrl !== 'string' || !ssoUrl.trim()) {
    throw invalid('The metadata names no single sign-on URL with the HTTP-Redirect binding');
  }
  if (!isHttpUrl(ssoUrl.trim())) throw invalid(`The single sign-on URL is not an http(s) address: ${ssoUrl}`);

  const certificates = new Map<string, SamlProviderSettings['idp']['certificates'][number]>();
  for (const key of descriptors.flatMap((d) => asNodes(d.KeyDescriptor))) {
    // A key without `use` serves both signing and encryption (SAML metadata §2.4.1.1).
    const use = attr(key, 'use');
    if (use && use !== 'signing') continue;
    const data = asNodes((key.KeyInfo as Node | undefined)?.X509Data);
    for (const cert of data.flatMap((d) => (Array.isArray(d.X509Certificate) ? d.X509Certificate : []))) {
      const pem = toPem(text(cert));
      certificates.set(pem, { ...certificateInfo(pem), pem });
    }
  }
  if (certificates.size === 0) throw invalid('The metadata has no signing certificate (KeyDescriptor)');
  return { entityId, ssoUrl: ssoUrl.trim(), certificates: [...certificates.values()] };
}

/** A certificate of the metadata, PEM, after checking that it reads as an X.509 certificate. */
function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  try {
    new crypto.X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw invalid('A signing certificate of the metadata is not a readable X.509 certificate');
  }
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** What the console shows of a certificate: who it names, its fingerprint, when it stops working. */
export function certificateInfo(pem: string): SamlProvider['idp']['certificates'][number] {
  const cert = new crypto.X509Certificate(pem);
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    fingerprintSha256: cert.fingerprint256,
    notAfter: new Date(cert.validTo).toISOString(),
  };
}

function asNodes(value: unknown): Node[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is Node => typeof v === 'object' && v !== null);
}

function attr(node: Node, name: string): string | undefined {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string') {
    return (value as Node)['#text'] as string;
  }
  return '';
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Vigil's own side for the hospital's IT: the SP's addresses and its certificate (saml-sp.ts). */
type SpSide = Awaited<ReturnType<typeof samlServiceProvider>>;

function toApi(stored: StoredProvider<'saml'>, sp: SpSide): SamlProvider {
  const { idp, emailAttribute, nameAttribute, provisioning } = stored.settings;
  return {
    idp: {
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificates: idp.certificates.map(({ pem: _pem, ...info }) => info),
    },
    emailAttribute,
    nameAttribute,
    provisioning,
    sp,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/** GET /api/zones/{id}/sign-in/saml: the zone's SAML provider, or null when none is configured. */
export async function getSamlProvider(db: Db, config: Config, actor: Actor, zoneId: string) {
  const zone = await providerZone(db, actor.caller.scope, zoneId);
  const stored = await loadProvider(db, zone.id, 'saml');
  return stored ? toApi(stored, await samlServiceProvider(db, config, zone.slug)) : null;
}

/**
 * PUT /api/zones/{id}/sign-in/saml: reads the metadata and keeps what the sign-in needs; audited.
 * Without metadata the IdP read before is kept (the mapping or provisioning changes alone).
 */
export async function putSamlProvider(
  db: Db,
  config: Config,
  actor: Actor,
  zoneId: string,
  body: SamlBody,
): Promise<SamlProvider> {
  const zone = await providerZone(db, actor.caller.scope, zoneId);
  const read = body.metadataXml === undefined ? undefined : parseIdpMetadata(body.metadataXml);
  const mapping = {
    emailAttribute: body.emailAttribute,
    nameAttribute: body.nameAttribute,
    provisioning: await checkProvisioning(db, actor.caller, zone, body.provisioning),
  };
  const sp = await samlServiceProvider(db, config, zone.slug);
  return db.transaction(async (tx) => {
    const before = await loadProvider(tx, zone.id, 'saml');
    const idp = read ?? before?.settings.idp;
    if (!idp) throw invalid(SAML_METADATA_MISSING);
    const stored = await saveProvider(tx, zone.id, 'saml', { idp, ...mapping }, null);
    await writeAudit(tx, actor, {
      entity: 'signInProvider',
      entityId: `${zone.id}:saml`,
      action: before ? 'update' : 'create',
      before: before && audited(before.settings),
      after: audited(stored.settings),
    });
    return toApi(stored, sp);
  });
}

/** What the audit log keeps of a SAML provider: the certificates by fingerprint, not their PEM. */
function audited(settings: SamlProviderSettings) {
  const certificates = settings.idp.certificates.map(({ pem: _pem, ...info }) => info);
  return { ...settings, idp: { ...settings.idp, certificates } };
}
