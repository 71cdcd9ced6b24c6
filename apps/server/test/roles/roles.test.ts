import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { apiKeys, auditLog, roles, users } from '../../src/db/schema';
import { randomSecret, sha256 } from '../../src/platform/crypto';
import { getTestApp, keyHeaders, signIn, unique, zoneIdByName } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let noAccess: Record<string, string>;
const zoneId = (name: string) => zoneIdByName(app, name);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  superAdmin = (await signIn(app, 'superadmin@vigil.example')).headers;
  noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
});

const get = (url: string, headers = superAdmin) => app.inject({ url, headers });
const post = (payload: object, headers = superAdmin) =>
  app.inject({ method: 'POST', url: '/api/roles', headers, payload });
const put = (id: string, payload: object, headers = superAdmin) =>
  app.inject({ method: 'PUT', url: `/api/roles/${id}`, headers, payload });
const del = (id: string, headers = superAdmin) =>
  app.inject({ method: 'DELETE', url: `/api/roles/${id}`, headers });
const auditOf = (id: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

const READ_ALERTS = [{ action: ['list', 'read'], subject: 'Alert' }];

/** A console key holding `role`, written directly so the test needs no assigning caller. */
async function keyWithRole(role: string): Promise<string> {
  const secret = `vk_${randomSecret(32)}`;
  await app.db.insert(apiKeys).values({
    name: unique('role key '),
    zoneId: await zoneId('Demo Hospital'),
    role,
    keyHash: sha256(secret),
    prefix: secret.slice(0, 10),
  });
  return secret;
}

describe('GET /api/roles', () => {
  it('lists every role with builtIn to a caller who may list Role, else its own', async () => {
    const list = (await get('/api/roles', admin)).json();
    expect(list.data).toContainEqual(expect.objectContaining({ id: 'admin', builtIn: true }));
    expect(list.total).toBe(list.data.length);
    expect((await get('/api/roles', noAccess)).json()).toEqual({
      data: [{ id: 'noAccess', abilities: [], builtIn: true }],
      total: 1,
    });
  });
});

describe('GET /api/roles/{id}', () => {
  it("answers a role, whether it is built in, and how many of the caller's users hold it", async () => {
    const res = await get('/api/roles/admin', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'admin', builtIn: true, abilities: expect.any(Array) });
    expect(res.json().users).toBeGreaterThanOrEqual(1);
    // acme's admin is not counted for demo.
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    const seen = (await app.inject({ url: '/api/users?role=admin', headers: acme })).json().total;
    expect((await app.inject({ url: '/api/roles/admin', headers: acme })).json().users).toBe(seen);
  });

  it('answers 404 for an unknown role and 403 without read Role', async () => {
    expect((await get('/api/roles/wizard')).statusCode).toBe(404);
    expect((await get('/api/roles/admin', noAccess)).statusCode).toBe(403);
  });
});

describe('role writes', () => {
  it('creates, edits and deletes a custom role, auditing each step', async () => {
    const id = unique('nightShift');
    const created = await post({ id, abilities: READ_ALERTS });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ id, abilities: READ_ALERTS, builtIn: false, users: 0 });
    expect((await get(`/api/roles/${id}`)).json()).toMatchObject({ id, builtIn: false });

    const abilities = [...READ_ALERTS, { action: 'read', subject: 'Alert', fields: 'sound' }];
    const edited = await put(id, { abilities });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().abilities).toEqual(abilities);

    expect((await del(id)).statusCode).toBe(204);
    expect((await get(`/api/roles/${id}`)).statusCode).toBe(404);
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([
      ['role', 'create'],
      ['role', 'update'],
      ['role', 'delete'],
    ]);
    expect(audit[1]!.before).toMatchObject({ abilities: READ_ALERTS });
    expect(audit.every((a) => a.orgId === null)).toBe(true);
  });

  it('applies edited abilities to the next request at once', async () => {
    const id = unique('deskRole');
    await post({ id, abilities: READ_ALERTS });
    const key = keyHeaders(await keyWithRole(id));
    expect((await app.inject({ url: '/api/zones?level=floor', headers: key })).statusCode).toBe(403);
    await put(id, { abilities: [...READ_ALERTS, { action: ['list', 'read'], subject: 'Zone' }] });
    expect((await app.inject({ url: '/api/zones?level=floor', headers: key })).statusCode).toBe(200);
  });

  it('refuses a name already taken, whatever its case, with 409', async () => {
    const id = unique('dupRole');
    expect((await post({ id, abilities: [] })).statusCode).toBe(200);
    const again = await post({ id, abilities: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('role_taken');
    expect((await post({ id: id.toUpperCase(), abilities: [] })).statusCode).toBe(409);
    expect((await post({ id: 'Admin', abilities: [] })).statusCode).toBe(409);
  });

  it('refuses a bad name or rules that rawRuleSchema rejects with 400', async () => {
    for (const payload of [
      { id: '1role', abilities: [] },
      { id: 'a', abilities: [] },
      { id: 'has-dash', abilities: [] },
      { id: 'x'.repeat(41), abilities: [] },
      { id: unique('r'), abilities: [{ action: 'manage', subject: 'all' }] },
      { id: unique('r'), abilities: [{ action: 'read', subject: 'Alert', conditions: { zone: 1 } }] },
      { id: unique('r'), abilities: [{ action: 'read', subject: 'Zone', fields: 'sound' }] },
      { id: unique('r') },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put('admin', { abilities: [{ action: 'fly', subject: 'Alert' }] })).statusCode).toBe(400);
  });

  it('refuses to change or delete a built-in role with 403', async () => {
    const before = (await get('/api/roles/security')).json().abilities;
    const edit = await put('security', { abilities: [] });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().reason).toBe('Built-in roles cannot be changed');
    const res = await del('security');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'Built-in roles cannot be deleted', code: 'built_in_role' });
    expect((await get('/api/roles/security')).json().abilities).toEqual(before);
  });

  it('refuses to delete a role still held by a user or a key with 409', async () => {
    const heldByKey = unique('keyRole');
    await post({ id: heldByKey, abilities: [] });
    await keyWithRole(heldByKey);
    const res = await del(heldByKey);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'role_in_use', reason: expect.stringContaining('1 API key') });

    const heldByUser = unique('userRole');
    await post({ id: heldByUser, abilities: [] });
    await app.db.insert(users).values({
      email: `${unique('held')}@demo.example`,
      name: 'Held',
      role: heldByUser,
      zoneId: await zoneId('Ward 3'),
    });
    expect((await del(heldByUser)).statusCode).toBe(409);
    expect(await app.db.select().from(roles).where(eq(roles.id, heldByUser))).toHaveLength(1);
  });

  it('needs update or delete Role: an admin may only read roles', async () => {
    const id = unique('adminTry');
    expect((await post({ id, abilities: [] }, admin)).statusCode).toBe(403);
    expect((await put('admin', { abilities: [] }, admin)).statusCode).toBe(403);
    expect((await del('admin', admin)).statusCode).toBe(403);
    expect((await put(unique('none'), { abilities: [] })).statusCode).toBe(404);
    expect((await del(unique('none'))).statusCode).toBe(404);
  });
});

describe('assigning a custom role (SPEC §5, domain role-assignment)', () => {
  it('lets an admin give a custom role it fully holds, and refuses one holding more', async () => {
    const mild = unique('nightShift').replace(/[^a-zA-Z0-9]/g, '');
    const strong = unique('roleEditor').replace(/[^a-zA-Z0-9]/g, '');
    expect((await post({ id: mild, abilities: READ_ALERTS })).statusCode).toBe(200);
    expect(
      (await post({ id: strong, abilities: [{ action: ['update', 'delete'], subject: 'Role' }] })).statusCode,
    ).toBe(200);
    const zone = await zoneId('Demo Hospital');
    const make = (role: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { email: `${role.toLowerCase()}@demo.example`, name: role, role, zone },
      });
    const ok = await make(mild);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role).toBe(mild);
    const refused = await make(strong);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toMatch(/which a admin may not/);
  });
});
