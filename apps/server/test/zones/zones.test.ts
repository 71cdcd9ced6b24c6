import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, gateways, signInProviders, zones } from '../../src/db/schema';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';

let app: FastifyInstance;
let demo: Record<string, string>;
let acme: Record<string, string>;
const zoneId = (name: string) => zoneIdByName(app, name);

beforeAll(async () => {
  app = await getTestApp();
  demo = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
});

const get = (url: string, headers = demo) => app.inject({ url, headers });
const post = (payload: object, headers = demo) =>
  app.inject({ method: 'POST', url: '/api/zones', headers, payload });
const put = (id: string, payload: object, headers = demo) =>
  app.inject({ method: 'PUT', url: `/api/zones/${id}`, headers, payload });
const del = (id: string, headers = demo) =>
  app.inject({ method: 'DELETE', url: `/api/zones/${id}`, headers });

describe('GET /api/zones', () => {
  it('finds an organisation by slug as {data: [zone], total}', async () => {
    const res = await get('/api/zones?slug=demo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      data: [{ name: 'Demo Hospital', level: 'org', slug: 'demo' }],
    });
  });

  it('lists by level and parent', async () => {
    const tower = await zoneId('North Tower');
    const res = (await get(`/api/zones?level=floor&parent=${tower}`)).json();
    expect(res.data.map((z: { name: string }) => z.name)).toEqual(['Floor 1', 'Floor 2']);
    expect(res.data[0]).toMatchObject({ isLeaf: false, isLoaded: false, parent: tower });
  });

  it('applies the list contract: limit bounds and unknown filters are 400', async () => {
    expect((await get('/api/zones?limit=501')).statusCode).toBe(400);
    expect((await get('/api/zones?limit=abc')).statusCode).toBe(400);
    expect((await get('/api/zones?orderBy=secret')).statusCode).toBe(400);
    expect((await get(`/api/zones?where=${encodeURIComponent('{"config.secret":1}')}`)).statusCode).toBe(400);
    const page = (await get('/api/zones?level=area&limit=2&orderBy=-name')).json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });
});

describe('GET /api/zones/{id}', () => {
  it('answers a zone with its children and context path', async () => {
    const floor = await zoneId('Floor 2');
    const res = await get(`/api/zones/${floor}?children=true&context=true`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.children.map((c: { name: string }) => c.name)).toEqual(['Behavioral Health', 'Ward 3']);
    expect(body.isLoaded).toBe(true);
    expect(body.context.map((c: { name: string }) => c.name)).toEqual([
      'Demo Hospital',
      'Main Campus',
      'North Tower',
      'Floor 2',
    ]);
  });

  it('answers 404 for a malformed id', async () => {
    expect((await get('/api/zones/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('zone writes', () => {
  it('adds a zone with a trimmed name, audits it, renames it and deletes it', async () => {
    const unit = await zoneId('Ward 3');
    const created = await post({ name: '  Room 299  ', level: 'area', parent: unit });
    expect(created.statusCode).toBe(200);
    const zone = created.json();
    expect(zone).toMatchObject({ name: 'Room 299', level: 'area', parent: unit, isLeaf: true });

    const renamed = await put(zone.id, { name: 'Room 298', config: { state: 'inactive' } });
    expect(renamed.json()).toMatchObject({ name: 'Room 298', config: { state: 'inactive' } });
    const cleared = await put(zone.id, { config: { state: null } });
    expect(cleared.json().config).toEqual({});

    expect((await del(zone.id)).statusCode).toBe(204);
    expect((await get(`/api/zones/${zone.id}`)).statusCode).toBe(404);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, zone.id))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[0]).toMatchObject({
      entity: 'zone',
      actor: expect.any(String),
      requestId: expect.any(String),
    });
    expect(audit[1]!.before).toMatchObject({ name: 'Room 299' });
    expect(audit[1]!.after).toMatchObject({ name: 'Room 298' });
  });

  it('refuses a level that is not below the parent, an empty name and computed fields', async () => {
    const floor = await zoneId('Floor 1');
    expect((await post({ name: 'Wing', level: 'building', parent: floor })).statusCode).toBe(400);
    expect((await post({ name: '   ', level: 'unit', parent: floor })).statusCode).toBe(400);
    expect((await post({ name: 'x'.repeat(201), level: 'unit', parent: floor })).statusCode).toBe(400);
    const res = await put(floor, { isLeaf: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(/isLeaf/);
  });

  it('moves a unit to another floor and re-paths its subtree in one go', async () => {
    const floor1 = await zoneId('Floor 1');
    const floor2 = await zoneId('Floor 2');
    const unit = (await post({ name: 'Radiology', level: 'unit', parent: floor1 })).json();
    const area = (await post({ name: 'X-Ray 1', level: 'area', parent: unit.id })).json();
    const moved = await put(unit.id, { parent: floor2 });
    expect(moved.statusCode).toBe(200);
    const ctx = (await get(`/api/zones/${area.id}?context=true`))
      .json()
      .context.map((c: { name: string }) => c.name);
    expect(ctx).toEqual(['Demo Hospital', 'Main Campus', 'North Tower', 'Floor 2', 'Radiology', 'X-Ray 1']);
    // Not under itself, not under a lower level.
    expect((await put(unit.id, { parent: area.id })).statusCode).toBe(400);
    expect((await del(unit.id)).statusCode).toBe(409);
    await del(area.id);
    await del(unit.id);
  });

  it('refuses to delete a zone assigned to a gateway with the SPEC §8 reason', async () => {
    const room = await zoneId('ED Room 101');
    const res = await del(room);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe(`Could not delete zone "ED Room 101" since it's assigned to a gateway`);
    // Nothing was deleted: the zone and the demo gateway located in it are both still there
    // (other test files may add gateways of their own to this area).
    expect(await app.db.select().from(zones).where(eq(zones.id, room))).toHaveLength(1);
    const located = await app.db.select({ id: gateways.id }).from(gateways).where(eq(gateways.zoneId, room));
    expect(located.map((g) => g.id)).toContain('b0a710000001');
  });

  it('refuses to delete a zone with located tags (409)', async () => {
    const res = await del(await zoneId('Ward 3 Nurses Station'));
    expect(res.statusCode).toBe(409);
  });

  it('refuses a slug already taken with 409', async () => {
    const res = await put(await zoneId('Main Campus'), { slug: 'acme' });
    expect(res.statusCode).toBe(409);
  });
});

describe('cross-organisation isolation (every zone route)', () => {
  it('acme sees nothing of demo', async () => {
    const demoFloor = await zoneId('Floor 1');
    const demoOrg = await zoneId('Demo Hospital');
    expect((await get('/api/zones?slug=demo', acme)).json()).toEqual({ data: [], total: 0 });
    expect((await get(`/api/zones?parent=${demoOrg}`, acme)).json().total).toBe(0);
    expect(
      (await get('/api/zones?level=floor', acme)).json().data.map((z: { name: string }) => z.name),
    ).toEqual(['Ground Floor']);
    expect((await get(`/api/zones/${demoFloor}`, acme)).statusCode).toBe(404);
    expect((await put(demoFloor, { name: 'pwned' }, acme)).statusCode).toBe(404);
    expect((await post({ name: 'x', level: 'unit', parent: demoFloor }, acme)).statusCode).toBe(404);
    expect((await del(demoFloor, acme)).statusCode).toBe(404);
    const acmeFloor = await zoneId('Ground Floor');
    expect((await put(acmeFloor, { parent: demoOrg }, acme)).statusCode).toBe(404);
    expect((await put(acmeFloor, { peers: [demoFloor] }, acme)).statusCode).toBe(400);
    const [floor] = await app.db
      .select()
      .from(zones)
      .where(and(eq(zones.id, demoFloor)));
    expect(floor!.name).toBe('Floor 1');
  });

  it('exports only the own organisation, and needs a customer super-admin', async () => {
    expect((await get('/api/zones/export')).statusCode).toBe(403);
    const sa = (await signIn(app, 'superadmin@vigil.example')).headers;
    const res = await get('/api/zones/export', sa);
    expect(res.statusCode).toBe(200);
    const file = await app.inject({ url: res.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Demo Hospital');
    expect(file.body).not.toContain('Acme');
  });
});

describe('sign-in methods (issue 17)', () => {
  it('enables single sign-on only once its provider is configured on the zone', async () => {
    const site = await zoneId('Main Campus');
    const refused = await put(site, { auth: { methods: ['saml', 'password'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      reason: 'Configure SAML sign-in on this zone before enabling it',
      field: 'auth.methods',
    });
    const created = await post({
      name: 'SSO Site',
      level: 'site',
      parent: (await zoneId('Demo Hospital'))!,
      auth: { methods: ['google'] },
    });
    expect(created.statusCode).toBe(400);
    await app.db.insert(signInProviders).values({ zoneId: site!, kind: 'saml', settings: {} });
    try {
      const enabled = await put(site, { auth: { methods: ['saml', 'password'] } });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(enabled.json().auth).toEqual({ methods: ['saml', 'password'] });
    } finally {
      await put(site, { auth: { methods: null } });
      await app.db.delete(signInProviders).where(eq(signInProviders.zoneId, site!));
    }
  });
});
