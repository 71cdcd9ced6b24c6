import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, batchOperations, gatewayCommands, gateways, zones } from '../../src/db/schema';
import { freshTag, placedUser } from '../helpers/alerts';
import { getTestApp, keyHeaders, signIn, unique } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let demoOrg: string;
let acmeOrg: string;

const orgId = async (slug: string) =>
  (
    await app.db
      .select()
      .from(zones)
      .where(and(eq(zones.slug, slug), eq(zones.level, 'org')))
  )[0]!.id;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  demoOrg = await orgId('demo');
  acmeOrg = await orgId('acme');
});

const get = (url: string, headers = admin) => app.inject({ url, headers });
const page = async (url: string, headers = admin) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; total: number };
};

/** A person made and renamed through the API: two audit entries, the second with a request id. */
async function renamedPerson(headers = admin) {
  const personId = unique('P-');
  const created = await app.inject({
    method: 'POST',
    url: '/api/people',
    headers,
    payload: { name: 'Before Name', personId, contacts: { email: 'before@demo.example' } },
  });
  expect(created.statusCode, created.body).toBe(200);
  const requestId = unique('req-');
  const renamed = await app.inject({
    method: 'PUT',
    url: `/api/people/${created.json().id}`,
    headers: { ...headers, 'x-request-id': requestId },
    payload: { name: 'After Name', personId },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  return { id: created.json().id as string, requestId };
}

describe('GET /api/log/audit (SPEC §7 log/audit)', () => {
  it('finds an entity’s entries by id, with who, when and the before/after diff', async () => {
    const { id } = await renamedPerson();
    const { data } = await page(`/api/log/audit?id=${id}&query=&includeDetails=true&orderBy=at`);
    const me = (await get('/api/users/me')).json();
    expect(data).toEqual([
      {
        id: expect.any(Number),
        requestId: expect.any(String),
        at: expect.any(String),
        actor: { id: me.id, name: 'Dana Admin' },
        entity: 'person',
        entityId: id,
        label: 'Before Name',
        action: 'create',
        changes: expect.arrayContaining([
          { path: 'name', after: 'Before Name' },
          { path: 'contacts.email', after: 'before@demo.example' },
        ]),
      },
      expect.objectContaining({
        action: 'update',
        label: 'After Name',
        changes: [{ path: 'name', before: 'Before Name', after: 'After Name' }],
      }),
    ]);
  });

  it('matches a request id too, and leaves the diff out without includeDetails', async () => {
    const { requestId, id } = await renamedPerson();
    const { data } = await page(`/api/log/audit?id=${requestId}`);
    expect(data).toEqual([expect.objectContaining({ requestId, entityId: id, action: 'update' })]);
    expect(data[0]).not.toHaveProperty('changes');
  });

  it('finds an entity’s changes by the name it had before or after', async () => {
    const { id } = await renamedPerson();
    for (const name of ['Before%20Name', 'After%20Name']) {
      const { data } = await page(`/api/log/audit?query=${name}&limit=500`);
      expect(data.filter((e) => e.entityId === id).length, name).toBeGreaterThan(0);
    }
  });

  it('searches actor names, entities and actions, newest first by default', async () => {
    await renamedPerson();
    const { data } = await page('/api/log/audit?query=dana%20person%20update&limit=5');
    expect(data.length).toBeGreaterThan(0);
    for (const entry of data) expect(entry).toMatchObject({ entity: 'person', action: 'update' });
    const ats = (await page('/api/log/audit?limit=50')).data.map((e) => Date.parse(e.at as string));
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
  });

  it('names an API key actor by the key’s name', async () => {
    const keyName = unique('Import desk ');
    const key = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: admin,
      payload: { name: keyName, role: 'admin', zone: demoOrg },
    });
    expect(key.statusCode, key.body).toBe(200);
    const { id } = await renamedPerson(keyHeaders(key.json().secret));
    const { data } = await page(`/api/log/audit?id=${id}`);
    expect(data.map((e) => e.actor)).toEqual([
      { id: `key:${key.json().id}`, name: keyName },
      { id: `key:${key.json().id}`, name: keyName },
    ]);
    expect((await page(`/api/log/audit?id=${id}&query=${encodeURIComponent(keyName)}`)).total).toBe(2);
  });

  it('shows an organisation only its own entries', async () => {
    const { id } = await renamedPerson();
    expect((await page(`/api/log/audit?id=${id}`, acme)).data).toEqual([]);
    const theirs = await page('/api/log/audit?limit=500', acme);
    expect(theirs.data.every((e) => e.entityId !== id)).toBe(true);
    // Installation-wide changes (custom roles, organisation null) belong to no organisation's log.
    expect((await page('/api/log/audit?entity=role&limit=500')).data).toEqual([]);
  });

  it.each([
    ['limit=501', 'limit'],
    ['offset=x', 'offset'],
    ['orderBy=before', 'orderBy'],
    ['after.name=x', 'after.name'],
    [`where=${encodeURIComponent('{"after":{"$exists":true}}')}`, 'after'],
    [`where=${encodeURIComponent('{"at":{"$regex":"1"}}')}`, 'at'],
    ['includeDetails=yes', 'includeDetails'],
    ['id=a&id=b', 'id'],
    [`id=${'x'.repeat(201)}`, 'id'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await get(`/api/log/audit?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('passes hostile text through id, query and filters as data', async () => {
    const evil = "' or 1=1; drop table audit_log; --";
    for (const query of [
      `id=${encodeURIComponent(evil)}`,
      `query=${encodeURIComponent(evil)}`,
      `entity=${encodeURIComponent(evil)}`,
    ]) {
      expect((await page(`/api/log/audit?${query}`)).data, query).toEqual([]);
    }
    expect((await page('/api/log/audit?limit=1')).total).toBeGreaterThan(0);
  });

  it('needs list LogAudit', async () => {
    expect((await get('/api/log/audit', security)).statusCode).toBe(403);
    expect((await get('/api/log/audit', keyHeaders())).statusCode).toBe(403);
  });
});

describe('GET /api/log/batch (Batch Operations Log)', () => {
  it('lists the organisation’s bulk runs, newest first, filtered by subject and op', async () => {
    const requestId = unique('batch-');
    await app.db.insert(batchOperations).values([
      {
        orgId: demoOrg,
        requestId,
        actor: { id: 'u-1', name: 'Dana Admin' },
        subject: 'Tag',
        op: 'mark_lost',
        args: {},
        ids: ['c0ffee100001', 'c0ffee100002'],
        count: 2,
      },
      {
        orgId: acmeOrg,
        requestId,
        actor: { id: 'u-2', name: 'Avery Acme' },
        subject: 'Gateway',
        op: 'transfer',
        args: { zone: acmeOrg },
        ids: ['b0a710000009'],
        count: 1,
      },
    ]);
    const { data } = await page(`/api/log/batch?requestId=${requestId}`);
    expect(data).toEqual([
      {
        id: expect.any(String),
        requestId,
        at: expect.any(String),
        actor: { id: 'u-1', name: 'Dana Admin' },
        subject: 'Tag',
        op: 'mark_lost',
        args: {},
        ids: ['c0ffee100001', 'c0ffee100002'],
        count: 2,
      },
    ]);
    expect((await page(`/api/log/batch?requestId=${requestId}`, acme)).data).toMatchObject([
      { op: 'transfer' },
    ]);
    expect((await page(`/api/log/batch?subject=Gateway&requestId=${requestId}`)).data).toEqual([]);
    expect((await page(`/api/log/batch?query=dana%20mark_lost&requestId=${requestId}`)).data).toHaveLength(1);
  });

  it('refuses what is not on its whitelist, takes hostile text as data, needs list LogBatch', async () => {
    for (const query of [
      'limit=0',
      'orderBy=ids',
      'args.zone=x',
      `where=${encodeURIComponent('{"args":{"$eq":1}}')}`,
    ]) {
      expect((await get(`/api/log/batch?${query}`)).statusCode, query).toBe(400);
    }
    expect((await page(`/api/log/batch?op=${encodeURIComponent("x' or '1'='1")}`)).data).toEqual([]);
    expect((await get('/api/log/batch', security)).statusCode).toBe(403);
  });
});

describe('GET /api/log/sync (sync log)', () => {
  it('lists each command pushed to a gateway with when it was delivered and confirmed', async () => {
    const gateway = `5c${Date.now().toString(16).slice(-10)}`;
    const at = (s: string) => new Date(`2026-01-0${s}T10:00:00Z`);
    await app.db.insert(gatewayCommands).values([
      {
        orgId: demoOrg,
        gatewayId: gateway,
        type: 'diag',
        payload: { zone: 'x' },
        actor: { id: 'u-1', name: 'Dana Admin' },
        createdAt: at('1'),
        deliveredAt: at('2'),
        confirmedAt: at('3'),
      },
      {
        orgId: demoOrg,
        gatewayId: gateway,
        type: 'unassign',
        payload: { action: 'uninstall' },
        createdAt: at('4'),
      },
      { orgId: acmeOrg, gatewayId: gateway, type: 'diag', payload: {}, createdAt: at('5') },
    ]);
    const { data } = await page(`/api/log/sync?gateway=${gateway}`);
    expect(data).toEqual([
      {
        id: expect.any(String),
        gatewayId: gateway,
        type: 'unassign',
        payload: { action: 'uninstall' },
        actor: null,
        createdAt: at('4').toISOString(),
        deliveredAt: null,
        confirmedAt: null,
      },
      expect.objectContaining({
        type: 'diag',
        actor: { id: 'u-1', name: 'Dana Admin' },
        deliveredAt: at('2').toISOString(),
        confirmedAt: at('3').toISOString(),
      }),
    ]);
    const pending = await page(
      `/api/log/sync?gateway=${gateway}&where=${encodeURIComponent('{"confirmedAt":{"$exists":false}}')}`,
    );
    expect(pending.data.map((c) => c.type)).toEqual(['unassign']);
    expect((await page(`/api/log/sync?gateway=${gateway}`, acme)).data).toHaveLength(1);
  });

  it('shows an admin placed in part of the organisation only the commands of gateways placed there', async () => {
    const zoneOf = async (name: string) =>
      (await app.db.select().from(zones).where(eq(zones.name, name)))[0]!;
    const [inside, outside] = [await zoneOf('Room 201'), await zoneOf('Room 202')];
    const near = `5d${Date.now().toString(16).slice(-10)}`;
    const far = `5e${Date.now().toString(16).slice(-10)}`;
    await app.db.insert(gateways).values([
      { id: near, orgId: demoOrg, zoneId: inside.id },
      { id: far, orgId: demoOrg, zoneId: outside.id },
    ]);
    await app.db.insert(gatewayCommands).values([
      { orgId: demoOrg, gatewayId: near, type: 'diag', payload: {} },
      { orgId: demoOrg, gatewayId: far, type: 'diag', payload: {} },
    ]);
    const placed = (await signIn(app, await placedUser(app, { zone: 'Room 201', role: 'admin' }))).headers;
    const seen = async (headers: Record<string, string>) => {
      const found: string[] = [];
      for (const id of [near, far]) {
        found.push(
          ...(await page(`/api/log/sync?gateway=${id}`, headers)).data.map((c) => c.gatewayId as string),
        );
      }
      return found;
    };
    expect(await seen(placed)).toEqual([near]);
    expect(await seen(admin)).toEqual([near, far]);
  });

  it('refuses what is not on its whitelist, takes hostile text as data, needs list LogSync', async () => {
    for (const query of [
      'limit=1000',
      'orderBy=payload',
      'payload.x=1',
      `where=${encodeURIComponent('{"createdAt":"yesterday"}')}`,
    ]) {
      expect((await get(`/api/log/sync?${query}`)).statusCode, query).toBe(400);
    }
    expect(
      (await page(`/api/log/sync?query=${encodeURIComponent("'; drop table gateway_commands; --")}`)).data,
    ).toEqual([]);
    expect((await get('/api/log/sync', security)).statusCode).toBe(403);
  });
});

// ARCHITECTURE §4 tenancy: an admin placed in part of the organisation reads the logs of what lies there.
describe('logs of a caller placed in part of the organisation', () => {
  it('shows the audit entries of tags placed there and the caller’s own, not those elsewhere', async () => {
    const near = await freshTag(app, 'Room 201');
    const far = await freshTag(app, 'Room 202');
    const email = await placedUser(app, { zone: 'Room 201', role: 'admin' });
    const placed = await signIn(app, email);
    const entry = (entityId: string, actor = 'someone-else') => ({
      requestId: unique('req'),
      actor,
      orgId: demoOrg,
      entity: 'tag',
      entityId,
      action: 'update',
      after: { label: 'x' },
    });
    await app.db.insert(auditLog).values([entry(near), entry(far), entry('a-role-id', 'someone-else')]);
    const seen = async (headers: Record<string, string>, id: string) =>
      (await page(`/api/log/audit?id=${id}`, headers)).data.length;
    expect(await seen(placed.headers, near)).toBe(1);
    expect(await seen(placed.headers, far)).toBe(0);
    expect(await seen(placed.headers, 'a-role-id')).toBe(0);
    expect(await seen(admin, near)).toBe(1);
    expect(await seen(admin, far)).toBe(1);
    // The caller's own entries, whatever their subject.
    const me = (await get('/api/users/me', placed.headers)).json() as { id: string };
    await app.db.insert(auditLog).values(entry('another-role-id', me.id));
    expect(await seen(placed.headers, 'another-role-id')).toBe(1);
  });

  it('shows the batch runs whose every tag lies there', async () => {
    const near = await freshTag(app, 'Room 201');
    const far = await freshTag(app, 'Room 202');
    const placed = (await signIn(app, await placedUser(app, { zone: 'Room 201', role: 'admin' }))).headers;
    const op = unique('op');
    const run = (ids: string[]) => ({
      orgId: demoOrg,
      requestId: unique('req'),
      actor: { id: 'u-1', name: 'Dana Admin' },
      subject: 'Tag',
      op,
      ids,
      count: ids.length,
    });
    await app.db.insert(batchOperations).values([run([near]), run([near, far]), run([far])]);
    const runs = async (headers: Record<string, string>) =>
      (await page(`/api/log/batch?op=${op}`, headers)).data.map((r) => (r.ids as string[]).join(','));
    expect(await runs(placed)).toEqual([near]);
    expect((await runs(admin)).sort()).toEqual([near, `${near},${far}`, far].sort());
  });
});
