import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, consoleSnapshots, consoles } from '../../src/db/schema';
import { getTestApp, keyHeaders, signIn } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let noAccess: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
});

const beat = (
  id: string,
  payload: object = { hash: 'abc123', href: 'http://localhost/alerts', pwa: false },
  headers = admin,
) => app.inject({ method: 'POST', url: `/api/consoles/${id}/heartbeats`, headers, payload });
const get = (url: string, headers = admin) => app.inject({ url, headers });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/consoles/${id}`, headers, payload });
const auditOf = (id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'console'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

describe('POST /api/consoles/{id}/heartbeats (console identity)', () => {
  it("creates the console in the caller's organisation on its first beat, named after its id", async () => {
    const id = crypto.randomUUID();
    const res = await beat(id, { hash: 'build-1', href: 'http://localhost/alerts', pwa: true });
    expect(res.statusCode).toBe(200);
    const me = (await get('/api/users/me')).json();
    expect(res.json()).toEqual({
      id,
      name: `Console ${id.slice(0, 4)}`,
      config: {},
      state: {},
      heartbeat: {
        href: 'http://localhost/alerts',
        user: { id: me.id, name: 'Dana Admin' },
        pwa: true,
        hash: 'build-1',
        updatedAt: expect.any(String),
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await app.db.select().from(consoles).where(eq(consoles.id, id));
    expect(row!.orgId).toBe(me.org.id);
  });

  it('updates the heartbeat on later beats, keeps the name, and audits only the creation', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    await put(id, { name: 'Nurses station' });
    const res = await beat(id, { hash: 'build-2', href: 'http://localhost/tags', pwa: false }, security);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nurses station',
      heartbeat: { hash: 'build-2', href: 'http://localhost/tags', user: { name: 'Sam Security' } },
    });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('takes the user from the credentials: any signed-in role, and an API key', async () => {
    const id = crypto.randomUUID();
    expect((await beat(id, { hash: '' }, noAccess)).json().heartbeat).toMatchObject({
      user: { name: 'Nora NoAccess' },
      href: null,
      pwa: false,
      hash: '',
    });
    const keyed = await beat(id, { hash: 'h' }, keyHeaders());
    expect(keyed.json().heartbeat.user).toEqual({
      id: expect.stringMatching(/^key:/),
      name: 'Demo security desk',
    });
    expect((await beat(id, { hash: 'h' }, { slug: 'demo', domain: 'localhost' })).statusCode).toBe(401);
  });

  it('answers 404 and writes nothing when the id belongs to another organisation', async () => {
    const id = crypto.randomUUID();
    await beat(id, { hash: 'demo-build', href: 'http://demo/alerts', pwa: false });
    const res = await beat(id, { hash: 'acme-build', href: 'http://acme/alerts', pwa: true }, acme);
    expect(res.statusCode).toBe(404);
    const [row] = await app.db.select().from(consoles).where(eq(consoles.id, id));
    expect(row!.heartbeat).toMatchObject({ hash: 'demo-build', href: 'http://demo/alerts' });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create']);
  });

  it('answers 404 for a malformed id and 400 for a bad body', async () => {
    expect((await beat('not-a-uuid')).statusCode).toBe(404);
    const id = crypto.randomUUID();
    for (const payload of [{}, { hash: 1 }, { hash: 'h', pwa: 'yes' }, { hash: 'h', extra: 1 }]) {
      expect((await beat(id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await app.db.select().from(consoles).where(eq(consoles.id, id))).toEqual([]);
  });
});

describe('GET /api/consoles/{id}', () => {
  it('answers the console to any signed-in user of its organisation, 404 to others', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    const res = await get(`/api/consoles/${id}`, noAccess);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: `Console ${id.slice(0, 4)}` });
    expect((await get(`/api/consoles/${id}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/consoles/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/consoles/nope')).statusCode).toBe(404);
  });
});

describe('GET /api/consoles', () => {
  it("lists the organisation's consoles with the list contract; needs list Console", async () => {
    const id = crypto.randomUUID();
    await beat(id);
    await put(id, { name: `Lobby kiosk ${id.slice(0, 8)}` });
    const res = await get(`/api/consoles?query=${id.slice(0, 8)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, data: [{ id, name: `Lobby kiosk ${id.slice(0, 8)}` }] });
    expect((await get('/api/consoles?heartbeat.pwa=false&orderBy=-heartbeat.updatedAt')).statusCode).toBe(
      200,
    );
    expect((await get('/api/consoles?orderBy=secret')).statusCode).toBe(400);
    expect((await get('/api/consoles?limit=1000')).statusCode).toBe(400);
    const acmeIds = (await get('/api/consoles?limit=500', acme)).json().data.map((c: { id: string }) => c.id);
    expect(acmeIds).not.toContain(id);
    expect((await get('/api/consoles', security)).statusCode).toBe(403);
  });
});

describe('PUT /api/consoles/{id}', () => {
  it('renames a console and deep-merges its config, auditing before and after', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    const first = await put(id, { name: '  Ward 3 desk ', config: { alarm: { volume: 5, tone: 'bell' } } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      name: 'Ward 3 desk',
      config: { alarm: { volume: 5, tone: 'bell' } },
    });
    const second = await put(id, { config: { alarm: { volume: 7, tone: null } } });
    expect(second.json().config).toEqual({ alarm: { volume: 7 } });
    expect(second.json().name).toBe('Ward 3 desk');
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audit[1]!.before).toMatchObject({ name: `Console ${id.slice(0, 4)}` });
    expect(audit[1]!.after).toMatchObject({ name: 'Ward 3 desk' });
  });

  it('refuses a bad body (400), another organisation (404) and a caller without update Console (403)', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    for (const payload of [{ name: '' }, { heartbeat: {} }, { config: 'x' }, { state: {} }]) {
      expect((await put(id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(id, { name: 'pwned' }, acme)).statusCode).toBe(404);
    expect((await put(id, { name: 'nope' }, security)).statusCode).toBe(403);
    expect((await put('nope', { name: 'x' })).statusCode).toBe(404);
    expect((await get(`/api/consoles/${id}`)).json().name).toBe(`Console ${id.slice(0, 4)}`);
  });
});

describe('GET /api/manifest.json (SPEC §7)', () => {
  it('answers a web-app manifest without headers, starting on the console’s alerts screen', async () => {
    const id = crypto.randomUUID();
    const res = await app.inject({
      url: `/api/manifest.json?consoleId=${id}&isCustom=false&hostname=localhost`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Vigil',
      short_name: 'Vigil',
      start_url: `/alerts/${id}`,
      scope: '/',
      display: 'standalone',
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('starts at / without a valid console id', async () => {
    for (const url of [
      '/api/manifest.json',
      '/api/manifest.json?consoleId=../../etc',
      '/api/manifest.json?consoleId=',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().start_url).toBe('/');
    }
  });

  it('names icons the console ships: PNGs of the stated sizes, each under 20 KB', () => {
    const dir = path.resolve(import.meta.dirname, '../../../console/public/icons');
    for (const size of [192, 512]) {
      const png = fs.readFileSync(path.join(dir, `icon-${size}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      expect(png.length).toBeLessThan(20 * 1024);
    }
  });
});

describe('consoles/{id}/snapshots (SPEC §7)', () => {
  const post = (id: string, payload: object, headers = admin) =>
    app.inject({ method: 'POST', url: `/api/consoles/${id}/snapshots`, headers, payload });
  const stored = (id: string) =>
    app.db.select().from(consoleSnapshots).where(eq(consoleSnapshots.consoleId, id));

  it('stores a snapshot posted by a signed-in user, lists it newest first and reads it back', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    const older = await post(id, { data: { route: '/alerts', n: 1 }, createdAt: '2024-05-01T10:00:00.000Z' });
    expect(older.statusCode).toBe(201);
    expect(older.json()).toEqual({ id: expect.any(String), createdAt: '2024-05-01T10:00:00.000Z' });
    const newer = await post(
      id,
      { data: { route: '/tags', n: 2 }, createdAt: '2024-05-01T10:00:05.000Z' },
      security,
    );
    expect(newer.statusCode).toBe(201);

    const list = await get(`/api/consoles/${id}/snapshots`, security);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      data: [
        { id: newer.json().id, createdAt: '2024-05-01T10:00:05.000Z', receivedAt: expect.any(String) },
        { id: older.json().id, createdAt: '2024-05-01T10:00:00.000Z', receivedAt: expect.any(String) },
      ],
      total: 2,
    });
    const ranged = await get(
      `/api/consoles/${id}/snapshots?from=2024-05-01T10:00:01.000Z&to=2024-05-01T11:00:00.000Z`,
    );
    expect(ranged.json().data.map((s: { id: string }) => s.id)).toEqual([newer.json().id]);

    const one = await get(`/api/consoles/${id}/snapshots/${older.json().id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id: older.json().id,
      consoleId: id,
      data: { route: '/alerts', n: 1 },
      createdAt: '2024-05-01T10:00:00.000Z',
      receivedAt: expect.any(String),
    });
  });

  it("answers 404 for another organisation's console and snapshots, and for an unknown console", async () => {
    const id = crypto.randomUUID();
    await beat(id);
    const snap = (await post(id, { data: { a: 1 }, createdAt: new Date().toISOString() })).json().id;
    expect((await post(id, { data: { a: 2 }, createdAt: new Date().toISOString() }, acme)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/consoles/${id}/snapshots`, acme)).statusCode).toBe(404);
    expect((await get(`/api/consoles/${id}/snapshots/${snap}`, acme)).statusCode).toBe(404);
    expect(
      (await post(crypto.randomUUID(), { data: {}, createdAt: new Date().toISOString() })).statusCode,
    ).toBe(404);
    expect(await stored(id)).toHaveLength(1);
  });

  it('refuses a snapshot over 64 KB, or without a date, and stores nothing', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    const createdAt = new Date().toISOString();
    const over = await post(id, { data: { blob: 'x'.repeat(64 * 1024) }, createdAt });
    expect(over.statusCode).toBe(400);
    const huge = await post(id, { data: { blob: 'x'.repeat(200 * 1024) }, createdAt });
    expect(huge.statusCode).toBe(413);
    expect((await post(id, { data: { a: 1 }, createdAt: 'yesterday' })).statusCode).toBe(400);
    expect(await stored(id)).toHaveLength(0);
    expect((await get(`/api/consoles/${id}/snapshots`)).json()).toEqual({ data: [], total: 0 });
  });

  it('reading snapshots needs read Console', async () => {
    const id = crypto.randomUUID();
    await beat(id);
    expect((await get(`/api/consoles/${id}/snapshots`, noAccess)).statusCode).toBe(403);
  });
});
