import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { apiKeys, auditLog } from '../../src/db/schema';
import { sha256 } from '../../src/platform/crypto';
import { getTestApp, keyHeaders, signIn, unique, zoneIdByName } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let superAdmin: Record<string, string>;
let security: Record<string, string>;
const zoneId = (name: string) => zoneIdByName(app, name);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  superAdmin = (await signIn(app, 'superadmin@vigil.example')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
});

const get = (url: string, headers = admin) => app.inject({ url, headers });
const post = (payload: object, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/keys', headers, payload });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/keys/${id}`, headers, payload });
const del = (id: string, headers = admin) =>
  app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers });
const auditOf = (id: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

type Created = { id: string; name: string; role: string; secret: string; prefix: string };
async function newKey(extra: Record<string, unknown> = {}, headers = admin): Promise<Created> {
  const res = await post(
    { name: unique('Desk '), role: 'security', zone: await zoneId('Ward 3'), ...extra },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/keys', () => {
  it("lists the console keys of the caller's scope, never a secret or hash", async () => {
    const res = await get('/api/keys');
    expect(res.statusCode).toBe(200);
    const desk = res.json().data.find((k: { name: string }) => k.name === 'Demo security desk');
    expect(desk).toEqual({
      id: expect.any(String),
      name: 'Demo security desk',
      role: 'security',
      zone: { id: await zoneId('Demo Hospital'), name: 'Demo Hospital' },
      prefix: 'vk_demo_4f',
      createdAt: expect.any(String),
      lastUsedAt: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
    });
    const names = res.json().data.map((k: { name: string }) => k.name);
    expect(names).not.toContain('Demo gateways');
    expect(res.body).not.toMatch(/hash|secret/i);
  });

  it('filters and searches with the list contract, and refuses unknown fields', async () => {
    const key = await newKey({ name: unique('Searchable ') });
    const found = (await get(`/api/keys?query=${encodeURIComponent(key.name)}`)).json();
    expect(found.data.map((k: { id: string }) => k.id)).toEqual([key.id]);
    expect(
      (await get('/api/keys?role=security'))
        .json()
        .data.every((k: { role: string }) => k.role === 'security'),
    ).toBe(true);
    expect((await get(`/api/keys?where=${encodeURIComponent('{"keyHash":"x"}')}`)).statusCode).toBe(400);
  });

  it('needs list User and shows another organisation none of these keys', async () => {
    expect((await get('/api/keys', security)).statusCode).toBe(403);
    const names = (await get('/api/keys', acme)).json().data.map((k: { name: string }) => k.name);
    expect(names).not.toContain('Demo security desk');
  });
});

describe('POST /api/keys', () => {
  it('answers the secret once; the secret signs in and the list never shows it', async () => {
    const key = await newKey({ name: 'Front desk tablet' });
    expect(key.secret).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 10));
    expect(key).toMatchObject({ name: 'Front desk tablet', role: 'security', zone: { name: 'Ward 3' } });
    const [row] = await app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({
      keyHash: sha256(key.secret),
      kind: 'console',
      createdBy: expect.any(String),
    });

    const me = await get('/api/users/me', keyHeaders(key.secret));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: `key:${key.id}`,
      kind: 'key',
      role: 'security',
      name: 'Front desk tablet',
    });

    const list = await get('/api/keys?limit=500');
    expect(list.body).not.toContain(key.secret);
    expect(list.json().data.find((k: { id: string }) => k.id === key.id)).not.toHaveProperty('secret');
    const audit = await auditOf(key.id);
    expect(audit).toEqual([expect.objectContaining({ entity: 'apiKey', action: 'create' })]);
    expect(JSON.stringify(audit)).not.toContain(key.secret);
    expect(JSON.stringify(audit)).not.toContain(sha256(key.secret));
  });

  it('records when a key was last used, at most once a minute', async () => {
    const key = await newKey();
    const lastUsed = async () =>
      (await app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await get('/api/users/me', keyHeaders(key.secret));
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await get('/api/users/me', keyHeaders(key.secret));
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    const listed = (await get('/api/keys?limit=500'))
      .json()
      .data.find((k: { id: string }) => k.id === key.id);
    expect(listed.lastUsedAt).toBe(first!.toISOString());

    // An hour-old stamp is refreshed on the next use.
    const old = new Date(Date.now() - 3_600_000);
    await app.db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, key.id));
    await get('/api/users/me', keyHeaders(key.secret));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 3_000_000);
  });

  it('refuses a role the caller may not assign with 403 (SPEC §5)', async () => {
    const res = await post({ name: 'Boss key', role: 'superAdmin', zone: await zoneId('Ward 3') });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('A admin may not assign the role superAdmin');
  });

  it('refuses an invalid body with 400 and a zone of another organisation with 404', async () => {
    const zone = await zoneId('Ward 3');
    for (const payload of [
      { name: '', role: 'security', zone },
      { name: 'x', role: 'security' },
      { name: 'x', role: 'security', zone: 'nope' },
      { name: 'x', role: 'security', zone, secret: 'mine' },
      { name: 'x', role: 'wizard', zone },
    ]) {
      expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post({ name: 'x', role: 'security', zone: await zoneId('Front Desk') })).statusCode).toBe(
      404,
    );
    expect((await post({ name: 'x', role: 'security', zone }, security)).statusCode).toBe(403);
  });
});

describe('PUT /api/keys/{id}', () => {
  it('renames and re-roles a key, and audits it', async () => {
    const key = await newKey();
    const res = await put(key.id, { name: 'Renamed desk', role: 'noAccess' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: key.id,
      name: 'Renamed desk',
      role: 'noAccess',
      prefix: key.prefix,
    });
    expect(res.json()).not.toHaveProperty('secret');
    expect((await get('/api/users/me', keyHeaders(key.secret))).json().role).toBe('noAccess');
    const audit = await auditOf(key.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.after).toMatchObject({ name: 'Renamed desk' });
  });

  it('refuses an unassignable role and a key whose role the caller may not assign (403)', async () => {
    const key = await newKey();
    expect((await put(key.id, { role: 'superAdmin' })).statusCode).toBe(403);
    const boss = await newKey({ role: 'superAdmin' }, superAdmin);
    const res = await put(boss.id, { name: 'mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('You may not change an API key with the role superAdmin');
    expect((await del(boss.id)).statusCode).toBe(403);
  });

  it("answers 404 for another organisation's key, a gateway key and a malformed id", async () => {
    const key = await newKey();
    expect((await put(key.id, { name: 'pwned' }, acme)).statusCode).toBe(404);
    const [gatewayKey] = await app.db.select().from(apiKeys).where(eq(apiKeys.kind, 'gateway'));
    expect((await put(gatewayKey!.id, { name: 'x' })).statusCode).toBe(404);
    expect((await del(gatewayKey!.id)).statusCode).toBe(404);
    expect((await put('nope', { name: 'x' })).statusCode).toBe(404);
    expect((await put(key.id, { prefix: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/keys/{id}', () => {
  it('deletes a key, which stops signing in at once', async () => {
    const key = await newKey();
    expect((await get('/api/users/me', keyHeaders(key.secret))).statusCode).toBe(200);
    expect((await del(key.id, acme)).statusCode).toBe(404);
    expect((await del(key.id, security)).statusCode).toBe(403);
    expect((await del(key.id)).statusCode).toBe(204);
    expect((await get('/api/users/me', keyHeaders(key.secret))).statusCode).toBe(401);
    expect((await auditOf(key.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('refuses to let a key delete itself (409)', async () => {
    const key = await newKey({ role: 'admin' });
    const res = await del(key.id, keyHeaders(key.secret));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('self_delete');
  });
});
