import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, tags } from '../../src/db/schema';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { freshTag, placedUser } from '../helpers/alerts';

let app: FastifyInstance;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let distribution: Record<string, string>;
let ward3Admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  superAdmin = { ...(await signIn(app, 'superadmin@vigil.example')).headers, slug: 'demo' };
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  distribution = (await signIn(app, 'distribution@demo.example')).headers;
  ward3Admin = (await signIn(app, await placedUser(app, { zone: 'Ward 3', role: 'admin' }))).headers;
});

type Station = {
  id: string;
  name: string;
  helpMessage: string;
  minimumInventory: number;
  zoneId: string | null;
};

const API = '/api/distribution-station';
const get = (url: string, headers = admin) => app.inject({ url, headers });
const post = (payload: object, headers = admin) => app.inject({ method: 'POST', url: API, headers, payload });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `${API}/${id}`, headers, payload });
const del = (id: string, headers = superAdmin) =>
  app.inject({ method: 'DELETE', url: `${API}/${id}`, headers });
const names = async (query = '', headers = admin) => {
  const res = await get(`${API}?limit=500&${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((s: Station) => s.name) as string[];
};
const auditOf = (id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'distributionStation'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

async function newStation(extra: Record<string, unknown> = {}): Promise<Station> {
  const res = await post({ name: unique('Kiosk '), zoneId: await zoneIdByName(app, 'Room 202'), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/distribution-station and /{id} (SPEC §7 Devices)', () => {
  it('lists the demo stations by name with their help text, minimum inventory and kiosk settings', async () => {
    const res = await get(`${API}?query=station`);
    const stations: Station[] = res.json().data;
    expect(stations.map((s) => s.name)).toEqual(['Emergency Department station', 'Ward 3 station']);
    expect(stations[1]).toEqual({
      id: expect.any(String),
      orgId: expect.any(String),
      zoneId: await zoneIdByName(app, 'Ward 3 Nurses Station'),
      name: 'Ward 3 station',
      helpMessage: 'Scan the QR code on the tag. Ask the charge nurse if the station is empty.',
      minimumInventory: 5,
      gatewayId: null,
      scanMode: 'qrCode',
      availableTags: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const one = await get(`${API}/${stations[1]!.id}`, distribution);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(stations[1]);
  });

  it('sorts and filters on its whitelist only', async () => {
    const res = await get(
      `${API}?orderBy=-minimumInventory&where=${encodeURIComponent('{"minimumInventory":{"$gte":6}}')}`,
    );
    expect(res.json().data.map((s: Station) => s.name)).toContain('Emergency Department station');
    expect(res.json().data.every((s: Station) => s.minimumInventory >= 6)).toBe(true);
    for (const query of [
      'limit=501',
      'limit=0',
      'orderBy=helpMessage',
      'config.x=1',
      `where=${encodeURIComponent('{"name":{"$like":"%"}}')}`,
    ]) {
      expect((await get(`${API}?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('passes hostile text as data', async () => {
    const evil = "'; delete from distribution_stations; --";
    expect(await names(`query=${encodeURIComponent(evil)}`)).toEqual([]);
    expect(await names(`name=${encodeURIComponent(evil)}`)).toEqual([]);
    expect((await get(`${API}/${encodeURIComponent(evil)}`)).statusCode).toBe(404);
    expect(await names()).toContain('Ward 3 station');
  });

  it('needs list DistributionStation; another organisation and other zones see none of them', async () => {
    expect((await get(API, security)).statusCode).toBe(403);
    expect(await names('', acme)).toEqual([]);
    const [ed] = (await get(`${API}?query=Emergency`)).json().data as Station[];
    expect((await get(`${API}/${ed!.id}`, acme)).statusCode).toBe(404);
    expect((await put(ed!.id, { name: 'Mine' }, acme)).statusCode).toBe(404);
    expect(await names('', ward3Admin)).toEqual(['Ward 3 station']);
    expect((await get(`${API}/${ed!.id}`, ward3Admin)).statusCode).toBe(404);
  });
});

describe('POST, PUT and DELETE /api/distribution-station', () => {
  it('adds, edits and deletes a station, auditing each change', async () => {
    const station = await newStation({
      name: 'Lobby kiosk',
      helpMessage: 'Ask reception',
      minimumInventory: 3,
    });
    expect(station).toMatchObject({ name: 'Lobby kiosk', helpMessage: 'Ask reception', minimumInventory: 3 });
    const edited = await put(station.id, { name: 'Lobby kiosk 2', minimumInventory: 8 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Lobby kiosk 2',
      helpMessage: 'Ask reception',
      minimumInventory: 8,
    });
    expect((await del(station.id)).statusCode).toBe(204);
    expect((await get(`${API}/${station.id}`)).statusCode).toBe(404);
    const audit = await auditOf(station.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ name: 'Lobby kiosk', minimumInventory: 3 }),
      after: expect.objectContaining({ name: 'Lobby kiosk 2', minimumInventory: 8 }),
    });
  });

  it('refuses bad bodies', async () => {
    for (const body of [
      { name: '' },
      { name: 'x', minimumInventory: -1 },
      { name: 'x', minimumInventory: 1.5 },
      { name: 'x', color: 'red' },
      { name: 'x', zoneId: 'not-a-uuid' },
    ]) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post({ name: 'x', zoneId: await zoneIdByName(app, 'Front Desk') })).statusCode).toBe(404);
  });

  it('refuses to delete a station tags still name (409), and deletes it once they are moved', async () => {
    const station = await newStation();
    const tag = await freshTag(app, 'Room 202');
    const [row] = await app.db.select().from(tags).where(eq(tags.id, tag));
    await app.db
      .update(tags)
      .set({ config: { ...row!.config, station: station.id } })
      .where(eq(tags.id, tag));
    const refused = await del(station.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toMatch(/still has 1 tag;/);
    await app.db.update(tags).set({ config: row!.config }).where(eq(tags.id, tag));
    expect((await del(station.id)).statusCode).toBe(204);
  });

  it('needs update DistributionStation to write and delete DistributionStation to delete', async () => {
    const station = await newStation();
    expect((await post({ name: 'x' }, distribution)).statusCode).toBe(403);
    expect((await put(station.id, { name: 'x' }, distribution)).statusCode).toBe(403);
    // SPEC §6 abilities (docs/ROLES.md): a customer admin lists, reads and updates stations, but deletes none.
    expect((await del(station.id, admin)).statusCode).toBe(403);
    expect((await auditOf(station.id)).map((a) => a.action)).toEqual(['create']);
  });
});
