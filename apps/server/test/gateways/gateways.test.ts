import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DIAGNOSTICS_PASS_PERCENT } from '@vigil/domain';
import {
  auditLog,
  batchOperations,
  credentials,
  gatewayCommands,
  gatewayHeartbeats,
  gateways,
  users,
  zones,
} from '../../src/db/schema';
import { DEMO_PASSWORD, ROOT_ZONE_ID } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { getTestApp, signIn, unique } from '../helpers/app';
import { customRole, freshMac, gatewayAuth, placedUser, zoneByName } from '../helpers/alerts';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let viewer: Record<string, string>;
let edUser: Record<string, string>;
let demoOrg: string;
let acmeOrg: string;
let edRoom: string;
let roomTwoOhOne: string;
let edUnit: string;
let frontDesk: string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  viewer = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: 'default' }))).headers;
  edUser = (await signIn(app, await placedUser(app, { zone: 'Emergency Department', role: 'admin' })))
    .headers;
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
  acmeOrg = (await zoneByName(app, 'Acme Clinic', 'acme')).id;
  edRoom = (await zoneByName(app, 'ED Room 101')).id;
  roomTwoOhOne = (await zoneByName(app, 'Room 201')).id;
  edUnit = (await zoneByName(app, 'Emergency Department')).id;
  frontDesk = (await zoneByName(app, 'Front Desk', 'acme')).id;
});

type Fresh = {
  zone?: string | null;
  org?: string;
  sku?: string | null;
  state?: string;
  config?: Record<string, unknown>;
  gwState?: Record<string, unknown>;
};

/** A gateway of its own (tests share one database), located in `zone` unless null. */
async function freshGateway(opts: Fresh = {}): Promise<string> {
  const id = freshMac();
  const zoneId = opts.zone === undefined ? edRoom : opts.zone;
  await app.db.insert(gateways).values({
    id,
    orgId: opts.org ?? demoOrg,
    zoneId,
    config: {
      state: opts.state ?? 'deployed',
      ...(zoneId ? { location: zoneId } : {}),
      ...(opts.sku === null ? {} : { logistics: { sku: opts.sku ?? 'GW2' } }),
      labels: [],
      notes: '',
      ...opts.config,
    },
    state: opts.gwState ?? { status: 'connected', updatedAt: new Date().toISOString() },
  });
  return id;
}

const get = (url: string, headers = admin) => app.inject({ url, headers });
const put = (url: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url, headers, payload });
const post = (url: string, payload: object | undefined, headers = admin) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const list = (query: string, headers = admin) => get(`/api/gateways?${query}`, headers);
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((g) => g.id);
const where = (doc: object) => `where=${encodeURIComponent(JSON.stringify(doc))}`;
const heartbeat = (gateway: string, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/ingest/heartbeats',
    headers: gatewayAuth(),
    payload: { gateway, status: 'connected', ...extra },
  });
const commandsOf = (gateway: string) =>
  app.db
    .select()
    .from(gatewayCommands)
    .where(eq(gatewayCommands.gatewayId, gateway))
    .orderBy(gatewayCommands.createdAt);
const auditOf = (gateway: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'gateway'), eq(auditLog.entityId, gateway)))
    .orderBy(auditLog.id);
const rowOf = async (gateway: string) =>
  (await app.db.select().from(gateways).where(eq(gateways.id, gateway)))[0]!;

describe('GET /api/gateways (SPEC §7 Devices)', () => {
  it('lists indoor gateways by default, nodes and bridges by sku, and every SKU with sku=all', async () => {
    const tag = unique('sku');
    const indoor = await freshGateway({ sku: 'GW2', config: { notes: tag } });
    const bare = await freshGateway({ sku: null, config: { notes: tag } });
    const node = await freshGateway({ sku: 'NODE1', config: { notes: tag } });
    const bridge = await freshGateway({ sku: 'GWL1', config: { notes: tag } });
    const sorted = (xs: string[]) => [...xs].sort();
    expect(sorted(ids(await list(`query=${tag}`)))).toEqual(sorted([indoor, bare]));
    expect(ids(await list(`query=${tag}&sku=indoor`))).toEqual(sorted([indoor, bare]));
    expect(ids(await list(`query=${tag}&sku=NODE`))).toEqual([node]);
    expect(ids(await list(`query=${tag}&sku=GWL`))).toEqual([bridge]);
    expect(sorted(ids(await list(`query=${tag}&sku=all`)))).toEqual(sorted([indoor, bare, node, bridge]));
  });

  it('byColumn=id searches the MAC alone (SPEC §9 MAC suggestions), and refuses an unknown column', async () => {
    const mac = await freshGateway();
    const part = mac.slice(-6);
    // Another gateway whose notes hold the same characters matches a plain query, not byColumn=id.
    const noted = await freshGateway({ config: { notes: `near ${part}` } });
    expect(ids(await list(`query=${part}`))).toEqual([mac, noted].sort());
    expect(ids(await list(`query=${part}&byColumn=id&orderBy=id&limit=20`))).toEqual([mac]);
    const res = await list(`query=${part}&byColumn=notes`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'byColumn must be one of id, sku', field: 'byColumn' });
  });

  it('answers the SPEC §3 shape, with the location names locationFields asks for', async () => {
    const id = await freshGateway({ zone: roomTwoOhOne, config: { labels: ['guard'] } });
    const res = await list(`query=${id}&locationFields=floor,unit,area`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      data: [
        {
          id,
          orgId: demoOrg,
          config: expect.objectContaining({ state: 'deployed', location: roomTwoOhOne, labels: ['guard'] }),
          state: expect.objectContaining({ status: 'connected' }),
          location: { floor: 'Floor 2', unit: 'Ward 3', area: 'Room 201' },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
    });
    expect(res.json().data[0]).toHaveProperty('location');
    expect((await list(`query=${id}`)).json().data[0]).not.toHaveProperty('location');
    expect((await list(`query=${id}&locationFields=path`)).json().data[0].location).toEqual({
      path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
    });
  });

  it('filters on whitelisted fields: config.state $in, config.location, coordinates $exists, sku', async () => {
    const tag = unique('flt');
    const placed = await freshGateway({ config: { notes: tag, coordinates: { lat: 40.1, lng: -75.2 } } });
    const ready = await freshGateway({
      state: 'ready_to_deploy',
      zone: roomTwoOhOne,
      config: { notes: tag },
    });
    const lost = await freshGateway({ state: 'lost', zone: null, config: { notes: tag } });
    expect(
      ids(await list(`query=${tag}&config.state=deployed&config.state=ready_to_deploy&orderBy=config.state`)),
    ).toEqual([placed, ready]);
    expect(ids(await list(`query=${tag}&${where({ 'config.state': { $in: ['lost'] } })}`))).toEqual([lost]);
    expect(ids(await list(`query=${tag}&config.location=${roomTwoOhOne}`))).toEqual([ready]);
    expect(ids(await list(`query=${tag}&${where({ 'config.coordinates': { $exists: true } })}`))).toEqual([
      placed,
    ]);
    expect(ids(await list(`query=${tag}&${where({ 'config.coordinates.lat': { $gte: 40 } })}`))).toEqual([
      placed,
    ]);
    expect(ids(await list(`query=${tag}&config.logistics.sku=GW2&config.state=lost`))).toEqual([lost]);
  });

  it('searches id, labels, notes and the area name, and sorts by last update', async () => {
    const label = unique('lbl');
    const older = await freshGateway({
      config: { labels: [label] },
      gwState: { status: 'connected', updatedAt: '2026-01-01T00:00:00.000Z' },
    });
    const newer = await freshGateway({
      config: { labels: [label] },
      gwState: { status: 'connected', updatedAt: '2026-02-01T00:00:00.000Z' },
    });
    expect(ids(await list(`query=${label}&orderBy=-state.updatedAt`))).toEqual([newer, older]);
    expect(ids(await list(`query=${label}&orderBy=state.updatedAt`))).toEqual([older, newer]);
    expect(ids(await list(`query=${label}+ED+Room`))).toHaveLength(2);
    expect(ids(await list(`query=${label}+Gift`))).toEqual([]);
  });

  it.each([
    ['limit=501', 'limit'],
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-5', 'offset'],
    ['orderBy=secret', 'orderBy'],
    ['orderBy=state.updatedAt;drop', 'orderBy'],
    ['sku=NODE1', 'sku'],
    ['sku=all&sku=GWL', 'sku'],
    ['locationFields=owner', 'locationFields'],
    ['config.secret=1', 'config.secret'],
    ['state.battery=1', 'state.battery'],
    [where({ 'config.owner': 'x' }), 'config.owner'],
    [where({ 'config.state': { $regex: '.*' } }), 'config.state'],
    [where({ 'config.state': { $ne: 'lost' } }), 'config.state'],
    [where({ $or: [] }), 'where'],
    [where({ 'config.coordinates': { $eq: 1 } }), 'config.coordinates'],
    [where({ 'config.coordinates.lat': { $gte: 'north' } }), 'config.coordinates.lat'],
    [where({ 'state.updatedAt': { $gte: 'yesterday' } }), 'state.updatedAt'],
    [where({ 'config.location': 'not-a-uuid' }), 'config.location'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it('pages: limit 500 is allowed, offset moves, total counts every match', async () => {
    const tag = unique('pg');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await freshGateway({ config: { notes: tag } }));
    made.sort();
    expect((await list(`query=${tag}&limit=500`)).json()).toMatchObject({ total: 5 });
    const second = await list(`query=${tag}&limit=2&offset=2`);
    expect(second.json().total).toBe(5);
    expect(ids(second)).toEqual(made.slice(2, 4));
  });

  it('lets nothing through any parameter into SQL', async () => {
    const evil = "'; drop table gateways; --";
    const e = encodeURIComponent(evil);
    for (const query of [
      `query=${e}`,
      `config.state=${e}`,
      `config.logistics.sku=${e}`,
      where({ 'config.state': { $in: [evil] } }),
      where({ 'state.status': { $prefix: evil } }),
      where({ id: { $lte: evil } }),
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().total, query).toBe(0);
    }
    for (const query of [`orderBy=${e}`, `sku=${e}`, `locationFields=${e}`, `where=${e}`]) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
    expect((await get(`/api/gateways/${e}`)).statusCode).toBe(404);
    expect((await get(`/api/metrics/gateways?zone=${e}`)).statusCode).toBe(400);
    expect((await post(`/api/zones/${e}/command/diag`, undefined)).statusCode).toBe(404);
    expect((await list('sku=all')).statusCode).toBe(200);
    expect((await app.db.select().from(gateways).limit(1)).length).toBe(1);
  });

  it('keeps each organisation and zone scope to itself', async () => {
    const demo = await freshGateway();
    const lobby = await freshGateway({ zone: (await zoneByName(app, 'Main Entrance')).id });
    const unlocated = await freshGateway({ zone: null, state: 'ready_to_deploy' });
    const theirs = await freshGateway({ org: acmeOrg, zone: frontDesk });
    const all = [demo, lobby, unlocated, theirs];
    const seen = async (headers: Record<string, string>) =>
      ids(await list(`sku=all&limit=500&${where({ id: { $in: all } })}`, headers)).sort();
    expect(await seen(admin)).toEqual([demo, lobby, unlocated].sort());
    expect(await seen(acme)).toEqual([theirs]);
    expect(await seen(edUser)).toEqual([demo]);
    expect((await get(`/api/gateways/${theirs}`)).statusCode).toBe(404);
    expect((await get(`/api/gateways/${lobby}`, edUser)).statusCode).toBe(404);
    expect((await get(`/api/gateways/${demo}`, acme)).statusCode).toBe(404);
    expect((await put(`/api/gateways/${demo}`, { notes: 'x' }, acme)).statusCode).toBe(404);
    expect((await post(`/api/gateways/${demo}/unassign`, { action: 'none' }, acme)).statusCode).toBe(404);
  });

  it('needs list Gateway; security and noAccess are refused', async () => {
    expect((await list('', security)).statusCode).toBe(403);
    const noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
    expect((await list('', noAccess)).statusCode).toBe(403);
    expect((await list('', viewer)).statusCode).toBe(200);
  });
});

describe('GET /api/gateways/{id}', () => {
  it('answers the gateway with every location name and its latest commands', async () => {
    const id = await freshGateway({
      gwState: { status: 'ota_flash', version: { app: '5.2', isSafeMode: false } },
    });
    await post(`/api/gateways/${id}/command/diag`, undefined);
    const res = await get(`/api/gateways/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      state: { status: 'ota_flash', version: { app: '5.2' } },
      location: {
        site: 'Main Campus',
        building: 'North Tower',
        floor: 'Floor 1',
        unit: 'Emergency Department',
        area: 'ED Room 101',
        path: 'Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101',
      },
      commands: [{ type: 'diag', deliveredAt: null, confirmedAt: null, actor: { name: 'Dana Admin' } }],
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(`/api/gateways/${freshMac()}`)).statusCode).toBe(404);
    expect((await get('/api/gateways/B0A710000001')).statusCode).toBe(404);
  });
});

describe('PUT /api/gateways/{id} (SPEC §5 Gateway edit)', () => {
  it('saves labels, notes and an area, audits, and pushes the configuration as a command', async () => {
    const id = await freshGateway();
    const res = await put(`/api/gateways/${id}`, {
      labels: ['behind TV', 'guard'],
      notes: 'North wall',
      location: roomTwoOhOne,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      config: { labels: ['behind TV', 'guard'], notes: 'North wall', location: roomTwoOhOne },
      location: { area: 'Room 201', unit: 'Ward 3' },
    });
    expect((await rowOf(id)).zoneId).toBe(roomTwoOhOne);
    const [command] = await commandsOf(id);
    expect(command).toMatchObject({
      type: 'config',
      payload: { location: roomTwoOhOne, labels: ['behind TV', 'guard'], notes: 'North wall' },
      actor: { name: 'Dana Admin' },
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { config: expect.objectContaining({ location: edRoom, labels: [] }) },
      after: { config: expect.objectContaining({ location: roomTwoOhOne, labels: ['behind TV', 'guard'] }) },
    });
  });

  it('pushes nothing when nothing a gateway hears changed', async () => {
    const id = await freshGateway({ config: { labels: ['stool'] } });
    expect((await put(`/api/gateways/${id}`, { labels: ['stool'] })).statusCode).toBe(200);
    expect(await commandsOf(id)).toEqual([]);
  });

  it.each([
    ['a unit', () => edUnit],
    ['a floor', async () => (await zoneByName(app, 'Floor 1')).id],
    ['another organisation’s area', () => frontDesk],
    ['null', () => null],
    ['an unknown zone', () => crypto.randomUUID()],
  ])('refuses %s as location: Must specify unit and area', async (_case, location) => {
    const id = await freshGateway();
    const res = await put(`/api/gateways/${id}`, { location: await location() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'Must specify unit and area', field: 'location' });
    expect((await rowOf(id)).zoneId).toBe(edRoom);
    expect(await auditOf(id)).toEqual([]);
  });

  it.each([
    ['labels not a list', { labels: 'guard' }, 'labels'],
    ['notes over 2000 characters', { notes: 'x'.repeat(2001) }, 'notes'],
    ['a latitude beyond 90', { coordinates: { lat: 91, lng: 0 } }, 'coordinates.lat'],
    ['a fractional altitude', { coordinates: { lat: 1, lng: 2, alt: 12.5 } }, 'coordinates.alt'],
    ['a field it does not take', { state: 'lost' }, 'state'],
  ])('refuses %s', async (_case, body, field) => {
    const id = await freshGateway();
    const res = await put(`/api/gateways/${id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('needs update Gateway', async () => {
    const id = await freshGateway();
    expect((await put(`/api/gateways/${id}`, { notes: 'x' }, viewer)).statusCode).toBe(403);
    expect((await put(`/api/gateways/${id}`, { notes: 'x' }, security)).statusCode).toBe(403);
  });

  describe('altitude override (outdoor users with update Gateway outdoor only)', () => {
    let outdoor: Record<string, string>;
    let yardArea: string;

    beforeAll(async () => {
      const site = unique('Yard ');
      const make = async (name: string, level: string, parent: string, config = {}) =>
        (await post('/api/zones', { name, level, parent, config })).json().id as string;
      const siteId = await make(site, 'site', demoOrg, {
        featureFlags: { outdoor: true },
        category: 'outdoor',
      });
      const building = await make(unique('Yard B '), 'building', siteId);
      const floor = await make(unique('Yard F '), 'floor', building);
      const unit = await make(unique('Yard U '), 'unit', floor);
      yardArea = await make(unique('Yard A '), 'area', unit);
      outdoor = (await signIn(app, await placedUser(app, { zone: site, role: 'admin' }))).headers;
    });

    it('sets the flag exactly when the altitude is an integer', async () => {
      const id = await freshGateway({ zone: yardArea, sku: 'NODE1' });
      const res = await put(`/api/gateways/${id}`, { coordinates: { lat: 40, lng: -75, alt: 12 } }, outdoor);
      expect(res.statusCode).toBe(200);
      expect(res.json().config).toMatchObject({
        coordinates: { lat: 40, lng: -75, alt: 12 },
        hasAltitudeOverride: true,
      });
      const cleared = await put(
        `/api/gateways/${id}`,
        { coordinates: { lat: 40, lng: -75, alt: null } },
        outdoor,
      );
      expect(cleared.json().config).toMatchObject({
        coordinates: { lat: 40, lng: -75 },
        hasAltitudeOverride: false,
      });
      expect(cleared.json().config.coordinates).not.toHaveProperty('alt');
    });

    it('refuses a flag that disagrees with the altitude', async () => {
      const id = await freshGateway({ zone: yardArea });
      const res = await put(
        `/api/gateways/${id}`,
        { coordinates: { lat: 1, lng: 2 }, hasAltitudeOverride: true },
        outdoor,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('hasAltitudeOverride');
    });

    it('refuses an altitude change from a user without the outdoor flag, but lets it move the gateway', async () => {
      const id = await freshGateway({
        config: { coordinates: { lat: 1, lng: 2, alt: 30 }, hasAltitudeOverride: true },
      });
      const res = await put(`/api/gateways/${id}`, { coordinates: { lat: 1, lng: 2, alt: 31 } });
      expect(res.statusCode).toBe(403);
      expect((await put(`/api/gateways/${id}`, { hasAltitudeOverride: false })).statusCode).toBe(403);
      const moved = await put(`/api/gateways/${id}`, { coordinates: { lat: 3, lng: 4 } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().config).toMatchObject({
        coordinates: { lat: 3, lng: 4, alt: 30 },
        hasAltitudeOverride: true,
      });
    });

    it('refuses it to an outdoor user whose role withholds update Gateway outdoor', async () => {
      const role = await customRole(app, [
        { action: ['list', 'read', 'update'], subject: 'Gateway' },
        { action: 'update', subject: 'Gateway', fields: ['outdoor'], inverted: true },
      ]);
      const [site] = await app.db.select().from(zones).where(eq(zones.id, yardArea));
      const siteName = (await app.db.select().from(zones).where(eq(zones.id, site!.path[2]!)))[0]!.name;
      const user = (await signIn(app, await placedUser(app, { zone: siteName, role }))).headers;
      const id = await freshGateway({ zone: yardArea });
      expect(
        (await put(`/api/gateways/${id}`, { coordinates: { lat: 1, lng: 2, alt: 5 } }, user)).statusCode,
      ).toBe(403);
      expect((await put(`/api/gateways/${id}`, { coordinates: { lat: 1, lng: 2 } }, user)).statusCode).toBe(
        200,
      );
    });
  });
});

describe('POST /api/gateways/{id}/unassign and the command on the next heartbeat', () => {
  it('needs a reason for an RMA', async () => {
    const id = await freshGateway();
    const res = await post(`/api/gateways/${id}/unassign`, { action: 'rma' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('rmaReason');
    expect((await post(`/api/gateways/${id}/unassign`, { action: 'retire' })).statusCode).toBe(400);
    expect((await rowOf(id)).zoneId).toBe(edRoom);
  });

  it('clears the place, sets the state, and the gateway gets and confirms the removal', async () => {
    const id = await freshGateway({
      config: { coordinates: { lat: 1, lng: 2, alt: 3 }, hasAltitudeOverride: true },
    });
    const res = await post(`/api/gateways/${id}/unassign`, { action: 'rma', rmaReason: 'Cracked case' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.config).toMatchObject({ state: 'undeployed', rma: { reason: 'Cracked case' } });
    expect(body.config).not.toHaveProperty('location');
    expect(body.config).not.toHaveProperty('coordinates');
    expect(body.location).toEqual({
      site: null,
      building: null,
      floor: null,
      unit: null,
      area: null,
      path: null,
    });
    expect(body.commands[0]).toMatchObject({
      type: 'unassign',
      payload: { action: 'rma', rmaReason: 'Cracked case' },
      deliveredAt: null,
    });
    expect((await rowOf(id)).zoneId).toBeNull();
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['unassign']);

    const first = await heartbeat(id);
    expect(first.statusCode).toBe(200);
    const commands = first.json().commands as { id: string; type: string; payload: object }[];
    expect(commands).toEqual([
      { id: expect.any(String), type: 'unassign', payload: { action: 'rma', rmaReason: 'Cracked case' } },
    ]);
    expect((await heartbeat(id)).json().commands).toEqual([]);
    let [stored] = await commandsOf(id);
    expect(stored!.deliveredAt).not.toBeNull();
    expect(stored!.confirmedAt).toBeNull();

    expect((await heartbeat(id, { confirmed: [commands[0]!.id] })).statusCode).toBe(200);
    [stored] = await commandsOf(id);
    expect(stored!.confirmedAt).not.toBeNull();
    const detail = (await get(`/api/gateways/${id}`)).json();
    expect(detail.commands[0].confirmedAt).toEqual(expect.any(String));
  });

  it('ignores confirmations of another gateway’s commands', async () => {
    const mine = await freshGateway();
    const other = await freshGateway();
    await post(`/api/gateways/${mine}/unassign`, { action: 'none' });
    const [command] = (await heartbeat(mine)).json().commands;
    expect((await heartbeat(other, { confirmed: [command.id] })).statusCode).toBe(200);
    expect((await commandsOf(mine))[0]!.confirmedAt).toBeNull();
    expect((await heartbeat(other, { confirmed: ['not-a-uuid'] })).statusCode).toBe(400);
  });

  it.each([
    ['none', 'ready_to_deploy'],
    ['uninstall', 'undeployed'],
    ['factory-reset', 'ready_to_deploy'],
    ['lost', 'lost'],
  ])('%s leaves the gateway %s', async (action, state) => {
    const id = await freshGateway();
    const res = await post(`/api/gateways/${id}/unassign`, { action });
    expect(res.statusCode).toBe(200);
    expect(res.json().config.state).toBe(state);
    expect((await commandsOf(id))[0]!.payload).toEqual({ action });
  });

  it('needs update Gateway', async () => {
    const id = await freshGateway();
    expect((await post(`/api/gateways/${id}/unassign`, { action: 'none' }, viewer)).statusCode).toBe(403);
  });
});

describe('POST /api/zones/{id}/command/diag', () => {
  it('queues a diag command for every gateway in the zone’s subtree, audited', async () => {
    const site = unique('Diag ');
    const siteId = (await post('/api/zones', { name: site, level: 'site', parent: demoOrg })).json().id;
    const b = (await post('/api/zones', { name: unique('B'), level: 'building', parent: siteId })).json().id;
    const f = (await post('/api/zones', { name: unique('F'), level: 'floor', parent: b })).json().id;
    const u = (await post('/api/zones', { name: unique('U'), level: 'unit', parent: f })).json().id;
    const a1 = (await post('/api/zones', { name: unique('A'), level: 'area', parent: u })).json().id;
    const a2 = (await post('/api/zones', { name: unique('A'), level: 'area', parent: u })).json().id;
    const one = await freshGateway({ zone: a1 });
    const two = await freshGateway({ zone: a2, sku: 'NODE1' });
    const outside = await freshGateway();
    const res = await post(`/api/zones/${u}/command/diag`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2, gateways: [one, two].sort() });
    expect((await commandsOf(one)).map((c) => c.type)).toEqual(['diag']);
    expect(await commandsOf(outside)).toEqual([]);
    expect((await auditOf(two)).map((a) => a.action)).toEqual(['diag']);
    expect((await heartbeat(one)).json().commands).toEqual([
      { id: expect.any(String), type: 'diag', payload: {} },
    ]);
  });

  it('refuses another organisation’s zone and callers without update Gateway', async () => {
    expect((await post(`/api/zones/${frontDesk}/command/diag`, undefined)).statusCode).toBe(404);
    expect((await post(`/api/zones/${edUnit}/command/diag`, undefined, viewer)).statusCode).toBe(403);
  });
});

describe('PUT /api/gateways (SPEC §4 gateway batch operations)', () => {
  const bulk = (payload: object, headers = admin) => put('/api/gateways', payload, headers);

  it('marks gateways lost in one run: audit per gateway and a batch log row', async () => {
    const a = await freshGateway();
    const b = await freshGateway({ state: 'ready_to_deploy' });
    const res = await bulk({ ids: [a, b], op: 'mark_lost' });
    expect(res.statusCode).toBe(200);
    const { batchId, count } = res.json();
    expect(count).toBe(2);
    for (const id of [a, b]) {
      const row = await rowOf(id);
      expect(row.config.state).toBe('lost');
      expect(row.zoneId).toBeNull();
      expect((await auditOf(id)).map((e) => e.action)).toEqual(['mark_lost']);
    }
    const [batch] = await app.db.select().from(batchOperations).where(eq(batchOperations.id, batchId));
    expect(batch).toMatchObject({
      subject: 'Gateway',
      op: 'mark_lost',
      count: 2,
      orgId: demoOrg,
      actor: { name: 'Dana Admin' },
    });
    expect([...batch!.ids].sort()).toEqual([a, b].sort());
  });

  it('refuses an operation SPEC §4 does not offer for the selection, naming the gateways, writing nothing', async () => {
    const ready = await freshGateway({ state: 'ready_to_deploy' });
    const deployed = await freshGateway();
    const res = await bulk({ ids: [ready, deployed], op: 'transfer_inv' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ineligible', ineligible: [deployed] });
    expect(res.json().reason).toContain(deployed);
    expect((await rowOf(ready)).config.state).toBe('ready_to_deploy');
    expect(await auditOf(ready)).toEqual([]);

    const node = await freshGateway({ sku: 'NODE1' });
    const clear = await bulk({ ids: [node, deployed], op: 'clear_diag_info' });
    expect(clear.json()).toMatchObject({ ineligible: [deployed] });
    const transfer = await bulk({ ids: [ready], op: 'transfer', args: { zone: demoOrg } });
    expect(transfer.json()).toMatchObject({ ineligible: [ready] });
  });

  it('clears the diagnostics of nodes and tells them so', async () => {
    const node = await freshGateway({
      sku: 'NODE1',
      gwState: { status: 'connected', diagnostics: { button: 50 }, neighbors: { b0a710000001: 3 } },
    });
    const res = await bulk({ ids: [node], op: 'clear_diag_info' });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(node)).state).toEqual({ status: 'connected' });
    expect((await commandsOf(node)).map((c) => c.type)).toEqual(['clear_diag_info']);
  });

  it('refuses unknown, foreign and too many ids', async () => {
    const mine = await freshGateway();
    const theirs = await freshGateway({ org: acmeOrg, zone: frontDesk });
    const res = await bulk({ ids: [mine, theirs], op: 'mark_lost' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ineligible: [theirs] });
    expect((await rowOf(mine)).config.state).toBe('deployed');
    const many = Array.from({ length: 501 }, () => freshMac());
    expect((await bulk({ ids: many, op: 'mark_lost' })).statusCode).toBe(400);
    expect((await bulk({ ids: [], op: 'mark_lost' })).statusCode).toBe(400);
    expect((await bulk({ ids: [mine], op: 'explode' })).statusCode).toBe(400);
    expect((await bulk({ ids: [mine], op: 'mark_lost' }, viewer)).statusCode).toBe(403);
  });

  describe('transfers through the inventory organisation', () => {
    let inventory: string;
    let staff: Record<string, string>;
    const inv = () => ({ ...staff, slug: 'strongline-inventory' });

    beforeAll(async () => {
      await app.db
        .insert(zones)
        .values({
          id: crypto.randomUUID(),
          name: 'Inventory',
          level: 'org',
          slug: 'strongline-inventory',
          path: [],
        })
        .onConflictDoNothing();
      const [org] = await app.db.select().from(zones).where(eq(zones.slug, 'strongline-inventory'));
      if (org!.path.length === 0) {
        await app.db
          .update(zones)
          .set({ path: [ROOT_ZONE_ID, org!.id], parentId: ROOT_ZONE_ID })
          .where(eq(zones.id, org!.id));
      }
      inventory = org!.id;
      staff = (await signIn(app, 'superadmin@vigil.example')).headers;
    });

    it('transfers inventory gateways to a customer organisation', async () => {
      const a = await freshGateway({ org: inventory, zone: null, state: 'ready_to_deploy' });
      const res = await bulk({ ids: [a], op: 'transfer', args: { zone: demoOrg } }, inv());
      expect(res.statusCode).toBe(200);
      expect((await rowOf(a)).orgId).toBe(demoOrg);
      expect((await list(`sku=all&id=${a}`)).json().total).toBe(1);
      const [entry] = await auditOf(a);
      expect(entry).toMatchObject({
        action: 'transfer',
        before: { orgId: inventory },
        after: { orgId: demoOrg },
      });
    });

    it('takes the organisation by slug or by a zone inside it', async () => {
      const a = await freshGateway({ org: inventory, zone: null, state: 'ready_to_deploy' });
      const b = await freshGateway({ org: inventory, zone: null, state: 'ready_to_deploy' });
      expect((await bulk({ ids: [a], op: 'transfer', args: { org: 'acme' } }, inv())).statusCode).toBe(200);
      expect((await bulk({ ids: [b], op: 'transfer', args: { zone: edRoom } }, inv())).statusCode).toBe(200);
      expect((await rowOf(a)).orgId).toBe(acmeOrg);
      expect((await rowOf(b)).orgId).toBe(demoOrg);
    });

    it('needs a target organisation, another one, that the caller holds', async () => {
      const a = await freshGateway({ org: inventory, zone: null, state: 'ready_to_deploy' });
      expect((await bulk({ ids: [a], op: 'transfer' }, inv())).json()).toMatchObject({ field: 'args.zone' });
      expect(
        (await bulk({ ids: [a], op: 'transfer', args: { org: 'nowhere' } }, inv())).json(),
      ).toMatchObject({
        field: 'args.org',
      });
      expect(
        (await bulk({ ids: [a], op: 'transfer', args: { org: 'strongline-inventory' } }, inv())).statusCode,
      ).toBe(400);
      // Inventory staff placed in the inventory organisation hold no customer organisation.
      const email = `${unique('inv')}@inventory.example`;
      const [user] = await app.db
        .insert(users)
        .values({ email, name: unique('Inventory '), role: 'admin', zoneId: inventory, location: [] })
        .returning();
      await app.db
        .insert(credentials)
        .values({ userId: user!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
      const clerk = (await signIn(app, email, 'strongline-inventory')).headers;
      expect((await bulk({ ids: [a], op: 'transfer', args: { org: 'demo' } }, clerk)).statusCode).toBe(403);
      expect((await rowOf(a)).orgId).toBe(inventory);
      expect(await auditOf(a)).toEqual([]);
    });

    it('sends returned gateways back to the inventory (transfer_inv)', async () => {
      const lost = await freshGateway({ state: 'lost', zone: null });
      const ready = await freshGateway({ state: 'undeployed' });
      const res = await bulk({ ids: [lost, ready], op: 'transfer_inv' });
      expect(res.statusCode).toBe(200);
      for (const id of [lost, ready]) {
        const row = await rowOf(id);
        expect(row.orgId).toBe(inventory);
        expect(row.zoneId).toBeNull();
      }
      expect((await get(`/api/gateways/${lost}`)).statusCode).toBe(404);
    });
  });
});

describe('GET /api/metrics/gateways (SPEC §3 Gateway metrics over 24 hours)', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  async function beat(gateway: string, at: Date, diagnostics: Record<string, number>) {
    await app.db.insert(gatewayHeartbeats).values({
      orgId: demoOrg,
      gatewayId: gateway,
      status: 'connected',
      payload: { gateway, status: 'connected', diagnostics },
      at,
    });
  }

  it('computes percent, total and passing count per check from the last 24 hours of heartbeats', async () => {
    const id = await freshGateway();
    await beat(id, hoursAgo(1), { button: 100, coverage: 80, floor: 60 });
    await beat(id, hoursAgo(5), { button: 90, coverage: 95 });
    await beat(id, hoursAgo(10), { button: 80, coverage: 90, floor: 40 });
    await beat(id, hoursAgo(30), { button: 0, coverage: 0, floor: 0 });
    // One through the real ingest path, now.
    expect((await heartbeat(id, { diagnostics: { button: 70, floor: 51 } })).statusCode).toBe(200);
    const res = await get(`/api/metrics/gateways?gateway=${id}&zone=&start=&end=`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          gateway: id,
          button: { percent: 85, total: 4, count: 2 },
          coverage: { percent: 88.3, total: 3, count: 2 },
          floor: { percent: 50.3, total: 3, count: 2 },
        },
      ],
    });
    expect(DIAGNOSTICS_PASS_PERCENT).toEqual({ button: 90, coverage: 90, floor: 51 });
  });

  it('honours start and end, and lists every gateway of a zone, with null percent when silent', async () => {
    const site = unique('Metrics ');
    const siteId = (await post('/api/zones', { name: site, level: 'site', parent: demoOrg })).json().id;
    const b = (await post('/api/zones', { name: unique('B'), level: 'building', parent: siteId })).json().id;
    const f = (await post('/api/zones', { name: unique('F'), level: 'floor', parent: b })).json().id;
    const u = (await post('/api/zones', { name: unique('U'), level: 'unit', parent: f })).json().id;
    const a = (await post('/api/zones', { name: unique('A'), level: 'area', parent: u })).json().id;
    const talking = await freshGateway({ zone: a });
    const silent = await freshGateway({ zone: a });
    await beat(talking, hoursAgo(30), { button: 95 });
    await beat(talking, hoursAgo(2), { button: 10 });
    const start = hoursAgo(48).toISOString();
    const end = hoursAgo(24).toISOString();
    const res = await get(`/api/metrics/gateways?zone=${f}&start=${start}&end=${end}`);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().data.map((m: { gateway: string }) => [m.gateway, m]));
    expect([...byId.keys()].sort()).toEqual([talking, silent].sort());
    expect(byId.get(talking)).toMatchObject({ button: { percent: 95, total: 1, count: 1 } });
    expect(byId.get(silent)).toMatchObject({ button: { percent: null, total: 0, count: 0 } });
  });

  it('refuses bad windows, and keeps to the caller’s scope', async () => {
    const id = await freshGateway();
    expect(
      (await get(`/api/metrics/gateways?start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z`)).json().field,
    ).toBe('start');
    expect(
      (await get(`/api/metrics/gateways?start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z`)).statusCode,
    ).toBe(400);
    expect((await get(`/api/metrics/gateways?start=yesterday`)).statusCode).toBe(400);
    expect((await get(`/api/metrics/gateways?gateway=${id}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/metrics/gateways?zone=${edUnit}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/metrics/gateways?gateway=${id}`, security)).statusCode).toBe(403);
  });
});
