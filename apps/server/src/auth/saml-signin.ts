import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { SSO_REQUEST_TTL_MS } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Config } from '../platform/config';
import type { ZoneRow } from '../platform/caller';
import { samlAssertions, signInRequests } from '../db/schema';
import { randomSecret } from '../platform/crypto';
import { loadSpKey, spEndpoints, type SpEndpoints, type SpKey } from './saml-sp';
import type { SamlSettings } from './saml-settings';
import { finishSignIn, safeAfter, type SsoContext } from './sso-finish';

// A SAML 2.0 sign-in (issue 17), Vigil as the service provider on @node-saml/node-saml: an
// AuthnRequest over HTTP-Redirect whose state is a sign_in_requests row keyed by RelayState (the
// IdP's POST back is cross-site: no cookie comes with it), and the IdP's HTTP-POST response checked
// against that row, used once. node-saml verifies the signature and builds the profile from the
// signed bytes only (one assertion, signed by a configured certificate), the time window, the
// audience and InResponseTo; it does not check the Destination, the Recipient nor the Issuer, so
// this file does, and keeps each accepted assertion id so none is accepted twice.

/** Clocks of the IdP and Vigil may disagree this much on NotBefore / NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;

/** A response Vigil refuses: `reason` goes to the audit log, the browser only learns authError=1. */
export class SamlRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

type ConstructorArg = ConstructorParameters<typeof SAML>[0];

/** node-saml as Vigil uses it for one organisation's IdP. */
function samlClient(sp: SpEndpoints, key: SpKey, settings: SamlSettings, extra: Partial<ConstructorArg>) {
  return new SAML({
    entryPoint: settings.idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: settings.idp.certificates.map((c) => c.pem),
    privateKey: key.privateKey,
    signatureAlgorithm: 'sha256',
    // The assertion itself must be signed: a signed response around an unsigned assertion is refused.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_REQUEST_TTL_MS,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // The IdP chooses the NameID format and how the person authenticates (MFA, passwordless): a
    // requested format or context that the IdP's app is not set up for makes Entra ID refuse.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    ...extra,
  });
}
/**
 * GET /auth/saml/{slug}: a new sign-in under way (RelayState = its state, the AuthnRequest's ID kept
 * for InResponseTo) and the IdP address the browser goes to, the request signed with Vigil's key.
 */
export async function startSamlSignIn(
  db: Db,
  config: Config,
  input: { zone: ZoneRow; slug: string; settings: SamlSettings; after?: string },
): Promise<string> {
  const now = new Date();
  // Housekeeping on the way: sign-ins abandoned at the IdP, assertions past any use.
  await db.delete(signInRequests).where(lt(signInRequests.expiresAt, now));
  await db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, now));

  const state = randomSecret(32);
  const requestId = `_${crypto.randomBytes(20).toString('hex')}`;
  await db.insert(signInRequests).values({
    state,
    zoneId: input.zone.id,
    kind: 'saml',
    requestId,
    after: safeAfter(input.after) ?? null,
    expiresAt: new Date(now.getTime() + SSO_REQUEST_TTL_MS),
  });
  const noCache: CacheProvider = {
    saveAsync: () => Promise.resolve(null),
    getAsync: () => Promise.resolve(null),
    removeAsync: () => Promise.resolve(null),
  };
  const saml = samlClient(spEndpoints(config, input.slug), await loadSpKey(db), input.settings, {
    generateUniqueId: () => requestId,
    cacheProvider: noCache,
  });
  return saml.getAuthorizeUrlAsync(state, undefined, {});
}

type SignInRequestRow = typeof signInRequests.$inferSelect;

/**
 * POST /auth/saml/{slug}/acs after takeSignInRequest: verifies the response for that sign-in and signs
 * the person in (sso-finish.ts). Throws SamlRefusal for a response Vigil does not accept.
 */
export async function acceptSamlResponse(
  db: Db,
  config: Config,
  ctx: SsoContext,
  input: {
    zone: ZoneRow;
    slug: string;
    settings: SamlSettings;
    request: SignInRequestRow;
    samlResponse: string;
  },
): Promise<string> {
  const { zone, settings, request } = input;
  const sp = spEndpoints(config, input.slug);
  // InResponseTo must name this sign-in's AuthnRequest, and no other request Vigil ever made.
  const thisRequestOnly: CacheProvider = {
    saveAsync: () => Promise.resolve(null),
    getAsync: (key) =>
      Promise.resolve(
        request.requestId && key === request.requestId ? request.createdAt.toISOString() : null,
      ),
    removeAsync: () => Promise.resolve(null),
  };
  const saml = samlClient(sp, await loadSpKey(db), settings, { cacheProvider: thisRequestOnly });
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: input.samlResponse }));
  } catch (err) {
    throw new SamlRefusal('response', err instanceof Error ? err.message : String(err));
  }
  if (!profile) throw new SamlRefusal('response', 'No assertion in the response');

  checkDestination(input.samlResponse, sp.acsUrl);
  const assertion = signedAssertion(profile);
  if (profile.issuer !== settings.idp.entityId) {
    throw new SamlRefusal('issuer', `Assertion issued by ${profile.issuer ?? 'nobody'}`);
  }
  checkRecipient(assertion, sp.acsUrl);

  const id = assertion.$?.ID;
  if (!id) throw new SamlRefusal('response', 'The assertion has no ID');
  const [kept] = await db
    .insert(samlAssertions)
    .values({ zoneId: zone.id, assertionId: id, expiresAt: keepUntil(assertion) })
    .onConflictDoNothing()
    .returning({ id: samlAssertions.assertionId });
  if (!kept) throw new SamlRefusal('replay', `Assertion ${id} was already accepted`);

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = firstText(attributes[settings.emailAttribute]) ?? profile.nameID;
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    throw new SamlRefusal('email', `No e-mail in attribute ${settings.emailAttribute} nor in NameID`);
  }
  const name = firstText(attributes[settings.nameAttribute]) ?? '';
  return finishSignIn(db, ctx, {
    zone,
    method: 'saml',
    email,
    name,
    provisioning: settings.provisioning,
    after: request.after,
  });
}

/** The xml2js shape node-saml parses the signed assertion into (namespace prefixes stripped). */
type XmlNode = { $?: Record<string, string | undefined>; _?: string } & {
  [child: string]: XmlNode[] | unknown;
};

function signedAssertion(profile: Profile): XmlNode {
  const parsed = profile.getAssertion?.() as { Assertion?: XmlNode } | undefined;
  if (!parsed?.Assertion) throw new SamlRefusal('response', 'No signed assertion');
  return parsed.Assertion;
}

const children = (node: XmlNode | undefined, name: string): XmlNode[] =>
  (node?.[name] as XmlNode[] | undefined) ?? [];

/**
 * SAML core §3.2.2: a response's Destination, when present, must be where it arrived. The response
 * element is outside the signed assertion, so this guards a misdirected response, not a forged one.
 */
function checkDestination(samlResponse: string, acsUrl: string): void {
  const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, processEntities: false });
  const doc = parser.parse(Buffer.from(samlResponse, 'base64').toString('utf8')) as {
    Response?: Record<string, unknown>;
  };
  const destination = doc.Response?.['@_Destination'];
  if (destination !== undefined && destination !== acsUrl) {
    throw new SamlRefusal('destination', `Response sent to ${String(destination)}`);
  }
}

/** SAML profiles §4.1.4.3: every bearer confirmation of the signed assertion names this ACS. */
function checkRecipient(assertion: XmlNode, acsUrl: string): void {
  const data = children(assertion, 'Subject').flatMap((s) =>
    children(s, 'SubjectConfirmation').flatMap((c) => children(c, 'SubjectConfirmationData')),
  );
  if (data.length === 0 || data.some((d) => d.$?.Recipient !== acsUrl)) {
    throw new SamlRefusal('recipient', `Assertion meant for ${data.map((d) => d.$?.Recipient).join(', ')}`);
  }
}

/** An accepted assertion id is kept while the assertion could still be presented (plus the skew). */
function keepUntil(assertion: XmlNode): Date {
  const times = [
    ...children(assertion, 'Conditions').map((c) => c.$?.NotOnOrAfter),
    ...children(assertion, 'Subject').flatMap((s) =>
      children(s, 'SubjectConfirmation').flatMap((c) =>
        children(c, 'SubjectConfirmationData').map((d) => d.$?.NotOnOrAfter),
      ),
    ),
  ]
    .map((t) => (t ? Date.parse(t) : NaN))
    .filter((t) => Number.isFinite(t));
  // Without a NotOnOrAfter the InResponseTo window still bounds it.
  const latest = Math.max(Date.now() + SSO_REQUEST_TTL_MS, ...times);
  return new Date(latest + SAML_CLOCK_SKEW_MS);
}

function firstText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}
