import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_HEADERS, getTestApp, signIn } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
});

describe('request headers (API contract)', () => {
  it('answers 400 when slug or domain is missing', async () => {
    const { slug: _s, ...noSlug } = admin;
    const { domain: _d, ...noDomain } = admin;
    const a = await app.inject({ url: '/api/users/me', headers: noSlug });
    const b = await app.inject({ url: '/api/users/me', headers: noDomain });
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(a.json()).toMatchObject({ reason: 'Missing slug header', field: 'slug' });
    expect(b.json()).toMatchObject({ reason: 'Missing domain header', field: 'domain' });
  });

  it('answers 401 for an unknown slug and 403 for a slug outside the grants', async () => {
    expect(
      (await app.inject({ url: '/api/users/me', headers: { ...admin, slug: 'nowhere' } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/api/users/me', headers: { ...admin, slug: 'acme' } })).statusCode).toBe(
      403,
    );
  });

  it('never refuses a request for its domain value', async () => {
    expect(
      (await app.inject({ url: '/api/users/me', headers: { ...admin, domain: 'vigil.hospital.example' } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 without credentials', async () => {
    expect((await app.inject({ url: '/api/users/me', headers: DEMO_HEADERS })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/users/me', headers: { ...DEMO_HEADERS, authorization: 'Token x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('leaves /healthz, /readyz, /api/auth/config and /docs open', async () => {
    for (const url of ['/healthz', '/readyz', '/api/auth/config', '/docs/json']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

describe('routing (API contract)', () => {
  it('answers an unknown /api path with a JSON 404, never HTML', async () => {
    const res = await app.inject({ url: '/api/no/such/thing', headers: admin });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toEqual({ reason: 'Not found', code: 'not_found' });
  });

  it('ignores a trailing slash', async () => {
    expect((await app.inject({ url: '/api/users/me/', headers: admin })).statusCode).toBe(200);
  });

  it('every /api route declares its access, and the OpenAPI document lists them', async () => {
    const doc = (await app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/zones/{id}', '/api/auth/password/{slug}', '/api/users/me']),
    );
  });

  it('refuses to start when a route declares no access', async () => {
    const Fastify = (await import('fastify')).default;
    const { accessPlugin } = await import('../../src/platform/access');
    const bare = Fastify();
    await bare.register(accessPlugin, {
      resolveCaller: () => Promise.reject(new Error('no callers in this test')),
    });
    expect(() => bare.get('/api/undeclared', async () => 'x')).toThrow(
      /declares neither permission nor auth/,
    );
  });
});

describe('permission denial per route (SPEC §6)', () => {
  const routes = [
    ['GET', '/api/zones?level=floor'],
    ['GET', '/api/zones/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/zones'],
    ['PUT', '/api/zones/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/zones/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/zones/export'],
  ] as const;

  it.each(routes)('noAccess gets 403 for %s %s', async (method, url) => {
    const { headers } = await signIn(app, 'noaccess@demo.example');
    const res = await app.inject({
      method,
      url,
      headers,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets noAccess reach the authenticated routes', async () => {
    const { headers } = await signIn(app, 'noaccess@demo.example');
    expect((await app.inject({ url: '/api/users/me', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/roles', headers })).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/users/state',
          headers,
          payload: { closedNotes: { a: true } },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the security role may read zones but not change them', async () => {
    const { headers } = await signIn(app, 'security@demo.example');
    expect((await app.inject({ url: '/api/zones?level=floor', headers })).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/zones',
      headers,
      payload: { name: 'x', level: 'area', parent: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('GET /api/roles answers every role to a caller who may list Role', async () => {
    const res = (await app.inject({ url: '/api/roles', headers: admin })).json();
    expect(res.total).toBeGreaterThan(10);
    expect(res.data.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(['admin', 'noAccess', 'security', 'superAdmin']),
    );
  });
});
