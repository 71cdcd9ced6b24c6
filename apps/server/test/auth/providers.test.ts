import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAML_METADATA_MISSING } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, signInProviders, zones } from '../../src/db/schema';
import { openSecret } from '../../src/platform/crypto';
import { samlSettingsSchema, type SamlSettings } from '../../src/auth/saml-settings';
import { ACME_HEADERS, getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { startSamlIdp, type SamlIdp } from '../helpers/saml-idp';
import { startOidcPeer, type OidcPeer } from '../helpers/oidc-peer';

// Issue 17: the provider configuration API (GET/PUT/DELETE /api/zones/{id}/sign-in/saml|google)
// through the real app: who may use it and where, SAML metadata read (and refused with a reason an
// admin can act on), the OpenID discovery read once at saving, and the client secret sealed in the
// database and never answered.

let app: FastifyInstance;
let idp: SamlIdp;
let peer: OidcPeer;
let admin: Record<string, string>;
let demoOrgId: string;
/** A site of the demo organisation with a slug of its own: a login page of its own. */
let siteId: string;
let siteSlug: string;

const url = (zoneId: string, kind: 'saml' | 'google') => `/api/zones/${zoneId}/sign-in/${kind}`;

const samlBody = (metadataXml: string) => ({
  metadataXml,
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  provisioning: { mode: 'existing' },
});

const oidcBody = (extra: Record<string, unknown> = {}) => ({
  issuer: peer.issuer,
  clientId: peer.clientId,
  clientSecret: peer.clientSecret,
  allowedDomains: ['Demo.Example', '@hospital.org'],
  provisioning: { mode: 'existing' },
  ...extra,
});

async function put(zoneId: string, kind: 'saml' | 'google', payload: object, headers = admin) {
  return app.inject({ method: 'PUT', url: url(zoneId, kind), headers, payload });
}

beforeAll(async () => {
  app = await getTestApp();
  [idp, peer] = await Promise.all([startSamlIdp(), startOidcPeer()]);
  admin = (await signIn(app, 'admin@demo.example')).headers;
  demoOrgId = await zoneIdByName(app, 'Demo Hospital');
  siteSlug = unique('prov-');
  const site = await app.inject({
    method: 'POST',
    url: '/api/zones',
    headers: admin,
    payload: { name: unique('Provider site '), level: 'site', parent: demoOrgId, slug: siteSlug },
  });
  expect(site.statusCode).toBe(200);
  siteId = site.json().id;
});

afterAll(async () => {
  await app.db.delete(zones).where(eq(zones.id, siteId));
  await Promise.all([idp?.close(), peer?.close()]);
});

describe('who may configure sign-in, and where', () => {
  it('needs update on Zone: security and noAccess are refused (403)', async () => {
    for (const email of ['security@demo.example', 'noaccess@demo.example']) {
      const { headers } = await signIn(app, email);
      for (const kind of ['saml', 'google'] as const) {
        expect((await app.inject({ url: url(siteId, kind), headers })).statusCode).toBe(403);
        expect((await put(siteId, kind, samlBody(idp.metadata), headers)).statusCode).toBe(403);
        const del = await app.inject({ method: 'DELETE', url: url(siteId, kind), headers });
        expect(del.statusCode).toBe(403);
      }
    }
  });

  it('answers 404 for a zone of another organisation, as for an unknown one', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    expect(acme.slug).toBe(ACME_HEADERS.slug);
    for (const zoneId of [siteId, demoOrgId, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await app.inject({ url: url(zoneId, 'google'), headers: acme });
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('Zone not found');
    }
    const acmeSite = await zoneIdByName(app, 'Acme Site');
    expect((await put(acmeSite, 'saml', samlBody(idp.metadata))).statusCode).toBe(404);
  });

  it('takes an organisation or a site with its own slug, and refuses any other zone (400)', async () => {
    expect((await app.inject({ url: url(demoOrgId, 'saml'), headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ url: url(siteId, 'saml'), headers: admin })).statusCode).toBe(200);
    for (const name of ['Main Campus', 'North Tower', 'Floor 1']) {
      const res = await put(await zoneIdByName(app, name), 'saml', samlBody(idp.metadata));
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe(
        'Sign-in is configured on an organisation or on a site with its own slug',
      );
    }
  });

  it('answers null while nothing is configured', async () => {
    const res = await app.inject({ url: url(siteId, 'google'), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});

describe('SAML: the identity provider read from its metadata', () => {
  it('keeps the entity id, the redirect SSO URL and the signing certificate, and shows Vigil’s SP', async () => {
    const res = await put(siteId, 'saml', samlBody(idp.metadata));
    expect(res.statusCode).toBe(200);
    const cert = new crypto.X509Certificate(idp.certificate);
    const body = res.json();
    expect(body).toMatchObject({
      idp: {
        entityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificates: [
          { fingerprintSha256: cert.fingerprint256, notAfter: new Date(cert.validTo).toISOString() },
        ],
      },
      emailAttribute: 'mail',
      nameAttribute: 'cn',
      provisioning: { mode: 'existing' },
    });
    expect(body.idp.certificates[0].subject).toContain('Vigil test SAML IdP');
    expect(body.sp.entityId).toMatch(new RegExp(`/auth/saml/${siteSlug}/metadata$`));
    expect(body.sp.acsUrl).toMatch(new RegExp(`/auth/saml/${siteSlug}/acs$`));
    expect(body.sp.metadataUrl).toMatch(new RegExp(`/api/auth/saml/${siteSlug}/metadata$`));
    expect(body.sp.certificate).toContain('BEGIN CERTIFICATE');

    // What the SAML sign-in reads: the certificate itself, beside what the API shows of it.
    const [row] = await app.db
      .select()
      .from(signInProviders)
      .where(and(eq(signInProviders.zoneId, siteId), eq(signInProviders.kind, 'saml')));
    // What the SAML sign-in reads back (saml-settings.ts) is what was written.
    expect(samlSettingsSchema.safeParse(row!.settings).success).toBe(true);
    const settings = row!.settings as SamlSettings;
    expect(new crypto.X509Certificate(settings.idp.certificates[0]!.pem).fingerprint256).toBe(
      cert.fingerprint256,
    );
    const got = await app.inject({ url: url(siteId, 'saml'), headers: admin });
    expect(got.json()).toEqual(body);

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'signInProvider'), eq(auditLog.entityId, `${siteId}:saml`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actor: expect.any(String), orgId: demoOrgId });
    expect(JSON.stringify(audit!.after)).not.toContain('BEGIN CERTIFICATE');
  });

  it('keeps the IdP it read when a save leaves the metadata out; a first save needs it (400)', async () => {
    const mapping = {
      emailAttribute: 'email',
      nameAttribute: 'displayName',
      provisioning: { mode: 'existing' },
    };
    const kept = await put(siteId, 'saml', mapping);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      idp: { entityId: idp.entityId, ssoUrl: idp.ssoUrl },
      emailAttribute: 'email',
      nameAttribute: 'displayName',
    });

    // A site without a provider yet: there is nothing to keep, and nothing is saved.
    const other = await app.inject({
      method: 'POST',
      url: '/api/zones',
      headers: admin,
      payload: { name: unique('Provider site '), level: 'site', parent: demoOrgId, slug: unique('prov-') },
    });
    expect(other.statusCode).toBe(200);
    const otherId = other.json().id as string;
    try {
      const refused = await put(otherId, 'saml', mapping);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ reason: SAML_METADATA_MISSING, field: 'metadataXml' });
      expect((await app.inject({ url: url(otherId, 'saml'), headers: admin })).json()).toBeNull();
    } finally {
      await app.db.delete(zones).where(eq(zones.id, otherId));
    }
  });

  it('reads prefixed metadata inside an EntitiesDescriptor, and a key without `use`', async () => {
    const body = idp.certificate.replace(/-----[^-]+-----|\s/g, '');
    const xml = `<?xml version="1.0"?>
      <md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">
        <md:EntityDescriptor entityID="https://idp.hospital.org/saml">
          <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
            <md:KeyDescriptor use="encryption"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
              <ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
            </md:KeyDescriptor>
            <md:KeyDescriptor><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
              <ds:X509Data><ds:X509Certificate>
                ${body.match(/.{1,64}/g)!.join('\n')}
              </ds:X509Certificate></ds:X509Data></ds:KeyInfo>
            </md:KeyDescriptor>
            <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"
              Location="https://idp.hospital.org/post"/>
            <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
              Location="https://idp.hospital.org/sso?a=1&amp;b=2"/>
          </md:IDPSSODescriptor>
        </md:EntityDescriptor>
      </md:EntitiesDescriptor>`;
    const res = await put(siteId, 'saml', samlBody(xml));
    expect(res.statusCode).toBe(200);
    expect(res.json().idp).toMatchObject({
      entityId: 'https://idp.hospital.org/saml',
      ssoUrl: 'https://idp.hospital.org/sso?a=1&b=2',
      certificates: [{ fingerprintSha256: new crypto.X509Certificate(idp.certificate).fingerprint256 }],
    });
  });

  it.each([
    ['not XML at all', () => 'hello', /^The metadata is not valid XML/],
    ['broken XML', () => idp.metadata.slice(0, -20), /^The metadata is not valid XML \(line \d+: .+\)$/],
    [
      'a DOCTYPE (entity expansion)',
      () => `<!DOCTYPE x [<!ENTITY a "aaaa">]>${idp.metadata}`,
      /^The metadata must not contain a DOCTYPE$/,
    ],
    ['other XML', () => '<rss><channel/></rss>', /no EntityDescriptor/],
    [
      'a service provider’s metadata',
      () => idp.metadata.replace(/IDPSSODescriptor/g, 'SPSSODescriptor'),
      /describes no identity provider/,
    ],
    [
      'no HTTP-Redirect SSO URL',
      () => idp.metadata.replace(/bindings:HTTP-Redirect/g, 'bindings:HTTP-Artifact'),
      /no single sign-on URL with the HTTP-Redirect binding/,
    ],
    [
      'no signing certificate',
      () => idp.metadata.replace(/<KeyDescriptor[\s\S]*?<\/KeyDescriptor>/g, ''),
      /no signing certificate/,
    ],
    [
      'a certificate that is not one',
      () => idp.metadata.replace(/<ds:X509Certificate>[^<]+</, '<ds:X509Certificate>bm90IGEgY2VydA==<'),
      /not a readable X\.509 certificate/,
    ],
  ])('refuses %s with 400 and a reason', async (_what, xml, reason) => {
    const res = await put(siteId, 'saml', samlBody(xml()));
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(reason);
    // The provider saved before stays as it was.
    expect((await app.inject({ url: url(siteId, 'saml'), headers: admin })).json().idp.entityId).toBe(
      'https://idp.hospital.org/saml',
    );
  });

  it('refuses an empty metadata and a body with unknown fields (400)', async () => {
    expect((await put(siteId, 'saml', samlBody(''))).statusCode).toBe(400);
    expect((await put(siteId, 'saml', { ...samlBody(idp.metadata), extra: 1 })).statusCode).toBe(400);
  });
});

describe('provisioning: a role the admin may give, zones of the sign-in zone', () => {
  const create = (role: string, location: string[] = []) => ({ mode: 'create', role, location });

  it('takes a role and zones of the site', async () => {
    const floor = await zoneIdByName(app, 'Floor 1');
    const res = await put(siteId, 'saml', { ...samlBody(idp.metadata), provisioning: create('security') });
    expect(res.statusCode).toBe(200);
    expect(res.json().provisioning).toEqual({ mode: 'create', role: 'security', location: [] });
    // The organisation's zones are the organisation provider's to place people in.
    const orgWide = await put(demoOrgId, 'saml', {
      ...samlBody(idp.metadata),
      provisioning: create('security', [floor]),
    });
    expect(orgWide.statusCode).toBe(200);
    expect(orgWide.json().provisioning.location).toEqual([floor]);
    await app.db
      .delete(signInProviders)
      .where(and(eq(signInProviders.zoneId, demoOrgId), eq(signInProviders.kind, 'saml')));
  });

  it('refuses an unknown role (400), one the admin may not assign (403), zones elsewhere (400)', async () => {
    const unknown = await put(siteId, 'saml', { ...samlBody(idp.metadata), provisioning: create('nobody') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().reason).toBe('Unknown role nobody');
    const above = await put(siteId, 'saml', {
      ...samlBody(idp.metadata),
      provisioning: create('superAdmin'),
    });
    expect(above.statusCode).toBe(403);
    for (const zone of [await zoneIdByName(app, 'Floor 1'), await zoneIdByName(app, 'Acme Site')]) {
      const res = await put(siteId, 'saml', {
        ...samlBody(idp.metadata),
        provisioning: create('security', [zone]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toMatch(/^The location must be zones of /);
    }
  });
});

describe('OpenID: discovery read once, the secret sealed and never answered', () => {
  it('saves the provider: discovery kept, label and redirect URI shown, no secret answered', async () => {
    const res = await put(siteId, 'google', oidcBody());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      issuer: peer.issuer,
      clientId: peer.clientId,
      hasSecret: true,
      allowedDomains: ['demo.example', 'hospital.org'],
      provisioning: { mode: 'existing' },
      label: `127.0.0.1:${peer.port}`,
      redirectUri: expect.stringMatching(new RegExp(`^http://.+/auth/google/${siteSlug}/callback$`)),
      discoveredAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain(peer.clientSecret);
    const got = await app.inject({ url: url(siteId, 'google'), headers: admin });
    expect(got.json()).toEqual(body);
    expect(got.body).not.toContain(peer.clientSecret);

    const [row] = await app.db
      .select()
      .from(signInProviders)
      .where(and(eq(signInProviders.zoneId, siteId), eq(signInProviders.kind, 'google')));
    const settings = row!.settings as { discovery: Record<string, unknown> };
    expect(settings.discovery).toMatchObject({
      issuer: peer.issuer,
      authorization_endpoint: expect.stringContaining(peer.issuer),
      token_endpoint: expect.stringContaining(peer.issuer),
      jwks_uri: expect.stringContaining(peer.issuer),
    });
    expect(JSON.stringify(row)).not.toContain(peer.clientSecret);
  });

  it('seals the secret for its zone: it opens with the server secret there, nowhere else', async () => {
    const [row] = await app.db
      .select()
      .from(signInProviders)
      .where(and(eq(signInProviders.zoneId, siteId), eq(signInProviders.kind, 'google')));
    const sealed = row!.secretSealed!;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(peer.clientSecret);
    expect(openSecret(app.tokenSecret, 'oidc client secret', siteId, sealed)).toBe(peer.clientSecret);
    expect(openSecret(app.tokenSecret, 'oidc client secret', demoOrgId, sealed)).toBeUndefined();
    expect(openSecret('another server', 'oidc client secret', siteId, sealed)).toBeUndefined();
  });

  it('keeps the stored secret when a save leaves it out, and replaces it when given', async () => {
    const before = await sealedSecret();
    const { clientSecret: _omitted, ...withoutSecret } = oidcBody({ allowedDomains: ['demo.example'] });
    const kept = await put(siteId, 'google', withoutSecret);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ hasSecret: true, allowedDomains: ['demo.example'] });
    expect(await sealedSecret()).toBe(before);

    const changed = await put(siteId, 'google', oidcBody({ clientSecret: 'a-new-secret' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('a-new-secret');
    expect(openSecret(app.tokenSecret, 'oidc client secret', siteId, await sealedSecret())).toBe(
      'a-new-secret',
    );
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'signInProvider'), eq(auditLog.entityId, `${siteId}:google`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.after).toMatchObject({ hasSecret: true, secretChanged: true });
    expect(JSON.stringify(audit)).not.toContain('a-new-secret');
    await put(siteId, 'google', oidcBody());
  });

  it('refuses with 400 when discovery fails: nothing listening, not found, another issuer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // Answers 404 to everything, or a discovery document naming another issuer.
    const liar = http.createServer((req, res) => {
      if (req.url === '/other/.well-known/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ issuer: 'https://accounts.example.com', authorization_endpoint: 'x' }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const liarUrl = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
    try {
      for (const issuer of [`http://127.0.0.1:${closedPort}`, liarUrl, `${liarUrl}/other`]) {
        const res = await put(siteId, 'google', oidcBody({ issuer }));
        expect(res.statusCode).toBe(400);
        expect(res.json().reason).toMatch(
          new RegExp(`^Could not read the OpenID configuration of ${issuer.replace(/[.:/]/g, '\\$&')}: .+`),
        );
      }
    } finally {
      await new Promise<void>((resolve) => liar.close(() => resolve()));
    }
    // The provider saved before stays.
    expect((await app.inject({ url: url(siteId, 'google'), headers: admin })).json().issuer).toBe(
      peer.issuer,
    );
  });

  it('refuses a plain-http issuer that is not this machine (400), without fetching it', async () => {
    const res = await put(siteId, 'google', oidcBody({ issuer: 'http://idp.hospital.org' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('The issuer must be an https:// address');
  });

  it('refuses bad fields with 400: no domain, a bad domain, an unknown field', async () => {
    for (const extra of [
      { allowedDomains: [] },
      { allowedDomains: ['not a domain'] },
      { clientId: ' ' },
      { issuer: 'ftp://idp.example' },
      { secret: 'x' },
    ]) {
      expect((await put(siteId, 'google', oidcBody(extra))).statusCode).toBe(400);
    }
  });
});

describe('GET /api/auth/config labels, and removing a provider', () => {
  it('names the OpenID provider by its issuer’s host when Google sign-in is enabled', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    const acmeId = await zoneIdByName(app, 'Acme Clinic');
    try {
      expect((await put(acmeId, 'google', oidcBody(), acme)).statusCode).toBe(200);
      let config = (await app.inject({ url: '/api/auth/config?authSlug=acme' })).json();
      // Configured but not one of the methods: nothing to label.
      expect(config.labels).toBeUndefined();
      const enable = await app.inject({
        method: 'PUT',
        url: `/api/zones/${acmeId}`,
        headers: acme,
        payload: { auth: { methods: ['google', 'password', 'key'] } },
      });
      expect(enable.statusCode).toBe(200);
      config = (await app.inject({ url: '/api/auth/config?authSlug=acme' })).json();
      expect(config).toMatchObject({
        methods: ['google', 'password', 'key'],
        labels: { google: `127.0.0.1:${peer.port}` },
      });
      expect(JSON.stringify(config)).not.toContain(peer.clientSecret);

      // Not while the zone's methods name it.
      const refused = await app.inject({ method: 'DELETE', url: url(acmeId, 'google'), headers: acme });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().reason).toBe(
        "Google is one of Acme Clinic's sign-in methods: remove it from them first",
      );
    } finally {
      await app.inject({
        method: 'PUT',
        url: `/api/zones/${acmeId}`,
        headers: acme,
        payload: { auth: { methods: ['password', 'key'] } },
      });
    }
    const removed = await app.inject({ method: 'DELETE', url: url(acmeId, 'google'), headers: acme });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ url: url(acmeId, 'google'), headers: acme })).json()).toBeNull();
    const again = await app.inject({ method: 'DELETE', url: url(acmeId, 'google'), headers: acme });
    expect(again.statusCode).toBe(404);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'signInProvider'), eq(auditLog.entityId, `${acmeId}:google`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'delete', after: null });
  });

  it('removes the site’s SAML and OpenID providers', async () => {
    for (const kind of ['saml', 'google'] as const) {
      expect(
        (await app.inject({ method: 'DELETE', url: url(siteId, kind), headers: admin })).statusCode,
      ).toBe(204);
    }
    const rows = await app.db.select().from(signInProviders).where(eq(signInProviders.zoneId, siteId));
    expect(rows).toEqual([]);
  });
});

async function sealedSecret(): Promise<string> {
  const [row] = await app.db
    .select({ sealed: signInProviders.secretSealed })
    .from(signInProviders)
    .where(and(eq(signInProviders.zoneId, siteId), eq(signInProviders.kind, 'google')));
  return row!.sealed!;
}
