import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { gatewayCommands } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { zoneByName } from '../helpers/alerts';
import {
  auditOf,
  freshGateway,
  gatewayRow,
  made,
  markerClient,
  markerRow,
  type Headers,
} from './marker-fixtures';

let app: FastifyInstance;
let admin: Headers;
let demoOrg: string;
let floor1: string;
let edUnit: string;
let edRoom: string;
let roomTwoOhOne: string;
let api: ReturnType<typeof markerClient>;

const at = (lat: number, lng: number) => ({ lat, lng });
const markerAt = async (location: string, lat = 42.3, lng = -71.1) =>
  (await made(await api.create({ location, coordinates: at(lat, lng) }))).id as string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  api = markerClient(app, () => admin);
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  edUnit = (await zoneByName(app, 'Emergency Department')).id;
  edRoom = (await zoneByName(app, 'ED Room 101')).id;
  roomTwoOhOne = (await zoneByName(app, 'Room 201')).id;
});

describe('POST /api/markers/{id}/assign/{gatewayId} (SPEC §5 Assigning a gateway)', () => {
  it("places the gateway at the marker's area and point, and the marker answers the gateway and its state", async () => {
    const marker = await markerAt(edRoom, 42.31, -71.11);
    const gateway = await freshGateway(app, demoOrg);
    const res = await api.assign(marker, gateway);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: marker,
      gateway,
      state: { status: 'connected' },
      config: { location: edRoom, coordinates: at(42.31, -71.11) },
    });
    const row = await gatewayRow(app, gateway);
    expect(row.zoneId).toBe(edRoom);
    expect(row.config).toMatchObject({
      location: edRoom,
      coordinates: at(42.31, -71.11),
      state: 'ready_to_deploy',
    });
    const commands = await app.db
      .select()
      .from(gatewayCommands)
      .where(and(eq(gatewayCommands.gatewayId, gateway), eq(gatewayCommands.type, 'config')));
    expect(commands).toHaveLength(1);
    expect((await auditOf(app, 'marker', marker)).map((a) => a.action)).toEqual(['create', 'assign']);
    expect((await auditOf(app, 'gateway', gateway)).map((a) => a.action)).toEqual(['update']);

    const listed = await api.list(`config.location=${floor1}&limit=500`);
    const found = listed.json().data.find((m: { id: string }) => m.id === marker);
    expect(found).toMatchObject({ gateway, state: { status: 'connected' } });
  });

  it('takes the MAC in any of its written forms', async () => {
    const marker = await markerAt(edRoom);
    const gateway = await freshGateway(app, demoOrg);
    const written = gateway.toUpperCase().match(/../g)!.join(':');
    const res = await api.assign(marker, written);
    expect(res.statusCode).toBe(200);
    expect(res.json().gateway).toBe(gateway);
    const bad = await api.assign(marker, 'not-a-mac');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('gatewayId');
  });

  it('refuses a gateway that already has coordinates with 409, assigning nothing', async () => {
    const first = await markerAt(edRoom, 1, 1);
    const second = await markerAt(roomTwoOhOne, 2, 2);
    const gateway = await freshGateway(app, demoOrg);
    expect((await api.assign(first, gateway)).statusCode).toBe(200);
    const before = await gatewayRow(app, gateway);

    const res = await api.assign(second, gateway);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('This gateway is already assigned to another location');
    expect((await markerRow(app, second))!.gatewayId).toBeNull();
    expect((await markerRow(app, first))!.gatewayId).toBe(gateway);
    expect(await gatewayRow(app, gateway)).toEqual(before);
    expect((await auditOf(app, 'marker', second)).map((a) => a.action)).toEqual(['create']);

    const placedElsewhere = await freshGateway(app, demoOrg, {
      zoneId: edRoom,
      config: { location: edRoom, coordinates: at(5, 5), state: 'deployed' },
    });
    const again = await api.assign(second, placedElsewhere);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('This gateway is already assigned to another location');
  });

  it.each([
    ['a floor', () => floor1],
    ['a unit', () => edUnit],
  ])('refuses a marker at %s with "Must specify area", assigning nothing', async (_case, zone) => {
    const marker = await markerAt(zone());
    const gateway = await freshGateway(app, demoOrg);
    const res = await api.assign(marker, gateway);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'Must specify area', field: 'location' });
    expect((await gatewayRow(app, gateway)).config.coordinates).toBeUndefined();
    expect((await markerRow(app, marker))!.gatewayId).toBeNull();
  });

  it('answers 404 for an unknown marker or gateway', async () => {
    const marker = await markerAt(edRoom);
    expect((await api.assign(marker, 'a1ffffffffff')).statusCode).toBe(404);
    const gateway = await freshGateway(app, demoOrg);
    expect((await api.assign('00000000-0000-4000-8000-00000000abcd', gateway)).statusCode).toBe(404);
    expect((await gatewayRow(app, gateway)).config.coordinates).toBeUndefined();
  });
});

describe('a marker with a gateway (SPEC §3, §5)', () => {
  it('takes its gateway along when it moves, within areas only', async () => {
    const marker = await markerAt(edRoom, 1, 1);
    const gateway = await freshGateway(app, demoOrg);
    await made(await api.assign(marker, gateway));

    const moved = await api.update(marker, { location: roomTwoOhOne, coordinates: at(2, 3) });
    expect(moved.statusCode).toBe(200);
    const row = await gatewayRow(app, gateway);
    expect(row.zoneId).toBe(roomTwoOhOne);
    expect(row.config).toMatchObject({ location: roomTwoOhOne, coordinates: at(2, 3) });

    const toFloor = await api.update(marker, { location: floor1 });
    expect(toFloor.statusCode).toBe(400);
    expect(toFloor.json().reason).toBe('Must specify area');
    expect((await markerRow(app, marker))!.zoneId).toBe(roomTwoOhOne);
    expect((await gatewayRow(app, gateway)).zoneId).toBe(roomTwoOhOne);
  });

  it('clears its gateway’s coordinates when removed, so the gateway may be assigned again', async () => {
    const marker = await markerAt(edRoom, 1, 1);
    const gateway = await freshGateway(app, demoOrg);
    await made(await api.assign(marker, gateway));
    expect((await api.remove(marker)).statusCode).toBe(204);
    const row = await gatewayRow(app, gateway);
    expect(row.config.coordinates).toBeUndefined();
    expect(row.zoneId).toBe(edRoom);
    const next = await markerAt(roomTwoOhOne);
    expect((await api.assign(next, gateway)).statusCode).toBe(200);
  });

  it('releases the gateway it held when another is assigned to it', async () => {
    const marker = await markerAt(edRoom, 1, 1);
    const [old, replacement] = [await freshGateway(app, demoOrg), await freshGateway(app, demoOrg)];
    await made(await api.assign(marker, old));
    const res = await api.assign(marker, replacement);
    expect(res.statusCode).toBe(200);
    expect(res.json().gateway).toBe(replacement);
    expect((await gatewayRow(app, old)).config.coordinates).toBeUndefined();
    expect((await gatewayRow(app, replacement)).config.coordinates).toEqual(at(1, 1));
  });

  it('drops a stale link when its gateway, taken off the map on the gateway screen, is assigned elsewhere', async () => {
    const first = await markerAt(edRoom, 1, 1);
    const gateway = await freshGateway(app, demoOrg);
    await made(await api.assign(first, gateway));
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/gateways/${gateway}`,
      headers: admin,
      payload: { coordinates: null },
    });
    expect(cleared.statusCode).toBe(200);
    const listed = await api.list(`config.location=${edRoom}&limit=500`);
    expect(listed.json().data.find((m: { id: string }) => m.id === first)).toMatchObject({
      gateway: null,
      state: null,
    });
    // Off the map, the gateway no longer follows the marker, which may now go to a floor.
    expect((await api.update(first, { location: floor1, coordinates: at(9, 9) })).statusCode).toBe(200);
    expect((await gatewayRow(app, gateway)).config.coordinates).toBeUndefined();
    const second = await markerAt(roomTwoOhOne, 2, 2);
    expect((await api.assign(second, gateway)).statusCode).toBe(200);
    expect((await markerRow(app, first))!.gatewayId).toBeNull();
    expect((await auditOf(app, 'marker', first)).map((a) => a.action)).toEqual([
      'create',
      'assign',
      'update',
      'unassign',
    ]);
  });
});
