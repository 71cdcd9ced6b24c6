import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { GATEWAY_ALREADY_PLACED, REPLACEMENT_SAME_GATEWAY } from '@vigil/domain';
import { auditLog, batchOperations, gatewayCommands, gateways, markers } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, freshMac, gatewayAuth, placedUser, zoneByName } from '../helpers/alerts';

// Issue 21 "Device replacement": POST /api/gateways/{id}/replace {newGatewayId, action, rmaReason}.

type Headers = Record<string, string>;
let app: FastifyInstance;
let admin: Headers;
let acme: Headers;
let demoOrg: string;
let acmeOrg: string;
let edRoom: string;
let roomTwoOhOne: string;
let floor1: string;
let frontDesk: string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
  acmeOrg = (await zoneByName(app, 'Acme Clinic', 'acme')).id;
  edRoom = (await zoneByName(app, 'ED Room 101')).id;
  roomTwoOhOne = (await zoneByName(app, 'Room 201')).id;
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  frontDesk = (await zoneByName(app, 'Front Desk', 'acme')).id;
});

/** A gateway of its own (tests share one database): ready to deploy and unlocated unless told. */
async function gateway(opts: { zone?: string; org?: string; config?: Record<string, unknown> } = {}) {
  const id = freshMac();
  await app.db.insert(gateways).values({
    id,
    orgId: opts.org ?? demoOrg,
    zoneId: opts.zone ?? null,
    config: {
      state: opts.zone ? 'deployed' : 'ready_to_deploy',
      ...(opts.zone ? { location: opts.zone } : {}),
      logistics: { sku: 'GW2' },
      labels: [],
      notes: '',
      ...opts.config,
    },
    state: { status: 'connected', updatedAt: new Date().toISOString() },
  });
  return id;
}

const post = (url: string, payload: object | undefined, headers = admin) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const replace = (old: string, body: object, headers = admin) =>
  post(`/api/gateways/${old}/replace`, body, headers);

/** A marker at `zone` made through the API, with `gatewayId` assigned to it there (SPEC §5). */
async function markerWith(gatewayId: string, zone = edRoom, at = { lat: 42.31, lng: -71.11 }) {
  const made = await post('/api/markers', { location: zone, coordinates: at });
  expect(made.statusCode, made.body).toBe(200);
  const marker = made.json().id as string;
  const assigned = await post(`/api/markers/${marker}/assign/${gatewayId}`, undefined);
  expect(assigned.statusCode, assigned.body).toBe(200);
  return marker;
}

/** A deployed gateway in ED Room 101 with labels and notes, placed on a marker of its own. */
async function placedGateway() {
  const id = await gateway({ zone: edRoom, config: { labels: ['guard'], notes: 'Behind the TV' } });
  const marker = await markerWith(id);
  return { id, marker };
}

const heartbeat = (id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/ingest/heartbeats',
    headers: gatewayAuth(),
    payload: { gateway: id, status: 'connected' },
  });
const rowOf = async (id: string) => (await app.db.select().from(gateways).where(eq(gateways.id, id)))[0]!;
const markerGateway = async (marker: string) =>
  (await app.db.select().from(markers).where(eq(markers.id, marker)))[0]!.gatewayId;
const commandsOf = (ids: string[]) =>
  app.db.select().from(gatewayCommands).where(inArray(gatewayCommands.gatewayId, ids));
const auditOf = (ids: string[]) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'gateway'), inArray(auditLog.entityId, ids)))
    .orderBy(auditLog.id);

/** What a refused or failed replacement must leave exactly as it was. */
async function snapshot(ids: string[], marker?: string) {
  return {
    rows: await Promise.all(ids.map(rowOf)),
    marker: marker ? await markerGateway(marker) : null,
    commands: (await commandsOf(ids)).length,
    audits: (await auditOf(ids)).length,
  };
}

describe('POST /api/gateways/{id}/replace (issue 21 Device replacement)', () => {
  it('hands the marker, location, coordinates, labels and notes to the new gateway and removes the old one', async () => {
    const { id: old, marker } = await placedGateway();
    const fresh = await gateway();
    const colonMac = fresh.toUpperCase().replace(/(..)(?!$)/g, '$1:');

    const res = await replace(old, { newGatewayId: colonMac, action: 'rma', rmaReason: 'Cracked case' });

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.markerId).toBe(marker);
    expect(body.floorId).toBe(floor1);
    expect(body.new).toMatchObject({
      id: fresh,
      config: {
        state: 'deployed',
        location: edRoom,
        coordinates: { lat: 42.31, lng: -71.11 },
        labels: ['guard'],
        notes: 'Behind the TV',
      },
      location: { area: 'ED Room 101' },
    });
    expect(body.old.config).toMatchObject({ state: 'undeployed', rma: { reason: 'Cracked case' } });
    expect(body.old.config).not.toHaveProperty('location');
    expect(body.old.config).not.toHaveProperty('coordinates');
    expect((await rowOf(old)).zoneId).toBeNull();
    expect((await rowOf(fresh)).zoneId).toBe(edRoom);

    // The floor map's marker now shows the new gateway.
    const list = await app.inject({
      url: `/api/markers?config.location=${edRoom}&limit=500`,
      headers: admin,
    });
    expect(list.json().data.find((m: { id: string }) => m.id === marker)).toMatchObject({ gateway: fresh });

    // The old gateway hears its removal on its next heartbeat (after the configuration its marker
    // assignment queued); the new one its place.
    expect((await heartbeat(old)).json().commands.at(-1)).toEqual({
      id: expect.any(String),
      type: 'unassign',
      payload: { action: 'rma', rmaReason: 'Cracked case' },
    });
    expect((await heartbeat(old)).json().commands).toEqual([]);
    const told = (await heartbeat(fresh)).json().commands as { type: string; payload: object }[];
    expect(told).toEqual([
      expect.objectContaining({ type: 'config', payload: expect.objectContaining({ location: edRoom }) }),
    ]);

    const audits = await auditOf([old, fresh]);
    expect(audits.map((a) => [a.entityId, a.action])).toEqual(
      expect.arrayContaining([
        [fresh, 'replace'],
        [old, 'replaced'],
      ]),
    );
    const batch = await app.inject({ url: '/api/log/batch?orderBy=-at&limit=10', headers: admin });
    expect(batch.json().data.find((b: { id: string }) => b.id === body.batchId)).toMatchObject({
      subject: 'Gateway',
      op: 'replace',
      ids: [old, fresh],
      count: 2,
      args: { old, new: fresh, action: 'rma', rmaReason: 'Cracked case', marker },
    });
  });

  it.each([
    ['none', 'ready_to_deploy'],
    ['uninstall', 'undeployed'],
    ['factory-reset', 'ready_to_deploy'],
    ['lost', 'lost'],
  ])('the removal action %s leaves the old gateway %s, as unassign does', async (action, state) => {
    const { id: old } = await placedGateway();
    const res = await replace(old, { newGatewayId: await gateway(), action });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().old.config.state).toBe(state);
    expect((await commandsOf([old])).filter((c) => c.type === 'unassign').map((c) => c.payload)).toEqual([
      { action },
    ]);
  });

  it('drops a stale marker link of the new gateway and replaces a gateway that has no marker', async () => {
    const fresh = await gateway();
    const staleMarker = await markerWith(fresh);
    expect((await post(`/api/gateways/${fresh}/unassign`, { action: 'none' })).statusCode).toBe(200);
    const withMarker = await placedGateway();
    expect((await replace(withMarker.id, { newGatewayId: fresh, action: 'none' })).statusCode).toBe(200);
    expect(await markerGateway(withMarker.marker)).toBe(fresh);
    expect(await markerGateway(staleMarker)).toBeNull();

    const unmarked = await gateway({ zone: roomTwoOhOne });
    const res = await replace(unmarked, { newGatewayId: await gateway(), action: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ markerId: null, new: { config: { location: roomTwoOhOne } } });
  });

  describe('refusals change nothing', () => {
    it.each([
      ['the same MAC twice', 'same', {}, {}, 400, REPLACEMENT_SAME_GATEWAY],
      [
        'an old gateway that is not deployed',
        'old',
        { state: 'ready_to_deploy' },
        {},
        409,
        /is not deployed \(it is Ready to Deploy\)/,
      ],
      ['an old gateway without a location', 'unlocated', {}, {}, 409, /has no location to hand over/],
      ['a new gateway already deployed', 'new', {}, { state: 'deployed' }, 409, /is not ready to deploy/],
      [
        'a new gateway placed on another marker',
        'new',
        {},
        { coordinates: { lat: 1, lng: 2 } },
        409,
        GATEWAY_ALREADY_PLACED,
      ],
    ] as const)('%s → %i', async (_case, which, oldConfig, newConfig, status, reason) => {
      const old =
        which === 'unlocated'
          ? await gateway({ config: { state: 'deployed' } })
          : await gateway({ zone: edRoom, config: oldConfig });
      const fresh = which === 'same' ? old : await gateway({ config: newConfig });
      const before = await snapshot([old, fresh]);
      const res = await replace(old, { newGatewayId: fresh, action: 'none' });
      expect(res.statusCode).toBe(status);
      if (typeof reason === 'string') expect(res.json().reason).toBe(reason);
      else expect(res.json().reason).toMatch(reason);
      expect(await snapshot([old, fresh])).toEqual(before);
    });

    it('needs a reason for an RMA, and a MAC of SPEC §5', async () => {
      const { id: old, marker } = await placedGateway();
      const fresh = await gateway();
      const before = await snapshot([old, fresh], marker);
      const rma = await replace(old, { newGatewayId: fresh, action: 'rma' });
      expect(rma.statusCode).toBe(400);
      expect(rma.json().field).toBe('rmaReason');
      const mac = await replace(old, { newGatewayId: 'b0a7-not-a-mac', action: 'none' });
      expect(mac.statusCode).toBe(400);
      expect(mac.json().field).toBe('newGatewayId');
      const unknown = await replace(old, { newGatewayId: freshMac(), action: 'none' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().field).toBe('newGatewayId');
      expect(await snapshot([old, fresh], marker)).toEqual(before);
    });
  });

  it('needs update Gateway', async () => {
    const role = await customRole(app, [{ action: ['list', 'read'], subject: ['Gateway', 'FloorPlan'] }]);
    const reader = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role }))).headers;
    const old = await gateway({ zone: edRoom });
    const res = await replace(old, { newGatewayId: await gateway(), action: 'none' }, reader);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(old)).config.state).toBe('deployed');
  });

  it("answers 404 for another organisation's gateway, old or new, and one outside the caller's zones", async () => {
    const old = await gateway({ zone: edRoom });
    const fresh = await gateway();
    expect((await replace(old, { newGatewayId: fresh, action: 'none' }, acme)).statusCode).toBe(404);
    const acmeNew = await gateway({ org: acmeOrg });
    const crossed = await replace(old, { newGatewayId: acmeNew, action: 'none' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().reason).toBe(`Gateway ${acmeNew} not found`);
    expect(
      (
        await replace(await gateway({ zone: frontDesk, org: acmeOrg }), {
          newGatewayId: fresh,
          action: 'none',
        })
      ).statusCode,
    ).toBe(404);

    const edUser = (await signIn(app, await placedUser(app, { zone: 'Emergency Department', role: 'admin' })))
      .headers;
    const elsewhere = await gateway({ zone: roomTwoOhOne });
    expect((await replace(elsewhere, { newGatewayId: fresh, action: 'none' }, edUser)).statusCode).toBe(404);
    expect((await rowOf(old)).config.state).toBe('deployed');
    expect((await rowOf(fresh)).config.state).toBe('ready_to_deploy');
  });

  it('is one transaction: a failure at its last write leaves both gateways and the marker as they were', async () => {
    const { id: old, marker } = await placedGateway();
    const fresh = await gateway();
    const before = await snapshot([old, fresh], marker);
    // A real constraint of the database refuses the batch log's row, the replacement's last write.
    const refuse = sql.raw(
      `alter table batch_operations add constraint replace_refused_for_test check (op <> 'replace') not valid`,
    );
    await app.db.execute(refuse);
    try {
      const res = await replace(old, { newGatewayId: fresh, action: 'lost' });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql.raw('alter table batch_operations drop constraint replace_refused_for_test'));
    }
    expect(await snapshot([old, fresh], marker)).toEqual(before);
    expect(
      await app.db
        .select()
        .from(batchOperations)
        .where(sql`${batchOperations.ids} @> array[${old}]::text[]`),
    ).toEqual([]);
    // And with the database willing again, the same request goes through.
    expect((await replace(old, { newGatewayId: fresh, action: 'lost' })).statusCode).toBe(200);
  });
});
