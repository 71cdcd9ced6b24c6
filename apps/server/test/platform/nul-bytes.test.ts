import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { FEATURE_FLAGS } from '@vigil/domain';
import { zones } from '../../src/db/schema';
import { DEMO_GATEWAY_KEY } from '../../src/db/seed';
import { NUL_REASON } from '../../src/platform/nul-guard';
import { getTestApp, signIn } from '../helpers/app';

type Operation = { method: string; path: string };

let app: FastifyInstance;
let admin: Record<string, string>;
let routes: Operation[];
beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'superadmin@vigil.example')).headers;
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
});

/** The headers a route is reached with: the gateway key for device ingest, the internal super-admin elsewhere (every permission). */
function headersFor(path: string): Record<string, string> {
  if (path.startsWith('/api/ingest/')) {
    return { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` };
  }
  return admin;
}

/** The path with every `{param}` (or trailing `*`) filled by `value`. */
const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value).replace(/\*$/, value);

async function send(method: string, url: string, payload?: unknown) {
  const path = url.split('?')[0]!;
  return app.inject({ method: method as 'GET', url, headers: headersFor(path), payload: payload as never });
}

function expectRefused(res: { statusCode: number; json(): unknown }, where: string, field: string) {
  expect({ where, status: res.statusCode }).toEqual({ where, status: 400 });
  expect(res.json()).toMatchObject({ reason: NUL_REASON, code: 'nul_byte', field });
}

// PostgreSQL text cannot hold a NUL byte: a request carrying one is the client's mistake, refused at the edge.
describe('a NUL byte anywhere in a request is a 400, on every route of the OpenAPI document', () => {
  it('covers the API: the document lists the routes', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('in a path parameter', async () => {
    const withParams = routes.filter((r) => /\{|\*$/.test(r.path));
    expect(withParams.length).toBeGreaterThan(20);
    for (const r of withParams) {
      expectRefused(await send(r.method, fill(r.path, 'a%00b')), `${r.method} ${r.path}`, 'path');
    }
  });

  it('in the query string', async () => {
    for (const r of routes) {
      const url = `${fill(r.path, '00000000-0000-4000-8000-000000000000')}?query=a%00b`;
      expectRefused(await send(r.method, url), `${r.method} ${r.path}`, 'query');
    }
  });

  it('in a JSON body, named by its field', async () => {
    const withBody = routes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(withBody.length).toBeGreaterThan(15);
    // A route behind a zone feature flag (e.g. the mobile QR login's) answers 403 before its body is
    // read when the flag is off: every flag is on for the organisation while the bodies are sent.
    const [org] = await app.db.select().from(zones).where(eq(zones.slug, 'demo'));
    const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true]));
    await app.db
      .update(zones)
      .set({ config: { ...org!.config, featureFlags: allOn } })
      .where(eq(zones.id, org!.id));
    try {
      for (const r of withBody) {
        const url = fill(r.path, '00000000-0000-4000-8000-000000000000');
        const res = await send(r.method, url, { name: 'ward\u0000 7', items: [{ note: 'ok' }] });
        expectRefused(res, `${r.method} ${r.path}`, 'body.name');
      }
    } finally {
      await app.db.update(zones).set({ config: org!.config }).where(eq(zones.id, org!.id));
    }
  });

  it('deep in a body, and in a key', async () => {
    const nested = await send('POST', '/api/zones', { config: { labels: ['a', 'b\u0000'] } });
    expectRefused(nested, 'nested', 'body.config.labels.1');
    const key = await send('POST', '/api/zones', { config: { 'x\u0000': 1 } });
    expectRefused(key, 'key', 'body.config.x\\0');
  });

  it('leaves every other text alone, escapes included', async () => {
    const res = await send('GET', '/api/roles/a%2500b');
    expect(res.statusCode).toBe(404);
  });
});
