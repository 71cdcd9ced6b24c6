import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, distributionStations, gateways, zones } from '../../src/db/schema';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { DEMO_GATEWAY, freshMac } from '../helpers/alerts';
import { insertTags } from '../helpers/tags';

// Issue 21: a station's gateway and tag scan mode (SPEC §3 Enumerations, §4 Scan mode, §8), and the
// available tags it holds against its minimum inventory.

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
});

type Station = {
  id: string;
  name: string;
  minimumInventory: number;
  gatewayId: string | null;
  scanMode: string;
  availableTags: number;
};

const API = '/api/distribution-station';
const get = (url: string) => app.inject({ url, headers: admin });
const post = (payload: object) => app.inject({ method: 'POST', url: API, headers: admin, payload });
const put = (id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `${API}/${id}`, headers: admin, payload });

async function newStation(extra: Record<string, unknown> = {}): Promise<Station> {
  const res = await post({
    name: unique('Kiosk '),
    zoneId: await zoneIdByName(app, 'ED Room 101'),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A gateway of the organisation (demo unless named), with a fresh MAC. */
async function newGateway(slug = 'demo'): Promise<string> {
  const [org] = await app.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  const id = freshMac();
  await app.db.insert(gateways).values({ id, orgId: org!.id, config: { state: 'deployed' } });
  return id;
}

const stationsNamed = async (name: string): Promise<Station[]> =>
  (await get(`${API}?query=${encodeURIComponent(name)}`)).json().data;

describe('a station’s gateway and scan mode (issue 21)', () => {
  it('stores them, answers them on every read and audits them', async () => {
    const gateway = await newGateway();
    const colons = gateway.toUpperCase().replace(/(..)(?!$)/g, '$1:');
    const station = await newStation({ gatewayId: colons, scanMode: 'doubleTap' });
    expect(station).toMatchObject({ gatewayId: gateway, scanMode: 'doubleTap', availableTags: 0 });
    expect((await get(`${API}/${station.id}`)).json()).toEqual(station);
    expect(await stationsNamed(station.name)).toEqual([station]);

    const edited = await put(station.id, { name: station.name, scanMode: 'qrCode', gatewayId: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ gatewayId: null, scanMode: 'qrCode' });
    // Absent fields are kept.
    const renamed = await put(station.id, { name: `${station.name} 2` });
    expect(renamed.json()).toMatchObject({ gatewayId: null, scanMode: 'qrCode' });

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'distributionStation'), eq(auditLog.entityId, station.id)))
      .orderBy(auditLog.id);
    expect(audit[0]!.after).toMatchObject({ gatewayId: gateway, scanMode: 'doubleTap' });
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ gatewayId: gateway, scanMode: 'doubleTap' }),
      after: expect.objectContaining({ gatewayId: null, scanMode: 'qrCode' }),
    });
    expect(audit[1]!.after).not.toHaveProperty('availableTags');
  });

  it('scans by single tap unless told otherwise', async () => {
    expect(await newStation()).toMatchObject({ scanMode: 'singleTap', gatewayId: null });
  });

  it('refuses a scan mode other than the four (SPEC §8), writing nothing', async () => {
    const name = unique('Kiosk ');
    for (const scanMode of ['tripleTap', 'SingleTap', '']) {
      const res = await post({ name, scanMode });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: `Invalid tag scan mode: ${scanMode}`, field: 'scanMode' });
    }
    const station = await newStation();
    const res = await put(station.id, { name: station.name, scanMode: 'tripleTap' });
    expect(res.json()).toMatchObject({ reason: 'Invalid tag scan mode: tripleTap' });
    expect((await get(`${API}/${station.id}`)).json().scanMode).toBe('singleTap');
    // Other refusals keep the error handler's form.
    expect((await post({ name: 'x', gatewayId: 'zz' })).json().reason).toMatch(/^Invalid gatewayId: MAC/);
    expect(await stationsNamed(name)).toEqual([]);
  });

  it('reads a stored scan mode it does not know as off', async () => {
    const station = await newStation();
    await app.db
      .update(distributionStations)
      .set({ scanMode: 'bogus' })
      .where(eq(distributionStations.id, station.id));
    const res = await get(`${API}/${station.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().scanMode).toBe('off');
  });

  it('refuses a gateway the organisation does not have (400), another organisation’s too', async () => {
    const unknown = freshMac();
    const acmes = await newGateway('acme');
    for (const gatewayId of [unknown, acmes]) {
      const res = await post({ name: unique('Kiosk '), gatewayId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: `Unknown gateway ${gatewayId}`, field: 'gatewayId' });
    }
    const station = await newStation();
    const res = await put(station.id, { name: station.name, gatewayId: unknown });
    expect(res.statusCode).toBe(400);
    expect((await get(`${API}/${station.id}`)).json().gatewayId).toBeNull();
  });

  it('refuses a gateway another station already has (409), and keeps a station’s own', async () => {
    const taken = await post({ name: unique('Kiosk '), gatewayId: DEMO_GATEWAY });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      reason: `Gateway ${DEMO_GATEWAY} is already the gateway of Emergency Department station`,
      code: 'gateway_taken',
    });
    const [ed] = await stationsNamed('Emergency Department station');
    const same = await put(ed!.id, { name: ed!.name, gatewayId: DEMO_GATEWAY });
    expect(same.statusCode, same.body).toBe(200);

    const gateway = await newGateway();
    const first = await newStation({ gatewayId: gateway });
    const second = await newStation();
    const res = await put(second.id, { name: second.name, gatewayId: gateway });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe(`Gateway ${gateway} is already the gateway of ${first.name}`);
    expect((await get(`${API}/${second.id}`)).json().gatewayId).toBeNull();
  });
});

describe('a station’s available tags (issue 21 minimum inventory)', () => {
  it('counts the organisation’s available tags that name the station, and no others', async () => {
    const station = await newStation({ minimumInventory: 5 });
    const other = await newStation();
    await insertTags(app, [
      { config: { state: 'available', station: station.id } },
      { config: { state: 'available', station: station.id } },
      { config: { state: 'available', station: station.id } },
      { config: { state: 'deployed', station: station.id } },
      { config: { state: 'reserved', station: station.id } },
      { config: { state: 'available', station: other.id } },
      { config: { state: 'available' } },
      // Another organisation's tag naming this station does not stock it.
      { slug: 'acme', config: { state: 'available', station: station.id } },
    ]);
    const [listed] = await stationsNamed(station.name);
    expect(listed).toMatchObject({ availableTags: 3, minimumInventory: 5 });
    expect((await get(`${API}/${station.id}`)).json().availableTags).toBe(3);
    expect((await get(`${API}/${other.id}`)).json().availableTags).toBe(1);
    const edited = await put(station.id, { name: station.name, minimumInventory: 2 });
    expect(edited.json()).toMatchObject({ availableTags: 3, minimumInventory: 2 });
  });

  it('pages the list with its counts: total, cursor and the next page', async () => {
    const prefix = unique('Paged ');
    const a = await newStation({ name: `${prefix} a` });
    const b = await newStation({ name: `${prefix} b` });
    await insertTags(app, [{ config: { state: 'available', station: b.id } }]);
    const first = (await get(`${API}?limit=1&query=${encodeURIComponent(prefix)}`)).json();
    expect(first).toMatchObject({ total: 2, data: [{ id: a.id, availableTags: 0 }] });
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await get(`${API}?limit=1&query=${encodeURIComponent(prefix)}&cursor=${first.nextCursor}`);
    expect(next.json()).toEqual({
      total: 2,
      data: [expect.objectContaining({ id: b.id, availableTags: 1 })],
    });
    const past = await get(`${API}?limit=1&offset=5&query=${encodeURIComponent(prefix)}`);
    expect(past.json()).toEqual({ total: 2, data: [] });
  });
});
