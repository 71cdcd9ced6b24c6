import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { gateways } from '../../src/db/schema';
import { getTestApp, zoneIdByName } from '../helpers/app';
import { freshTag } from '../helpers/alerts';
import { callers, freshGateway, hear, newAsset, type Headers } from './helpers';

// Issue 20, SPEC §7 GET assets/zones, GET assets, GET assets/{id} in the data.data envelope; SPEC §6
// Asset; the caller's zones; nothing of one organisation visible to another.

let app: FastifyInstance;
let who: Awaited<ReturnType<typeof callers>>;
/** In Ward 3, heard in Room 201 (Floor 2) by a gateway not placed on the map. */
let pump: { id: string; name: string; tagId: string };
/** In the Emergency Department, heard in ED Room 102 (Floor 1) by a placed gateway. */
let monitor: { id: string; name: string; tagId: string };
/** In Ward 3, heard in ED Room 102: somewhere a Ward 3 user may not look. */
let wanderer: { id: string; name: string; tagId: string };
/** Never heard, status repair. */
let scanner: { id: string; name: string; tagId: string };
let placedGateway: string;
let room201Gateway: string;
const PLACE = { lat: 40.74205, lng: -73.9741 };

beforeAll(async () => {
  app = await getTestApp();
  who = await callers(app);
  const ward3 = await zoneIdByName(app, 'Ward 3');
  const ed = await zoneIdByName(app, 'Emergency Department');
  room201Gateway = await freshGateway(app, 'Room 201');
  placedGateway = await freshGateway(app, 'ED Room 102', PLACE);
  pump = await newAsset(app, who.admin, { tagId: await freshTag(app, 'Room 201'), zoneId: ward3 });
  monitor = await newAsset(app, who.admin, {
    tagId: await freshTag(app, 'ED Room 101'),
    zoneId: ed,
    status: 'in use',
  });
  wanderer = await newAsset(app, who.admin, { tagId: await freshTag(app, 'Room 202'), zoneId: ward3 });
  scanner = await newAsset(app, who.admin, {
    tagId: await freshTag(app, 'Room 202'),
    zoneId: ward3,
    status: 'repair',
  });
  await hear(app, room201Gateway, pump.tagId);
  await hear(app, placedGateway, monitor.tagId);
  await hear(app, placedGateway, wanderer.tagId);
});

// The other files of the shared database count the gateways of the demo floors.
afterAll(async () => {
  await app.db.delete(gateways).where(inArray(gateways.id, [room201Gateway, placedGateway]));
});

const get = (url: string, headers: Headers) => app.inject({ url, headers });
async function list(query: string, headers: Headers = who.admin) {
  const res = await get(`/api/assets?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; lastSeen: Record<string, unknown> | null }[]; total: number };
}
const idsOf = (page: { data: { id: string }[] }) => page.data.map((a) => a.id);
const mine = () => [pump.id, monitor.id, wanderer.id, scanner.id];

describe('GET /api/assets (SPEC §7, data.data)', () => {
  it('answers the page in `data` with the total: name, tag, status, notes, and the last location', async () => {
    const page = await list(`query=${encodeURIComponent(pump.name)}`);
    expect(page.total).toBe(1);
    expect(page.data).toEqual([
      {
        id: pump.id,
        name: pump.name,
        tagId: pump.tagId,
        status: '',
        notes: '',
        zoneId: await zoneIdByName(app, 'Ward 3'),
        zonePath: 'Main Campus › North Tower › Floor 2 › Ward 3',
        lastSeen: {
          at: expect.any(String),
          zoneId: await zoneIdByName(app, 'Room 201'),
          path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
          floor: 'Floor 2',
          floorId: await zoneIdByName(app, 'Floor 2'),
        },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(Date.now() - Date.parse(page.data[0]!.lastSeen!.at as string)).toBeLessThan(60_000);
  });

  it('tells no location for an asset never heard', async () => {
    const page = await list(`query=${encodeURIComponent(scanner.name)}`);
    expect(page.data).toMatchObject([{ id: scanner.id, status: 'repair', lastSeen: null }]);
  });

  it('filters by status, pending being none set yet', async () => {
    const pending = idsOf(await list('status=pending&limit=500'));
    expect(pending).toEqual(expect.arrayContaining([pump.id, wanderer.id]));
    expect(pending).not.toContain(monitor.id);
    expect(pending).not.toContain(scanner.id);
    const repair = idsOf(await list('status=repair&limit=500'));
    expect(repair).toContain(scanner.id);
    expect(repair).not.toContain(pump.id);
  });

  it('filters by where the assets were last heard: the zone or under it', async () => {
    const floor1 = idsOf(await list(`zone=${await zoneIdByName(app, 'Floor 1')}&limit=500`));
    expect(floor1).toEqual(expect.arrayContaining([monitor.id, wanderer.id]));
    expect(floor1).not.toContain(pump.id);
    expect(floor1).not.toContain(scanner.id);
    const room201 = idsOf(await list(`zone=${await zoneIdByName(app, 'Room 201')}&limit=500`));
    expect(room201).toContain(pump.id);
    expect(room201).not.toContain(monitor.id);
  });

  it.each([
    ['status=broken', 'status'],
    ['zone=not-a-zone', 'zone'],
    ['limit=0', 'limit'],
    ['orderBy=notes', 'orderBy'],
    ['where=%7B%22notes%22%3A%22x%22%7D', 'notes'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await get(`/api/assets?${query}`, who.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: expect.any(String), field });
  });

  it('is read by every asset-tracking role, refused to a role without Asset', async () => {
    for (const headers of [who.user, who.tracking, who.trackingAdmin]) {
      expect(idsOf(await list('limit=500', headers))).toEqual(expect.arrayContaining(mine()));
    }
    const res = await get('/api/assets', who.security);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'Not allowed to list Asset' });
  });

  it('keeps to the caller’s zones: a Ward 3 user sees Ward 3’s assets, where they are only inside Ward 3', async () => {
    const page = await list('limit=500', who.ward3);
    expect(idsOf(page)).toEqual(expect.arrayContaining([pump.id, wanderer.id, scanner.id]));
    expect(idsOf(page)).not.toContain(monitor.id);
    const lost = page.data.find((a) => a.id === wanderer.id)!;
    expect(lost.lastSeen).toEqual({
      at: expect.any(String),
      zoneId: null,
      path: null,
      floor: null,
      floorId: null,
    });
    expect(page.data.find((a) => a.id === pump.id)!.lastSeen).toMatchObject({ floor: 'Floor 2' });
  });

  it('shows another organisation none of them', async () => {
    const page = await list('limit=500', who.acme);
    for (const id of mine()) expect(idsOf(page)).not.toContain(id);
    expect((await list(`query=${encodeURIComponent(pump.name)}`, who.acme)).total).toBe(0);
  });
});

describe('GET /api/assets/zones (SPEC §7, data.data)', () => {
  async function zones(headers: Headers) {
    const res = await get('/api/assets/zones', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json() as { data: { id: string; name: string; level: string; path: string; count: number }[] }
    ).data;
  }

  it('answers the zones where assets were last heard, from the site down, with how many under each', async () => {
    const answer = await zones(who.admin);
    const byName = new Map(answer.map((z) => [z.name, z]));
    expect(byName.get('Room 201')).toEqual({
      id: await zoneIdByName(app, 'Room 201'),
      name: 'Room 201',
      level: 'area',
      path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
      count: expect.any(Number),
    });
    expect(byName.get('ED Room 102')!.count).toBeGreaterThanOrEqual(2);
    expect(byName.get('Floor 1')!.count).toBeGreaterThanOrEqual(byName.get('ED Room 102')!.count);
    expect(byName.get('Main Campus')!.count).toBeGreaterThanOrEqual(3);
    expect(answer.map((z) => z.path)).toEqual(
      [...answer.map((z) => z.path)].sort((a, b) => a.localeCompare(b)),
    );
    expect(answer.map((z) => z.level)).not.toContain('org');
  });

  it('keeps to the caller’s zones', async () => {
    const names = (await zones(who.ward3)).map((z) => z.name);
    expect(names).toEqual(expect.arrayContaining(['Ward 3', 'Room 201']));
    for (const outside of ['Floor 1', 'ED Room 102', 'Floor 2', 'Main Campus'])
      expect(names).not.toContain(outside);
  });

  it('shows another organisation none of them, and refuses a role without Asset', async () => {
    const names = (await zones(who.acme)).map((z) => z.name);
    expect(names).not.toContain('Room 201');
    expect(names).not.toContain('ED Room 102');
    expect((await zones(who.user)).length).toBeGreaterThan(0);
    expect((await get('/api/assets/zones', who.security)).statusCode).toBe(403);
  });
});

describe('GET /api/assets/{id} (SPEC §7, §3 Map tracker)', () => {
  it('answers the asset in `data` with its floor and its tracker at the gateway that heard it best', async () => {
    const res = await get(`/api/assets/${monitor.id}`, who.user);
    expect(res.statusCode, res.body).toBe(200);
    const floor1 = await zoneIdByName(app, 'Floor 1');
    expect(res.json().data).toMatchObject({
      id: monitor.id,
      status: 'in use',
      lastSeen: { floor: 'Floor 1', floorId: floor1 },
      tracker: { floorId: floor1, gateway: placedGateway, ...PLACE, radius: 16 },
    });
  });

  it('has no tracker where the gateway is not placed on the map, or the tag never heard', async () => {
    const heard = await get(`/api/assets/${pump.id}`, who.admin);
    expect(heard.json().data).toMatchObject({ lastSeen: { floor: 'Floor 2' }, tracker: null });
    const never = await get(`/api/assets/${scanner.id}`, who.admin);
    expect(never.json().data).toMatchObject({ lastSeen: null, tracker: null });
  });

  it('draws no tracker outside the caller’s zones', async () => {
    const res = await get(`/api/assets/${wanderer.id}`, who.ward3);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ lastSeen: { zoneId: null }, tracker: null });
  });

  it('answers 404 for another organisation’s, another zone’s, or no asset', async () => {
    for (const [url, headers] of [
      [`/api/assets/${monitor.id}`, who.acme],
      [`/api/assets/${monitor.id}`, who.ward3],
      ['/api/assets/00000000-0000-4000-8000-00000000abcd', who.admin],
      ['/api/assets/not-an-id', who.admin],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ reason: 'Asset not found', code: 'not_found' });
    }
  });

  it('is refused to a role without Asset', async () => {
    expect((await get(`/api/assets/${monitor.id}`, who.security)).statusCode).toBe(403);
  });
});
