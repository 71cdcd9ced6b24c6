import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_API_KEY, DEMO_PASSWORD } from '../../src/db/seed';
import { loginFailures, refreshTokens } from '../../src/db/schema';
import { DEMO_HEADERS, getTestApp, keyHeaders, signIn } from '../helpers/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const login = (username: string, password: string, ip = '10.0.0.1', slug = 'demo') =>
  app.inject({
    method: 'POST',
    url: `/api/auth/password/${slug}`,
    headers: { ...DEMO_HEADERS, slug },
    remoteAddress: ip,
    payload: { username, password },
  });

describe('GET /api/auth/config (SPEC §2.3)', () => {
  it('answers the zone methods in order, password first, for demo and acme', async () => {
    for (const slug of ['demo', 'acme']) {
      const res = await app.inject({ url: `/api/auth/config?authSlug=${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().methods).toEqual(['password', 'key']);
    }
  });

  it('uses the default slug without authSlug, and 404s an unknown one', async () => {
    expect((await app.inject({ url: '/api/auth/config' })).json()).toMatchObject({
      slug: 'demo',
      name: 'Demo Hospital',
    });
    const res = await app.inject({ url: '/api/auth/config?authSlug=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('Unknown organisation');
  });
});

describe('POST /api/auth/password/{slug} (SPEC §7, §8)', () => {
  it('answers token data for a right password', async () => {
    const res = await login('admin@demo.example', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access.token).toEqual(expect.any(String));
    expect(Date.parse(body.access.expiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(body.refresh.expiresAt)).toBeGreaterThan(Date.parse(body.access.expiresAt));
  });

  it('matches the e-mail case-insensitively', async () => {
    expect((await login('Admin@Demo.Example', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['wrong password', 'admin@demo.example', 'nope'],
    ['unknown account', 'ghost@demo.example', DEMO_PASSWORD],
  ])('refuses a %s with 401 and the SPEC §8 text', async (_what, user, password) => {
    const res = await login(user, password, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().reason).toBe('Invalid login. Please try again.');
  });

  it('refuses a user of another organisation', async () => {
    const res = await login('admin@acme.example', DEMO_PASSWORD, '10.0.0.3', 'demo');
    expect(res.statusCode).toBe(401);
  });

  it('lets a noAccess user sign in; it holds no abilities', async () => {
    const { headers } = await signIn(app, 'noaccess@demo.example');
    const me = await app.inject({ url: '/api/users/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('noAccess');
    const roles = await app.inject({ url: '/api/roles', headers });
    expect(roles.json()).toEqual({ data: [{ id: 'noAccess', abilities: [], builtIn: true }], total: 1 });
    expect((await app.inject({ url: '/api/zones?level=floor', headers })).statusCode).toBe(403);
  });

  it('answers 429 after 10 failures per account and address, only for that pair', async () => {
    const user = 'security@demo.example';
    for (let i = 0; i < 10; i++) expect((await login(user, 'bad', '10.9.9.9')).statusCode).toBe(401);
    const locked = await login(user, DEMO_PASSWORD, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().reason).toBe('Too many login attempts. Please contact support or try again later.');
    // The same account from the responder's own desk still signs in.
    expect((await login(user, DEMO_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    const db = (app as FastifyInstance).db;
    await db
      .delete(loginFailures)
      .where(and(eq(loginFailures.account, user), eq(loginFailures.client, '10.9.9.9')));
  });

  it('refuses a body with unknown fields, wrong types or oversized strings with 400', async () => {
    for (const payload of [
      { username: 'a', password: 'b', extra: 1 },
      { username: 1, password: 'b' },
      { username: 'a'.repeat(400), password: 'b' },
      {},
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/password/demo',
        headers: DEMO_HEADERS,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toEqual(expect.any(String));
    }
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password/demo',
      headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('The request body is not valid JSON');
  });
});

describe('API keys', () => {
  it('signs in with the key as the Basic user name and answers key:<id> from /users/me', async () => {
    const res = await app.inject({ url: '/api/users/me', headers: keyHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.stringMatching(/^key:/), role: 'security', kind: 'key' });
    expect(res.json().zone.slug).toBe('demo');
  });

  it('refuses an unknown key with 401, and stores keys only as SHA-256', async () => {
    expect((await app.inject({ url: '/api/users/me', headers: keyHeaders('vk_wrong') })).statusCode).toBe(
      401,
    );
    const rows = await app.database.sql.query<{ key_hash: string }>('select key_hash from api_keys');
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
    expect(rows.rows.some((r) => r.key_hash.includes(DEMO_API_KEY))).toBe(false);
  });

  it('refuses the demo key for another organisation with 403', async () => {
    const res = await app.inject({ url: '/api/users/me', headers: keyHeaders(DEMO_API_KEY, 'acme') });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/auth/token and POST /api/auth/logout', () => {
  const refresh = (token: string) =>
    app.inject({ url: '/api/auth/token', headers: { ...DEMO_HEADERS, authorization: `Bearer ${token}` } });

  it('rotates the refresh token; the previous one still works within 30 s', async () => {
    const { refresh: first } = await signIn(app, 'admin@demo.example');
    const a = await refresh(first);
    const b = await refresh(first); // a second tab refreshing at the same moment
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refresh.token).not.toBe(first);
    const me = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${b.json().access.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a token replaced more than 30 s ago and ends that session', async () => {
    const { refresh: first } = await signIn(app, 'admin@demo.example');
    const next = (await refresh(first)).json().refresh.token as string;
    await app.db
      .update(refreshTokens)
      .set({ replacedAt: sql`now() - interval '31 seconds'` })
      .where(sql`replaced_at is not null`);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('refuses a garbage refresh token and an access token used as one', async () => {
    const { access } = await signIn(app, 'admin@demo.example');
    expect((await refresh('garbage')).statusCode).toBe(401);
    expect((await refresh(access)).statusCode).toBe(401);
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const { headers, refresh: token } = await signIn(app, 'admin@demo.example');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses an expired or tampered access token', async () => {
    const { access } = await signIn(app, 'admin@demo.example');
    const [body, mac] = access.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 9999 })).toString('base64url')}.${mac}`;
    const res = await app.inject({
      url: '/api/users/me',
      headers: { ...DEMO_HEADERS, authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users/me and PUT /api/users/state', () => {
  it('answers the user with its zone, flags and state', async () => {
    const { headers } = await signIn(app, 'admin@demo.example');
    const me = (await app.inject({ url: '/api/users/me', headers })).json();
    expect(me).toMatchObject({
      userId: 'admin@demo.example',
      role: 'admin',
      kind: 'user',
      canOverrideRole: false,
    });
    expect(me.zone).toMatchObject({ slug: 'demo', domain: 'localhost', name: 'Demo Hospital' });
    expect(me.zone.config.featureFlags).toMatchObject({ export: true, danger: true });
  });

  it("answers the organisation's time zone (issue 18), null when its zone config has none", async () => {
    const demo = await signIn(app, 'admin@demo.example');
    const demoMe = (await app.inject({ url: '/api/users/me', headers: demo.headers })).json();
    expect(demoMe.org).toMatchObject({ slug: 'demo', timeZone: 'America/Chicago' });

    const acme = await signIn(app, 'admin@acme.example', 'acme');
    const acmeMe = (await app.inject({ url: '/api/users/me', headers: acme.headers })).json();
    expect(acmeMe.org).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      slug: 'acme',
      timeZone: null,
    });
  });

  it('keeps dismissed notes', async () => {
    const { headers } = await signIn(app, 'security@demo.example');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/users/state',
      headers,
      payload: { closedNotes: { welcome: true } },
    });
    expect(put.statusCode).toBe(200);
    const me = (await app.inject({ url: '/api/users/me', headers })).json();
    expect(me.state.closedNotes).toMatchObject({ welcome: true });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/users/state',
      headers,
      payload: { closedNotes: { x: false } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a superAdmin override its role for the session, and nobody else', async () => {
    const sa = await signIn(app, 'superadmin@vigil.example');
    const me = await app.inject({ url: '/api/users/me?role=security', headers: sa.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('security');
    // Later requests are authorised as the overriding role.
    expect((await app.inject({ url: '/api/zones?level=floor', headers: sa.headers })).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/zones/00000000-0000-4000-8000-00000000000f',
          headers: sa.headers,
        })
      ).statusCode,
    ).toBe(403);
    const back = await app.inject({ url: '/api/users/me?role=superAdmin', headers: sa.headers });
    expect(back.json().role).toBe('superAdmin');

    const admin = await signIn(app, 'admin@demo.example');
    const refused = await app.inject({ url: '/api/users/me?role=superAdmin', headers: admin.headers });
    expect(refused.statusCode).toBe(403);
  });
});
