import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Provisioning } from '@vigil/domain';
import { auditLog, signInProviders, signInRequests, users, zones } from '../../src/db/schema';
import { orgBySlugCache } from '../../src/platform/organisations';
import type { SamlSettings } from '../../src/auth/saml-settings';
import { DEMO_HEADERS, getTestApp, unique } from '../helpers/app';
import { startSamlIdp, type SamlIdp, type SamlResponseOverrides, type SamlUser } from '../helpers/saml-idp';

// Issue 17, SAML 2.0 sign-in through the real app, against a local IdP (samlify, test/helpers/
// saml-idp.ts) on 127.0.0.1: the whole round trip, then one forged or mistaken response per check
// the SP makes, each otherwise an honest response for a sign-in Vigil started.

let app: FastifyInstance;
let idp: SamlIdp;
const savedAuth = new Map<string, Record<string, unknown>>();

async function zoneBySlug(slug: string) {
  const [zone] = await app.db.select().from(zones).where(eq(zones.slug, slug));
  if (!zone) throw new Error(`no zone ${slug}`);
  return zone;
}

/** The provider row as the provider API writes it (saml-settings.ts), SAML first in the methods. */
async function configure(slug: string, provisioning: Provisioning = { mode: 'existing' }): Promise<void> {
  const zone = await zoneBySlug(slug);
  if (!savedAuth.has(slug)) savedAuth.set(slug, zone.auth);
  const cert = new crypto.X509Certificate(idp.certificate);
  const settings: SamlSettings = {
    idp: {
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificates: [
        {
          subject: cert.subject,
          fingerprintSha256: cert.fingerprint256,
          notAfter: new Date(cert.validTo).toISOString(),
          pem: idp.certificate,
        },
      ],
    },
    emailAttribute: idp.emailAttribute,
    nameAttribute: idp.nameAttribute,
    provisioning,
  };
  await app.db
    .insert(signInProviders)
    .values({ zoneId: zone.id, kind: 'saml', settings })
    .onConflictDoUpdate({ target: [signInProviders.zoneId, signInProviders.kind], set: { settings } });
  await app.db
    .update(zones)
    .set({ auth: { methods: ['saml', 'password', 'key'] } })
    .where(eq(zones.id, zone.id));
  orgBySlugCache.delete(slug);
}

beforeAll(async () => {
  app = await getTestApp();
  idp = await startSamlIdp();
  await configure('demo');
  await configure('acme');
});

afterAll(async () => {
  for (const [slug, auth] of savedAuth) {
    const zone = await zoneBySlug(slug);
    await app.db.update(zones).set({ auth }).where(eq(zones.id, zone.id));
    await app.db
      .delete(signInProviders)
      .where(and(eq(signInProviders.zoneId, zone.id), eq(signInProviders.kind, 'saml')));
    orgBySlugCache.delete(slug);
  }
  await idp?.close();
});

type Started = { location: URL; relayState: string; requestId: string; acsUrl: string; spEntityId: string };

/** GET /auth/saml/{slug}: the redirect to the IdP, and what its AuthnRequest says. */
async function start(slug = 'demo', after?: string): Promise<Started> {
  const res = await app.inject({
    url: `/auth/saml/${slug}${after ? `?after=${encodeURIComponent(after)}` : ''}`,
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  const request = zlib
    .inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64'))
    .toString('utf8');
  return {
    location,
    relayState: location.searchParams.get('RelayState')!,
    requestId: /\sID="([^"]+)"/.exec(request)![1]!,
    acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(request)![1]!,
    spEntityId: /<saml:Issuer[^>]*>([^<]+)</.exec(request)![1]!,
  };
}

/** The browser's POST of the IdP's form to the ACS; answers where Vigil sends it, and the request id. */
async function post(slug: string, samlResponse: string, relayState: string) {
  const requestId = unique('saml-req-');
  const res = await app.inject({
    method: 'POST',
    url: `/auth/saml/${slug}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  expect(res.statusCode).toBe(302);
  return { to: new URL(res.headers.location as string, 'http://console.test'), requestId };
}

/** A sign-in Vigil started, answered by the IdP with these overrides. */
async function signInWith(
  overrides: SamlResponseOverrides & { user?: SamlUser; inResponseTo?: string } = {},
) {
  const s = await start();
  const response = await idp.responseFor({
    spEntityId: s.spEntityId,
    acsUrl: s.acsUrl,
    inResponseTo: s.requestId,
    ...overrides,
  });
  return post('demo', response, s.relayState);
}

/** The audit row a refusal or sign-in of that request wrote. */
async function auditOf(requestId: string) {
  // In the order written (no ORDER BY, a heap scan could answer them in any order).
  const rows = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, requestId))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({ entity: r.entity, action: r.action, after: r.after as Record<string, unknown> }));
}

async function exchange(code: string, headers: Record<string, string> = DEMO_HEADERS) {
  return app.inject({ method: 'POST', url: '/api/auth/exchange', headers, payload: { code } });
}

function expectAuthError(to: URL): void {
  expect(to.pathname).toBe('/login');
  expect(to.searchParams.get('authError')).toBe('1');
  expect(to.searchParams.get('authCode')).toBeNull();
}

async function expectRefused(result: { to: URL; requestId: string }, reason: string, detail?: RegExp) {
  expectAuthError(result.to);
  const [entry] = await auditOf(result.requestId);
  expect(entry).toMatchObject({ entity: 'signIn', action: 'refuse', after: { method: 'saml', reason } });
  if (detail) expect(String(entry!.after.detail)).toMatch(detail);
}

describe('SAML sign-in round trip (issue 17)', () => {
  it('goes to the IdP, comes back signed in as the IdP user, and the code is exchanged once', async () => {
    idp.setUser({ email: 'admin@demo.example', name: 'Dana Admin' });
    const s = await start('demo', '/alerts');
    expect(`${s.location.origin}${s.location.pathname}`).toBe(idp.ssoUrl);
    expect(s.acsUrl).toMatch(/\/auth\/saml\/demo\/acs$/);

    // The IdP answers with a page that posts its response to the ACS (a browser submits it itself).
    const page = await (await fetch(s.location)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)![1]!;
    expect(action).toBe(s.acsUrl);
    const { to, requestId } = await post('demo', field('SAMLResponse'), field('RelayState'));

    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('after')).toBe('/alerts');
    expect(to.searchParams.get('authSlug')).toBe('demo');
    const code = to.searchParams.get('authCode')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await auditOf(requestId)).toEqual([
      expect.objectContaining({
        entity: 'user',
        action: 'signIn',
        after: { method: 'saml', email: 'admin@demo.example' },
      }),
    ]);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const tokens = first.json() as { access: { token: string }; refresh: { token: string } };
    const me = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${tokens.access.token}` },
    });
    expect(me.json()).toMatchObject({ userId: 'admin@demo.example' });

    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
  });

  it('drops an `after` that leaves the console', async () => {
    const s = await start('demo', '//evil.test/x');
    const response = await idp.responseFor({
      spEntityId: s.spEntityId,
      acsUrl: s.acsUrl,
      inResponseTo: s.requestId,
    });
    const { to } = await post('demo', response, s.relayState);
    expect(to.searchParams.get('authCode')).toBeTruthy();
    expect(to.searchParams.has('after')).toBe(false);
  });

  it('answers Vigil’s SP metadata, whose certificate signs the AuthnRequests', async () => {
    const res = await app.inject({ url: '/api/auth/saml/demo/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/samlmetadata\+xml/);
    const xml = res.body;
    const s = await start();
    expect(xml).toContain(`entityID="${s.spEntityId}"`);
    expect(xml).toContain(`Location="${s.acsUrl}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    // The entity id is a URL that answers the same metadata.
    const byEntityId = await app.inject({ url: new URL(s.spEntityId).pathname });
    expect(byEntityId.body).toContain(`entityID="${s.spEntityId}"`);

    const der = /<ds:X509Certificate>([^<]+)</.exec(xml)![1]!;
    const cert = new crypto.X509Certificate(Buffer.from(der, 'base64'));
    // HTTP-Redirect binding signature: over the query as sent, SigAlg last (SAML bindings §3.4.4.1).
    const raw = s.location.search.slice(1).split('&');
    const pick = (k: string) => raw.find((p) => p.startsWith(`${k}=`))!;
    const signed = [pick('SAMLRequest'), pick('RelayState'), pick('SigAlg')].join('&');
    const signature = Buffer.from(s.location.searchParams.get('Signature')!, 'base64');
    expect(crypto.verify('sha256', Buffer.from(signed), cert.publicKey, signature)).toBe(true);

    expect((await app.inject({ url: '/api/auth/saml/nope/metadata' })).statusCode).toBe(404);
  });

  it('sends an unknown organisation, or one without SAML, back with authError', async () => {
    const unknown = await app.inject({ url: '/auth/saml/nope' });
    expectAuthError(new URL(unknown.headers.location as string, 'http://console.test'));
    const zone = await zoneBySlug('acme');
    await app.db
      .update(zones)
      .set({ auth: { methods: ['password'] } })
      .where(eq(zones.id, zone.id));
    const disabled = await app.inject({ url: '/auth/saml/acme' });
    expectAuthError(new URL(disabled.headers.location as string, 'http://console.test'));
    await configure('acme');
  });
});

describe('SAML responses Vigil refuses (issue 17)', () => {
  it('accepts the honest response every case below departs from', async () => {
    const { to } = await signInWith();
    expect(to.searchParams.get('authCode')).toBeTruthy();
  });

  it('an unsigned assertion', async () => {
    await expectRefused(await signInWith({ unsigned: true }), 'response', /signature/i);
  });

  it('an assertion signed by another key', async () => {
    await expectRefused(await signInWith({ signWithOtherKey: true }), 'response', /signature/i);
  });

  it('signature wrapping: a second, unsigned assertion beside the signed one', async () => {
    const wrapped = await signInWith({ wrapWith: { email: 'superadmin@vigil.example', name: 'Evil' } });
    await expectRefused(wrapped, 'response', /multiple assertions/);
  });

  it('a comment inside NameID: the whole signed text is the e-mail, not the part before it', async () => {
    const { to, requestId } = await signInWith({
      nameIdComment: { before: 'admin@demo.example', after: '.evil.test' },
    });
    // Read as 'admin@demo.example' it would sign the admin in; read whole it is nobody.
    expect(to.searchParams.get('authCode')).toBeNull();
    expect(to.searchParams.get('authFail')).toBe('1');
    expect(await auditOf(requestId)).toEqual([
      expect.objectContaining({
        action: 'refuse',
        after: { method: 'saml', reason: 'invalid', email: 'admin@demo.example.evil.test' },
      }),
    ]);
  });

  it('a wrong audience', async () => {
    await expectRefused(
      await signInWith({ audience: 'https://other-sp.test/metadata' }),
      'response',
      /audience/,
    );
  });

  it('a wrong destination (the recipient right)', async () => {
    const s = await start();
    const response = await idp.responseFor({
      spEntityId: s.spEntityId,
      acsUrl: s.acsUrl,
      inResponseTo: s.requestId,
      destination: 'https://other-sp.test/acs',
      recipient: s.acsUrl,
    });
    await expectRefused(await post('demo', response, s.relayState), 'destination');
  });

  it('a wrong recipient (the destination right)', async () => {
    await expectRefused(await signInWith({ recipient: 'https://other-sp.test/acs' }), 'recipient');
  });

  it('an assertion from another issuer, though signed with the configured key', async () => {
    await expectRefused(await signInWith({ issuer: 'https://other-idp.test' }), 'issuer');
  });

  it('an expired assertion', async () => {
    const past = new Date(Date.now() - 10 * 60_000);
    await expectRefused(
      await signInWith({
        issueInstant: new Date(past.getTime() - 60_000),
        notBefore: past,
        notOnOrAfter: past,
      }),
      'response',
      /expired|subject confirmation/,
    );
  });

  it('an assertion not yet valid', async () => {
    const later = new Date(Date.now() + 10 * 60_000);
    await expectRefused(await signInWith({ notBefore: later }), 'response', /not yet valid/);
  });

  it('a replayed assertion: the same assertion id in a later sign-in', async () => {
    const assertionId = `_${crypto.randomUUID()}`;
    expect((await signInWith({ assertionId })).to.searchParams.get('authCode')).toBeTruthy();
    await expectRefused(await signInWith({ assertionId }), 'replay');
  });

  it('an InResponseTo Vigil did not send (or none: an IdP-initiated response)', async () => {
    await expectRefused(await signInWith({ inResponseTo: '_not-our-request' }), 'response', /InResponseTo/);
    await expectRefused(await signInWith({ inResponseTo: undefined }), 'response', /InResponseTo/);
  });

  it('the answer to another of Vigil’s sign-ins, posted with this one’s RelayState', async () => {
    const other = await start();
    await expectRefused(await signInWith({ inResponseTo: other.requestId }), 'response', /InResponseTo/);
  });

  it('a RelayState used twice, even with a fresh valid response', async () => {
    const s = await start();
    const answer = () =>
      idp.responseFor({ spEntityId: s.spEntityId, acsUrl: s.acsUrl, inResponseTo: s.requestId });
    expect((await post('demo', await answer(), s.relayState)).to.searchParams.get('authCode')).toBeTruthy();
    await expectRefused(await post('demo', await answer(), s.relayState), 'state');
    const [row] = await app.db.select().from(signInRequests).where(eq(signInRequests.state, s.relayState));
    expect(row!.usedAt).not.toBeNull();
  });

  it('a RelayState of an expired sign-in, or of another organisation', async () => {
    const s = await start();
    await app.db
      .update(signInRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInRequests.state, s.relayState));
    const response = await idp.responseFor({
      spEntityId: s.spEntityId,
      acsUrl: s.acsUrl,
      inResponseTo: s.requestId,
    });
    await expectRefused(await post('demo', response, s.relayState), 'state');

    const atAcme = await start('acme');
    const forAcme = await idp.responseFor({
      spEntityId: atAcme.spEntityId,
      acsUrl: atAcme.acsUrl,
      inResponseTo: atAcme.requestId,
    });
    await expectRefused(await post('demo', forAcme, atAcme.relayState), 'state');
  });
});

describe('who SAML signs in (issue 17)', () => {
  it('refuses a user of organisation demo at acme with the zone reason', async () => {
    const s = await start('acme');
    const response = await idp.responseFor({
      spEntityId: s.spEntityId,
      acsUrl: s.acsUrl,
      inResponseTo: s.requestId,
      user: { email: 'admin@demo.example', name: 'Dana Admin' },
    });
    const { to, requestId } = await post('acme', response, s.relayState);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('authFail')).toBe('1');
    expect(to.searchParams.get('reason')).toBe('zone');
    expect(to.searchParams.get('authCode')).toBeNull();
    expect(await auditOf(requestId)).toEqual([
      expect.objectContaining({
        action: 'refuse',
        after: { method: 'saml', reason: 'zone', email: 'admin@demo.example' },
      }),
    ]);
  });

  it('signs in an existing user whatever the case of the e-mail', async () => {
    const { to } = await signInWith({ user: { email: 'Security@Demo.Example', name: 'Sam' } });
    const tokens = (await exchange(to.searchParams.get('authCode')!)).json() as { access: { token: string } };
    const me = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${tokens.access.token}` },
    });
    expect(me.json()).toMatchObject({ userId: 'security@demo.example' });
  });

  it('refuses a first-time user when provisioning is existing users only', async () => {
    const email = `${unique('newcomer')}@demo.example`;
    const { to } = await signInWith({ user: { email, name: 'New Comer' } });
    expect(to.searchParams.get('authFail')).toBe('1');
    expect(to.searchParams.has('reason')).toBe(false);
    const made = await app.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(made).toEqual([]);
  });

  it('creates a first-time user with the default role and location when provisioning says so', async () => {
    const demo = await zoneBySlug('demo');
    const [site] = await app.db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.parentId, demo.id), eq(zones.level, 'site')))
      .limit(1);
    await configure('demo', { mode: 'create', role: 'security', location: [site!.id] });
    try {
      const email = `${unique('firsttimer')}@demo.example`;
      const { to, requestId } = await signInWith({ user: { email, name: 'First Timer' } });
      const code = to.searchParams.get('authCode')!;
      expect(code).toBeTruthy();
      const [made] = await app.db.select().from(users).where(eq(users.email, email));
      expect(made).toMatchObject({
        name: 'First Timer',
        role: 'security',
        zoneId: demo.id,
        location: [site!.id],
      });
      expect((await auditOf(requestId)).map((a) => `${a.entity}:${a.action}`)).toEqual([
        'user:create',
        'user:signIn',
      ]);
      const tokens = (await exchange(code)).json() as { access: { token: string } };
      const me = await app.inject({
        url: '/api/users/me',
        headers: { ...DEMO_HEADERS, authorization: `Bearer ${tokens.access.token}` },
      });
      expect(me.json()).toMatchObject({ userId: email, role: 'security' });

      // The second sign-in finds that user: no second one.
      expect(
        (await signInWith({ user: { email, name: 'First Timer' } })).to.searchParams.get('authCode'),
      ).toBeTruthy();
      expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    } finally {
      await configure('demo');
    }
  });
});
