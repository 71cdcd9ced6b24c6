import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { zones } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { zoneByName } from '../helpers/alerts';
import { auditOf, made, markerClient, markerRow, type Headers } from './marker-fixtures';

let app: FastifyInstance;
let admin: Headers;
let floor1: string;
let floor2: string;
let edRoom: string;
let edUnit: string;
let building: string;
let acmeFloor: string;
let api: ReturnType<typeof markerClient>;

const at = (lat: number, lng: number) => ({ lat, lng });
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((m) => m.id);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  api = markerClient(app, () => admin);
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  floor2 = (await zoneByName(app, 'Floor 2')).id;
  edRoom = (await zoneByName(app, 'ED Room 101')).id;
  edUnit = (await zoneByName(app, 'Emergency Department')).id;
  building = (await zoneByName(app, 'North Tower')).id;
  acmeFloor = (await zoneByName(app, 'Ground Floor', 'acme')).id;
});

describe('POST, PUT, DELETE /api/markers (SPEC §7 markers)', () => {
  it('adds a marker with no gateway, edits it and removes it, each write audited', async () => {
    const marker = await made(await api.create({ location: floor1, coordinates: at(42.36, -71.06) }));
    expect(marker).toMatchObject({
      config: { location: floor1, coordinates: at(42.36, -71.06), labels: [], notes: null, camera: null },
      gateway: null,
      state: null,
    });
    const id = marker.id as string;

    const edited = await api.update(id, {
      location: edRoom,
      coordinates: at(42.37, -71.05),
      labels: ['guard', 'under desk', 'guard'],
      notes: 'by the door',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().config).toEqual({
      location: edRoom,
      coordinates: at(42.37, -71.05),
      labels: ['guard', 'under desk'],
      notes: 'by the door',
      camera: null,
    });
    const kept = await api.update(id, { notes: null });
    expect(kept.json().config).toMatchObject({
      location: edRoom,
      labels: ['guard', 'under desk'],
      notes: null,
    });

    expect((await api.remove(id)).statusCode).toBe(204);
    expect(await markerRow(app, id)).toBeUndefined();
    expect((await api.remove(id)).statusCode).toBe(404);
    expect((await api.update(id, { notes: 'x' })).statusCode).toBe(404);

    const audit = await auditOf(app, 'marker', id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[1]!.before).toMatchObject({ location: floor1, labels: [] });
    expect(audit[1]!.after).toMatchObject({ location: edRoom, labels: ['guard', 'under desk'] });
  });

  it.each([
    ['a building', () => ({ location: building })],
    ['no location', () => ({})],
    ['a null location', () => ({ location: null })],
    ['a location that is no id', () => ({ location: 'Floor 1' })],
    ['an unknown zone', () => ({ location: '00000000-0000-4000-8000-00000000abcd' })],
    ["another organisation's floor", () => ({ location: acmeFloor })],
  ])('refuses %s with "Must specify area"', async (_case, body) => {
    const res = await api.create({ coordinates: at(1, 2), ...body() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'Must specify area', field: 'location' });
  });

  it('places a marker at a floor, a unit or an area', async () => {
    for (const location of [floor1, edUnit, edRoom]) {
      expect((await api.create({ location, coordinates: at(1, 2) })).statusCode).toBe(200);
    }
  });

  it.each([
    ['a latitude beyond 90', { coordinates: at(91, 0) }, 'coordinates.lat'],
    ['a longitude beyond 180', { coordinates: at(0, -181) }, 'coordinates.lng'],
    ['no coordinates', { coordinates: undefined }, 'coordinates'],
    ['an altitude', { coordinates: { lat: 1, lng: 2, alt: 3 } }, 'coordinates.alt'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const res = await api.create({ location: floor1, coordinates: at(1, 2), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().reason).toEqual(expect.any(String));
  });

  it('refuses a body that is not JSON, and an edit of a marker id that is no uuid, without a 500', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/markers',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"location":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.update('not-a-uuid', { notes: 'x' })).statusCode).toBe(404);
    expect((await api.remove('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('marker labels (SPEC §9)', () => {
  it('takes the indoor labels on an indoor floor, and refuses the outdoor ones and unknown ones', async () => {
    const { id } = await made(await api.create({ location: edRoom, coordinates: at(1, 2) }));
    const ok = await api.update(id as string, { labels: ["6' ladder", 'behind TV'] });
    expect(ok.json().config.labels).toEqual(["6' ladder", 'behind TV']);
    for (const label of ['courtyard', 'under the sink']) {
      const res = await api.update(id as string, { labels: ['guard', label] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'labels', reason: expect.stringContaining(`"${label}"`) });
    }
    expect((await markerRow(app, id as string))!.labels).toEqual(["6' ladder", 'behind TV']);
  });

  it('adds the outdoor labels on a floor of the outdoor category, checked again when a marker moves', async () => {
    const [row] = await app.db.select().from(zones).where(eq(zones.id, floor2));
    await app.db
      .update(zones)
      .set({ config: { ...row!.config, category: 'outdoor' } })
      .where(eq(zones.id, floor2));
    try {
      const { id } = await made(await api.create({ location: floor2, coordinates: at(1, 2) }));
      const res = await api.update(id as string, { labels: ['courtyard', 'guard'] });
      expect(res.statusCode).toBe(200);
      const moved = await api.update(id as string, { location: floor1 });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().reason).toContain('"courtyard"');
      expect((await markerRow(app, id as string))!.zoneId).toBe(floor2);
    } finally {
      await app.db.update(zones).set({ config: row!.config }).where(eq(zones.id, floor2));
    }
  });
});

describe('GET /api/markers (SPEC §7: limit 500, config.location)', () => {
  it('lists the markers at a floor and every zone under it, paged, with the total', async () => {
    const onFloor2: string[] = [];
    for (const location of [floor2, floor2, floor2]) {
      onFloor2.push((await made(await api.create({ location, coordinates: at(3, 4) }))).id as string);
    }
    const inRoom = (await made(await api.create({ location: edRoom, coordinates: at(5, 6) }))).id as string;

    const floor = await api.list(`config.location=${floor1}&limit=500`);
    expect(floor.statusCode).toBe(200);
    expect(ids(floor)).toContain(inRoom);
    expect(ids(floor)).not.toContain(onFloor2[0]);
    expect(floor.json().total).toBe(floor.json().data.length);
    const room = await api.list(`config.location=${edRoom}&limit=500`);
    expect(ids(room)).toContain(inRoom);
    expect(ids(room).every((id) => !onFloor2.includes(id))).toBe(true);

    const all = await api.list(`config.location=${floor2}&limit=500`);
    const page = await api.list(`config.location=${floor2}&limit=2`);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().total).toBe(all.json().total);
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    expect(ids(all)).toEqual(expect.arrayContaining(onFloor2));
  });

  it('refuses a limit above 500, a location that is no id, and a location not in scope', async () => {
    const big = await api.list(`config.location=${floor1}&limit=501`);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'limit', reason: 'limit must be at most 500' });
    const notId = await api.list('config.location=floor-1');
    expect(notId.statusCode).toBe(400);
    expect(notId.json().field).toBe('config.location');
    expect((await api.list(`config.location=${acmeFloor}`)).statusCode).toBe(404);
    expect((await api.list('config.location=00000000-0000-4000-8000-00000000abcd')).statusCode).toBe(404);
    expect((await api.list('orderBy=colour')).statusCode).toBe(400);
  });
});
