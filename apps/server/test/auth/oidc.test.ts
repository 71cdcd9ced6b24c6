import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { auditLog, signInProviders, signInRequests, users, zones } from '../../src/db/schema';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { startOidcPeer, type OidcAccount, type OidcPeer } from '../helpers/oidc-peer';

// Issue 17, OpenID Connect sign-in ('Google') through the real app, against a local OpenID provider
// (oidc-provider, PKCE required: test/helpers/oidc-peer.ts) on 127.0.0.1. A sign-in is driven as a
// browser would: GET /auth/google/{slug} → the provider (its redirects followed by hand, cookies
// kept) → our callback, called through the app with the query the provider sent. Then one refusal
// per check: state, nonce, PKCE verifier, a verified e-mail, the allowed domains, the organisation.

let app: FastifyInstance;
let peer: OidcPeer;
/** A site of the demo organisation with its own slug, Google first in its methods. */
let site: { id: string; slug: string; redirectUri: string };
let acme: { id: string; headers: Record<string, string>; redirectUri: string };

const ADMIN: OidcAccount = { email: 'admin@demo.example', name: 'Dana Admin', emailVerified: true };

/** Cookies by name, for one origin: enough for oidc-provider's interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** GET /auth/google/{slug}: answers where the app sends the browser. */
async function start(slug: string, query = ''): Promise<string> {
  const res = await app.inject({ url: `/auth/google/${slug}${query}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return String(res.headers.location);
}

/** Follows the provider's redirects (as a browser would) until one leads to `redirectUri`. */
async function throughProvider(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const jar = new CookieJar();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`no redirect from ${next.pathname}: ${res.status} ${await res.text()}`);
    }
    next = new URL(location, next);
    if (next.href.startsWith(`${redirectUri}?`)) return next;
  }
  throw new Error('too many redirects');
}

/** The callback as the browser brings it back: answers the /login address and the request id. */
async function callback(slug: string, search: string): Promise<{ location: string; requestId: string }> {
  const res = await app.inject({ url: `/auth/google/${slug}/callback${search}` });
  expect(res.statusCode).toBe(302);
  return { location: String(res.headers.location), requestId: String(res.headers['x-request-id']) };
}

/** A sign-in up to the provider's answer: the callback's query, and the state it carries. */
async function atProvider(slug: string, redirectUri: string, account: OidcAccount = ADMIN, query = '') {
  peer.setAccount(account);
  const answer = await throughProvider(await start(slug, query), redirectUri);
  return { search: answer.search, state: answer.searchParams.get('state')! };
}

/** What the audit log says of a request: a refusal's reason, a sign-in's method. */
async function audited(requestId: string) {
  return app.db.select().from(auditLog).where(eq(auditLog.requestId, requestId)).orderBy(desc(auditLog.id));
}

async function refusalReason(requestId: string): Promise<string | undefined> {
  const [row] = (await audited(requestId)).filter((r) => r.entity === 'signIn' && r.action === 'refuse');
  return (row?.after as { reason?: string } | undefined)?.reason;
}

const tamper = (state: string, set: Partial<typeof signInRequests.$inferInsert>) =>
  app.db.update(signInRequests).set(set).where(eq(signInRequests.state, state));

beforeAll(async () => {
  app = await getTestApp();
  peer = await startOidcPeer({ redirectUris: [], account: ADMIN });
  const admin = (await signIn(app, 'admin@demo.example')).headers;
  const slug = unique('oidc-');
  const made = await app.inject({
    method: 'POST',
    url: '/api/zones',
    headers: admin,
    payload: {
      name: unique('OpenID site '),
      level: 'site',
      parent: await zoneIdByName(app, 'Demo Hospital'),
      slug,
    },
  });
  expect(made.statusCode).toBe(200);
  const configure = async (zoneId: string, headers: Record<string, string>) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/zones/${zoneId}/sign-in/google`,
      headers,
      payload: {
        issuer: peer.issuer,
        clientId: peer.clientId,
        clientSecret: peer.clientSecret,
        allowedDomains: ['demo.example', 'acme.example'],
        provisioning: { mode: 'existing' },
      },
    });
    expect(res.statusCode).toBe(200);
    const enable = await app.inject({
      method: 'PUT',
      url: `/api/zones/${zoneId}`,
      headers,
      payload: { auth: { methods: ['google', 'password', 'key'] } },
    });
    expect(enable.statusCode).toBe(200);
    peer.addRedirectUri(res.json().redirectUri);
    return res.json().redirectUri as string;
  };
  site = { id: made.json().id, slug, redirectUri: await configure(made.json().id, admin) };
  const acmeHeaders = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  const acmeId = await zoneIdByName(app, 'Acme Clinic');
  acme = { id: acmeId, headers: acmeHeaders, redirectUri: await configure(acmeId, acmeHeaders) };
});

afterAll(async () => {
  if (acme) {
    await app.inject({
      method: 'PUT',
      url: `/api/zones/${acme.id}`,
      headers: acme.headers,
      payload: { auth: { methods: ['password', 'key'] } },
    });
    await app.db
      .delete(signInProviders)
      .where(and(eq(signInProviders.zoneId, acme.id), eq(signInProviders.kind, 'google')));
  }
  if (site) await app.db.delete(zones).where(eq(zones.id, site.id));
  await peer?.close();
});

describe('GET /auth/google/{slug}: off to the provider', () => {
  it('sends the browser to the authorization endpoint with PKCE (S256), state and nonce, all kept', async () => {
    const to = new URL(await start(site.slug, '?authDomain=demo.example&after=/alerts'));
    expect(to.origin).toBe(peer.issuer);
    const q = to.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      client_id: peer.clientId,
      response_type: 'code',
      redirect_uri: site.redirectUri,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const [row] = await app.db
      .select()
      .from(signInRequests)
      .where(eq(signInRequests.state, q.get('state')!));
    expect(row).toMatchObject({ zoneId: site.id, kind: 'google', nonce: q.get('nonce'), after: '/alerts' });
    expect(await oidc.calculatePKCECodeChallenge(row!.codeVerifier!)).toBe(q.get('code_challenge'));
    // The verifier never leaves the server.
    expect(to.href).not.toContain(row!.codeVerifier!);
  });

  it('goes back to /login with authError=1 for an unknown slug, or where Google is not a method', async () => {
    expect(await start('no-such-slug')).toBe('/login?authError=1&authSlug=no-such-slug');
    // Demo has no Google among its methods.
    expect(await start('demo')).toBe('/login?authError=1&authSlug=demo');
  });

  it('keeps `after` only when it is a path of this console', async () => {
    for (const after of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const to = new URL(await start(site.slug, `?after=${encodeURIComponent(after)}`));
      const [row] = await app.db
        .select()
        .from(signInRequests)
        .where(eq(signInRequests.state, to.searchParams.get('state')!));
      expect(row!.after).toBeNull();
    }
  });
});

describe('the callback: signed in', () => {
  it('signs the user in: /login?authCode=…, the code traded once for the session’s tokens', async () => {
    const { search } = await atProvider(site.slug, site.redirectUri, ADMIN, '?after=/alerts');
    const { location, requestId } = await callback(site.slug, search);
    const to = new URL(location, 'http://console');
    expect(to.pathname).toBe('/login');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      authCode: expect.stringMatching(/^[\w-]{43}$/),
      authSlug: site.slug,
      after: '/alerts',
    });
    const code = to.searchParams.get('authCode')!;
    const exchange = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        headers: { slug: 'demo', domain: 'localhost' },
        payload: { code },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const me = await app.inject({
      url: '/api/users/me',
      headers: { slug: 'demo', domain: 'localhost', authorization: `Bearer ${first.json().access.token}` },
    });
    expect(me.json().userId).toBe('admin@demo.example');
    expect((await exchange()).statusCode).toBe(401);

    const signInRow = (await audited(requestId)).find((r) => r.action === 'signIn');
    expect(signInRow).toMatchObject({
      entity: 'user',
      after: { method: 'google', email: 'admin@demo.example' },
    });

    // The provider's answer is spent: the same callback again is a refusal (state used).
    const again = await callback(site.slug, search);
    expect(again.location).toBe(`/login?authError=1&authSlug=${site.slug}`);
    expect(await refusalReason(again.requestId)).toBe('state');
  });

  it('matches the e-mail in any case', async () => {
    const { search } = await atProvider(site.slug, site.redirectUri, {
      email: 'Security@Demo.Example',
      name: 'Sam',
      emailVerified: true,
    });
    expect((await callback(site.slug, search)).location).toMatch(/^\/login\?authCode=/);
  });
});

describe('the callback: every refusal', () => {
  const brokenAt = () => `/login?authError=1&authSlug=${site.slug}`;

  it('refuses a state it never issued, and the real sign-in still works', async () => {
    const { search, state } = await atProvider(site.slug, site.redirectUri);
    const forged = search.replace(`state=${state}`, `state=${oidc.randomState()}`);
    const wrong = await callback(site.slug, forged);
    expect(wrong.location).toBe(brokenAt());
    expect(await refusalReason(wrong.requestId)).toBe('state');
    const missing = await callback(site.slug, search.replace(`state=${state}`, ''));
    expect(missing.location).toBe(brokenAt());
    expect((await callback(site.slug, search)).location).toMatch(/^\/login\?authCode=/);
  });

  it('refuses the state of a sign-in started at another slug', async () => {
    const { search } = await atProvider(site.slug, site.redirectUri);
    const elsewhere = await callback('acme', search);
    expect(elsewhere.location).toBe('/login?authError=1&authSlug=acme');
    expect(await refusalReason(elsewhere.requestId)).toBe('state');
  });

  it('refuses an ID token whose nonce is not the sign-in’s', async () => {
    const { search, state } = await atProvider(site.slug, site.redirectUri);
    await tamper(state, { nonce: oidc.randomNonce() });
    const res = await callback(site.slug, search);
    expect(res.location).toBe(brokenAt());
    expect(await refusalReason(res.requestId)).toBe('nonce');
  });

  it('refuses a sign-in without its PKCE verifier', async () => {
    const { search, state } = await atProvider(site.slug, site.redirectUri);
    await tamper(state, { codeVerifier: null });
    const res = await callback(site.slug, search);
    expect(res.location).toBe(brokenAt());
    expect(await refusalReason(res.requestId)).toBe('pkce');
  });

  it('refuses a code the provider will not trade for a wrong PKCE verifier', async () => {
    const { search, state } = await atProvider(site.slug, site.redirectUri);
    await tamper(state, { codeVerifier: oidc.randomPKCECodeVerifier() });
    const res = await callback(site.slug, search);
    expect(res.location).toBe(brokenAt());
    expect(await refusalReason(res.requestId)).toBe('token_refused');
    const [row] = (await audited(res.requestId)).filter((r) => r.entity === 'signIn');
    expect((row!.after as { detail: string }).detail).toMatch(/invalid_grant/);
  });

  it('refuses an e-mail the provider has not verified (authFail=1)', async () => {
    const account = { email: 'admin@demo.example', name: 'Not Dana', emailVerified: false, sub: 'impostor' };
    const { search } = await atProvider(site.slug, site.redirectUri, account);
    const res = await callback(site.slug, search);
    expect(res.location).toBe(`/login?authFail=1&authSlug=${site.slug}`);
    expect(await refusalReason(res.requestId)).toBe('unverified');
    expect((await audited(res.requestId)).some((r) => r.action === 'signIn')).toBe(false);
  });

  it('refuses an e-mail outside the allowed domains, subdomains included (authFail=1)', async () => {
    for (const email of ['admin@elsewhere.example', 'admin@sub.demo.example']) {
      const { search } = await atProvider(site.slug, site.redirectUri, {
        email,
        name: 'X',
        emailVerified: true,
      });
      const res = await callback(site.slug, search);
      expect(res.location).toBe(`/login?authFail=1&authSlug=${site.slug}`);
      expect(await refusalReason(res.requestId)).toBe('domain');
    }
  });

  it('refuses an e-mail with no user when provisioning takes existing users only (authFail=1)', async () => {
    const email = `${unique('nobody')}@demo.example`;
    const { search } = await atProvider(site.slug, site.redirectUri, {
      email,
      name: 'Nobody',
      emailVerified: true,
    });
    const res = await callback(site.slug, search);
    expect(res.location).toBe(`/login?authFail=1&authSlug=${site.slug}`);
    expect(await refusalReason(res.requestId)).toBe('invalid');
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a user of organisation A (demo) at organisation B’s slug (acme): reason=zone', async () => {
    const { search } = await atProvider('acme', acme.redirectUri, ADMIN);
    const res = await callback('acme', search);
    expect(res.location).toBe('/login?authFail=1&reason=zone&authSlug=acme');
    expect(await refusalReason(res.requestId)).toBe('zone');
    // Acme's own admin signs in there.
    const own = await atProvider('acme', acme.redirectUri, {
      email: 'admin@acme.example',
      name: 'Avery',
      emailVerified: true,
    });
    expect((await callback('acme', own.search)).location).toMatch(/^\/login\?authCode=.+&authSlug=acme$/);
  });

  it('refuses once Google is no longer one of the zone’s methods, spending the sign-in', async () => {
    const { search, state } = await atProvider('acme', acme.redirectUri, {
      email: 'admin@acme.example',
      name: 'Avery',
      emailVerified: true,
    });
    await app.db
      .update(zones)
      .set({ auth: { methods: ['password', 'key'] } })
      .where(eq(zones.id, acme.id));
    try {
      const res = await callback('acme', search);
      expect(res.location).toBe('/login?authError=1&authSlug=acme');
      expect(await refusalReason(res.requestId)).toBe('disabled');
      const [row] = await app.db
        .select()
        .from(signInRequests)
        .where(and(eq(signInRequests.state, state), eq(signInRequests.zoneId, acme.id)));
      expect(row!.usedAt).not.toBeNull();
    } finally {
      await app.db
        .update(zones)
        .set({ auth: { methods: ['google', 'password', 'key'] } })
        .where(eq(zones.id, acme.id));
    }
  });
});
