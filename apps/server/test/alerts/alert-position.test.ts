import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gatewayCoverageRadiusM } from '@vigil/domain';
import { gateways } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, freshMac, freshTag, placedUser, pressForAlert, zoneByName } from '../helpers/alerts';

// Issue 15 'The alert on the map': an alert answers where it was heard on a floor plan to a caller
// who may read FloorPlan, without read Gateway (SPEC §6 security reads Alert, FloorPlan, Zone).

type Json = Record<string, unknown>;

let app: FastifyInstance;
let security: Record<string, string>;
let floor1: string;
let placedAlert: string;
let unplacedAlert: string;
const AT = { lat: 40.7128, lng: -74.006 };

/** A gateway of the demo organisation in ED Room 101 (Floor 1), placed at AT when told. */
async function gatewayInRoom(placed: boolean): Promise<string> {
  const org = await zoneByName(app, 'Demo Hospital');
  const room = await zoneByName(app, 'ED Room 101');
  const id = freshMac();
  await app.db.insert(gateways).values({
    id,
    orgId: org.id,
    zoneId: room.id,
    config: {
      state: 'deployed',
      location: room.id,
      category: 'garage',
      logistics: { sku: 'GW2' },
      ...(placed ? { coordinates: AT } : {}),
    },
    state: { status: 'connected', updatedAt: new Date().toISOString() },
  });
  return id;
}

const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers });

async function detail(id: string, headers: Record<string, string>): Promise<Json> {
  const res = await get(`/api/alerts/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

async function listed(id: string, headers: Record<string, string>): Promise<Json | undefined> {
  const res = await get('/api/alerts', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Json[] }).data.find((alert) => alert.id === id);
}

beforeAll(async () => {
  app = await getTestApp();
  security = (await signIn(app, 'security@demo.example')).headers;
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  placedAlert = await pressForAlert(app, await freshTag(app, 'ED Room 101'), {
    gateway: await gatewayInRoom(true),
  });
  unplacedAlert = await pressForAlert(app, await freshTag(app, 'ED Room 101'), {
    gateway: await gatewayInRoom(false),
  });
});

describe('the position of an alert on a floor plan', () => {
  it('reaches a role that reads FloorPlan but not Gateway, in the detail and the list alike', async () => {
    const radius = gatewayCoverageRadiusM({ category: 'garage', sku: 'GW2' });
    expect(radius).toBe(32); // SPEC §9: garage 32 metres
    const position = { floorId: floor1, lat: AT.lat, lng: AT.lng, radius };
    const alert = await detail(placedAlert, security);
    expect(alert.position).toEqual(position);
    expect((await listed(placedAlert, security))?.position).toEqual(position);
    // Security cannot read the gateway itself.
    expect((await get(`/api/gateways/${String(alert.gateway)}`, security)).statusCode).toBe(403);
  });

  it('is null when the alert’s gateway has no place on a floor plan', async () => {
    expect((await detail(unplacedAlert, security)).position).toBeNull();
    expect((await listed(unplacedAlert, security))?.position).toBeNull();
  });

  it('is left out for a role without read FloorPlan', async () => {
    const role = await customRole(app, [{ action: ['list', 'read'], subject: ['Alert', 'Gateway', 'Zone'] }]);
    const headers = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role }))).headers;
    expect(await detail(placedAlert, headers)).not.toHaveProperty('position');
    const inList = await listed(placedAlert, headers);
    expect(inList).toBeDefined();
    expect(inList).not.toHaveProperty('position');
  });

  it('is null when the floor lies outside the caller’s zones', async () => {
    // A user of the Emergency Department unit sees its alerts but not Floor 1 above it.
    const unitUser = (
      await signIn(app, await placedUser(app, { zone: 'Emergency Department', role: 'security' }))
    ).headers;
    expect((await get(`/api/zones/${floor1}`, unitUser)).statusCode).toBe(404);
    expect((await detail(placedAlert, unitUser)).position).toBeNull();
    expect((await listed(placedAlert, unitUser))?.position).toBeNull();
  });

  it('never reaches another organisation, and is not part of the update answer', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    expect((await get(`/api/alerts/${placedAlert}`, acme)).statusCode).toBe(404);
    expect(await listed(placedAlert, acme)).toBeUndefined();
    // The PUT answer is the realtime event's alert, which every role of the scope hears.
    const ack = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${placedAlert}`,
      headers: security,
      payload: { acknowledged: true },
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).not.toHaveProperty('position');
  });
});
