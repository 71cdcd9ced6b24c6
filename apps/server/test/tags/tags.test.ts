import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { csvField, tagListSchema } from '@vigil/domain';
import { eq, sql } from 'drizzle-orm';
import { apiKeys, distributionStations, tags } from '../../src/db/schema';
import { sha256 } from '../../src/platform/crypto';
import { CSV_EXPORT_LIMITS } from '../../src/platform/list/csv-export';
import { getTestApp, keyHeaders, signIn, unique, zoneIdByName } from '../helpers/app';
import { customRole, placedUser, zoneByName } from '../helpers/alerts';
import { insertTags, tagAudit, tagRow } from '../helpers/tags';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let noAccess: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
});

const get = (url: string, headers = admin) => app.inject({ url, headers });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/tags/${id}`, headers, payload });
const list = (params: Record<string, string | string[]>, headers = admin) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) qs.append(k, one);
  return app.inject({ url: `/api/tags?${qs}`, headers });
};
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((t) => t.id);

/** A word no other test's tag carries, and tags whose owners carry it. */
async function ownedTags(n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  const word = unique('zq').toLowerCase();
  const made = await insertTags(
    app,
    Array.from({ length: n }, (_, i) => ({
      zone: 'Room 201',
      config: {
        state: 'deployed',
        label: `Badge ${word}-${i}`,
        owner: { name: `Person${i} ${word}`, personId: `P-${word}-${i}` },
        ...extra(i),
      },
      state: { battery: { current: { level: 3000 - i * 100 } }, firmware: { app: 51, boot: 12 } },
    })),
  );
  return { word, ids: made };
}

describe('GET /api/tags (SPEC §7 Devices, list contract)', () => {
  it('pages the organisation’s tags with a total, at most 500 a page', async () => {
    const { word, ids: made } = await ownedTags(3);
    const res = await list({ query: word, limit: '2', orderBy: 'config.owner.name' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      id: made[0],
      orgId: expect.any(String),
      config: { state: 'deployed', owner: { name: `Person0 ${word}` } },
      maintMode: false,
      invoiceZone: null,
      station: null,
    });
    const next = await list({
      query: word,
      limit: '2',
      orderBy: 'config.owner.name',
      cursor: body.nextCursor,
    });
    expect(ids(next)).toEqual([made[2]]);
    expect((await list({ query: word, limit: '500' })).statusCode).toBe(200);
  });

  it.each([
    [{ limit: '501' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
  ])('refuses paging %j with 400 naming %s', async (params, field) => {
    const res = await list(params);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_list_query', field });
  });

  it('searches owner name, person id, label and id, case-insensitively; ownerFields narrows the owner fields', async () => {
    const { word, ids: made } = await ownedTags(2);
    expect(ids(await list({ query: `person1 ${word.toUpperCase()}` }))).toEqual([made[1]]);
    expect(ids(await list({ query: `P-${word}-0` }))).toEqual([made[0]]);
    expect(ids(await list({ query: `Badge ${word}-1` }))).toEqual([made[1]]);
    expect(ids(await list({ query: made[0]!.slice(2) }))).toEqual([made[0]]);
    // A term matches within one field, never across two (the id's end and the label's start).
    expect(ids(await list({ query: `${made[0]!.slice(-4)}Badge` }))).toEqual([]);
    expect(ids(await list({ query: `P-${word}-0`, ownerFields: 'name' }))).toEqual([]);
    expect(ids(await list({ query: `P-${word}-0`, ownerFields: 'personId' }))).toEqual([made[0]]);
    expect(ids(await list({ query: `Person0 ${word}`, ownerFields: 'name,personId' }))).toEqual([made[0]]);
    const bad = await list({ query: word, ownerFields: 'email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'ownerFields' });
  });

  it('sorts by owner name, battery and label, either way, and refuses unknown sort fields', async () => {
    const { word, ids: made } = await ownedTags(3);
    expect(ids(await list({ query: word, orderBy: '-config.owner.name' }))).toEqual([...made].reverse());
    expect(ids(await list({ query: word, orderBy: 'state.battery.current.level' }))).toEqual(
      [...made].reverse(),
    );
    expect(ids(await list({ query: word, orderBy: '-state.battery.current.level' }))).toEqual(made);
    expect(ids(await list({ query: word, orderBy: 'config.label' }))).toEqual(made);
    const res = await list({ orderBy: 'config.secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'orderBy' });
  });

  it('filters on the whitelisted fields: state, owner, label, collection reason, battery, location, ids', async () => {
    const word = unique('zf').toLowerCase();
    const made = await insertTags(app, [
      {
        zone: 'Room 201',
        config: { state: 'deployed', label: `L-${word}`, owner: { name: `A ${word}` } },
        state: { battery: { current: { level: 2650 } } },
      },
      {
        zone: 'ED Room 101',
        config: {
          state: 'deployed',
          label: `M-${word}`,
          owner: { name: `B ${word}` },
          collection: { reason: 'battery_low', urgency: 1, at: new Date().toISOString() },
        },
        state: { battery: { current: { level: 2500 } } },
      },
      {
        zone: null,
        config: { state: 'available', label: `N-${word}` },
        state: { battery: { current: { level: 3100 } } },
      },
      { zone: null, config: { state: 'lost', label: `O-${word}` }, state: {} },
    ]);
    const q = (params: Record<string, string | string[]>) =>
      list({ query: word, orderBy: 'config.label', ...params });
    expect(ids(await q({ 'config.state': 'deployed' }))).toEqual([made[0], made[1]]);
    expect(
      ids(await q({ where: JSON.stringify({ 'config.state': { $in: ['available', 'lost'] } }) })),
    ).toEqual([made[2], made[3]]);
    expect(ids(await q({ where: JSON.stringify({ 'config.owner': { $exists: false } }) }))).toEqual([
      made[2],
      made[3],
    ]);
    expect(ids(await q({ where: JSON.stringify({ 'config.owner': { $exists: true } }) }))).toEqual([
      made[0],
      made[1],
    ]);
    expect(ids(await q({ 'config.label': `M-${word}` }))).toEqual([made[1]]);
    expect(ids(await q({ 'config.collection.reason': 'battery_low' }))).toEqual([made[1]]);
    expect(ids(await q({ batteryLevel: 'low' }))).toEqual([made[0]]);
    expect(ids(await q({ batteryLevel: ['depleted', 'unknown'] }))).toEqual([made[1], made[3]]);
    expect(
      ids(await q({ where: JSON.stringify({ batteryLevel: { $in: ['depleted', 'unknown'] } }) })),
    ).toEqual([made[1], made[3]]);
    expect(
      ids(await q({ where: JSON.stringify({ 'state.battery.current.level': { $gte: 2600, $lte: 3000 } }) })),
    ).toEqual([made[0]]);
    expect(ids(await q({ zone: await zoneIdByName(app, 'Ward 3') }))).toEqual([made[0]]);
    expect(ids(await q({ 'config.location': await zoneIdByName(app, 'ED Room 101') }))).toEqual([made[1]]);
    // SPEC §7 'ids fetched in chunks of 500': one request for the lot, unknown ids simply absent.
    const chunk = [...made, ...Array.from({ length: 496 }, () => crypto.randomBytes(6).toString('hex'))];
    const byIds = await list({
      where: JSON.stringify({ id: { $in: chunk } }),
      limit: '500',
      orderBy: 'config.label',
    });
    expect(ids(byIds)).toEqual(made);
    expect(ids(await list({ id: [made[3]!, made[0]!], orderBy: 'config.label' }))).toEqual([
      made[0],
      made[3],
    ]);
  });

  it.each([
    [{ where: '{"config.secret":"x"}' }, 'config.secret'],
    [{ where: '{"config.state":{"$regex":"."}}' }, 'config.state'],
    [{ where: '{"$or":[]}' }, 'where'],
    [{ where: '{"config.owner":{"$eq":"x"}}' }, 'config.owner'],
    [{ 'config.secret': 'x' }, 'config.secret'],
    [{ where: 'not json' }, 'where'],
    [{ locationFields: 'street' }, 'locationFields'],
    [{ zone: 'not-a-zone' }, 'zone'],
    [{ batteryLevel: 'empty' }, 'batteryLevel'],
  ])('refuses the filter %j with 400 naming %s', async (params, field) => {
    const res = await list(params);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it('adds the location names with locationFields=1, or only those named', async () => {
    const { word, ids: made } = await ownedTags(1);
    const all = (await list({ query: word, locationFields: '1' })).json().data[0];
    expect(all.location).toEqual({
      site: 'Main Campus',
      building: 'North Tower',
      floor: 'Floor 2',
      unit: 'Ward 3',
      area: 'Room 201',
      path: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
    });
    const some = (await list({ query: word, locationFields: 'unit,area' })).json().data[0];
    expect(some).toMatchObject({ id: made[0], location: { unit: 'Ward 3', area: 'Room 201' } });
    expect(Object.keys(some.location)).toEqual(['unit', 'area']);
    expect((await list({ query: word })).json().data[0].location).toBeUndefined();
  });

  describe('no SQL reaches the database through any parameter', () => {
    const evil = "x'); drop table tags; --";
    it.each([
      [{ query: evil }, 200],
      [{ query: "' or '1'='1" }, 200],
      [{ where: JSON.stringify({ 'config.state': evil }) }, 200],
      [{ where: JSON.stringify({ id: { $in: [evil, "' or 1=1 --"] } }) }, 200],
      [{ where: JSON.stringify({ "config->>'state'": 'x' }) }, 400],
      [{ orderBy: 'id; drop table tags' }, 400],
      [{ orderBy: 'config.state desc, (select 1)' }, 400],
      [{ ownerFields: "name'); drop table tags; --" }, 400],
      [{ zone: "00000000-0000-4000-8000-000000000000') or true --" }, 400],
      [{ id: evil }, 200],
      [{ cursor: Buffer.from(JSON.stringify({ o: 'id', k: [evil] })).toString('base64url') }, 400],
    ])('%j answers %i and matches nothing', async (params, status) => {
      const res = await list(params);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json()).toMatchObject({ data: [], total: 0 });
      const [count] = await app.db.select({ n: sql<number>`count(*)::int` }).from(tags);
      expect(count!.n).toBeGreaterThan(0);
    });

    it('in the path and the bulk ids too', async () => {
      expect((await get(`/api/tags/${encodeURIComponent(evil)}`)).statusCode).toBe(404);
      expect((await put(encodeURIComponent(evil), { label: 'x' })).statusCode).toBe(404);
      const bulk = await app.inject({
        method: 'PUT',
        url: '/api/tags',
        headers: admin,
        payload: { ids: [evil], op: 'mark_lost' },
      });
      expect(bulk.statusCode).toBe(400);
      const exp = await get(`/api/tags/export.csv?tz=${encodeURIComponent(evil)}`);
      expect(exp.statusCode).toBe(400);
    });
  });
});

describe('tags and who may see them (SPEC §6, ARCHITECTURE §4 tenancy)', () => {
  it('refuses noAccess and security (no Tag abilities, docs/ROLES.md) on every route', async () => {
    const [id] = await insertTags(app, [{ zone: 'Room 201', config: { state: 'deployed' } }]);
    for (const headers of [noAccess, security]) {
      expect((await list({}, headers)).statusCode).toBe(403);
      expect((await get(`/api/tags/${id}`, headers)).statusCode).toBe(403);
      expect((await put(id!, { label: 'x' }, headers)).statusCode).toBe(403);
      expect((await get('/api/tags/export.csv', headers)).statusCode).toBe(403);
      const bulk = await app.inject({
        method: 'PUT',
        url: '/api/tags',
        headers,
        payload: { ids: [id], op: 'mark_lost' },
      });
      expect(bulk.statusCode).toBe(403);
    }
    expect((await tagRow(app, id!))!.config).toEqual(expect.objectContaining({ state: 'deployed' }));
  });

  it('lets a read-only role list and read but not change', async () => {
    const role = await customRole(app, [{ action: ['list', 'read'], subject: 'Tag' }]);
    const email = await placedUser(app, { zone: 'Demo Hospital', role });
    const reader = (await signIn(app, email)).headers;
    const [id] = await insertTags(app, [{ zone: 'Room 201', config: { state: 'deployed' } }]);
    expect((await get(`/api/tags/${id}`, reader)).statusCode).toBe(200);
    expect((await put(id!, { label: 'x' }, reader)).statusCode).toBe(403);
  });

  it('needs update Tag maintMode for maintMode (SPEC §4 maint_toggle)', async () => {
    const role = await customRole(app, [
      { action: ['list', 'read', 'update'], subject: 'Tag' },
      { action: ['update'], subject: 'Tag', fields: ['maintMode'], inverted: true },
    ]);
    const email = await placedUser(app, { zone: 'Demo Hospital', role });
    const editor = (await signIn(app, email)).headers;
    const [id] = await insertTags(app, [{ zone: 'Room 201', config: { state: 'deployed' } }]);
    const refused = await put(id!, { maintMode: true }, editor);
    expect(refused.statusCode).toBe(403);
    expect((await put(id!, { label: 'Kept' }, editor)).statusCode).toBe(200);
    expect((await put(id!, { maintMode: true })).json()).toMatchObject({
      maintMode: true,
      config: { maintMode: true },
    });
  });

  it('never shows or changes another organisation’s tags', async () => {
    const { word, ids: made } = await ownedTags(1);
    const id = made[0]!;
    expect((await list({ query: word }, acme)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get(`/api/tags/${id}`, acme)).statusCode).toBe(404);
    expect((await put(id, { label: 'stolen' }, acme)).statusCode).toBe(404);
    const bulk = await app.inject({
      method: 'PUT',
      url: '/api/tags',
      headers: acme,
      payload: { ids: [id], op: 'mark_lost' },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json()).toMatchObject({ ineligible: [id] });
    const csv = await get(`/api/tags/export.csv?query=${word}`, acme);
    expect(csv.body).not.toContain(id);
    expect((await tagRow(app, id))!.config).toMatchObject({ label: `Badge ${word}-0`, state: 'deployed' });
  });

  it('narrows a user placed in a unit to that unit’s tags', async () => {
    const word = unique('zn').toLowerCase();
    const [inside, outside, unlocated] = await insertTags(app, [
      { zone: 'Room 201', config: { state: 'deployed', label: word } },
      { zone: 'ED Room 101', config: { state: 'deployed', label: word } },
      { zone: null, config: { state: 'available', label: word } },
    ]);
    const email = await placedUser(app, { zone: 'Ward 3', role: 'admin' });
    const ward = (await signIn(app, email)).headers;
    expect(ids(await list({ query: word }, ward))).toEqual([inside]);
    expect((await get(`/api/tags/${outside}`, ward)).statusCode).toBe(404);
    expect((await get(`/api/tags/${unlocated}`, ward)).statusCode).toBe(404);
    expect((await put(inside!, { location: await zoneIdByName(app, 'ED Room 101') }, ward)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/tags/{id} (SPEC §3 Tag, §4 reuse and replacement)', () => {
  it('answers the tag with its location, reuse, replacement timeline and station name', async () => {
    const org = await zoneByName(app, 'Demo Hospital');
    const [station] = await app.db
      .insert(distributionStations)
      .values({ orgId: org.id, name: unique('Kiosk '), helpMessage: '' })
      .returning();
    const [id] = await insertTags(app, [
      {
        zone: 'Room 201',
        config: { state: 'deployed', station: station!.id, owner: { name: 'Jo', personId: 'P-1' } },
      },
    ]);
    const res = await get(`/api/tags/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      station: station!.id,
      stationName: station!.name,
      reusable: true,
      replacementTimeline: null,
      location: { area: 'Room 201', unit: 'Ward 3', floor: 'Floor 2' },
    });
  });

  it('is no longer reusable once its collection urgency went below 2, and shows the timeline', async () => {
    const [id] = await insertTags(app, [{ zone: 'Room 201', config: { state: 'deployed' } }]);
    expect((await put(id!, { collection: { reason: 'battery_low', urgency: 2 } })).statusCode).toBe(200);
    expect((await get(`/api/tags/${id}`)).json()).toMatchObject({
      reusable: true,
      replacementTimeline: null,
    });
    expect((await put(id!, { collection: { reason: 'battery_low', urgency: 1 } })).statusCode).toBe(200);
    expect((await get(`/api/tags/${id}`)).json()).toMatchObject({ reusable: false, replacementTimeline: 1 });
    const old = new Date(Date.now() - 61 * 86_400_000).toISOString();
    await put(id!, { collection: { reason: 'battery_low', urgency: 1, at: old } });
    expect((await get(`/api/tags/${id}`)).json()).toMatchObject({ replacementTimeline: 0 });
    // Relaxing the urgency later does not make the tag reusable again.
    await put(id!, { collection: null });
    expect((await get(`/api/tags/${id}`)).json()).toMatchObject({
      reusable: false,
      replacementTimeline: null,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get('/api/tags/0000deadbeef')).statusCode).toBe(404);
    expect((await get('/api/tags/NOT-A-MAC')).json()).toMatchObject({ reason: 'Tag not found' });
  });
});

describe('PUT /api/tags/{id} (SPEC §7 flat body, §4 flows)', () => {
  const availableTag = async () =>
    (await insertTags(app, [{ zone: null, config: { state: 'available', logistics: { sku: 'TAG5' } } }]))[0]!;

  it('assigns a tag: deployed, with owner, label and location stored in config, and audited', async () => {
    const id = await availableTag();
    const room = await zoneIdByName(app, 'Room 202');
    const res = await put(id, {
      state: 'deployed',
      owner: { name: 'Kim Lee', personId: 'P-77' },
      label: 'Badge 77',
      location: room,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      config: {
        state: 'deployed',
        owner: { name: 'Kim Lee', personId: 'P-77' },
        label: 'Badge 77',
        location: room,
        logistics: { sku: 'TAG5' },
      },
    });
    expect((await tagRow(app, id))!.zoneId).toBe(room);
    const [entry] = await tagAudit(app, [id]);
    expect(entry).toMatchObject({
      action: 'update',
      before: { config: { state: 'available' }, zoneId: null },
      after: { config: { state: 'deployed', label: 'Badge 77' }, zoneId: room },
    });
    expect(entry!.actor).toBe((await get('/api/users/me')).json().id);
  });

  it.each([['ready_for_return'], ['lost']] as const)(
    'invalidates to %s: owner and label cleared, even when the body sends them',
    async (state) => {
      const { ids: made } = await ownedTags(1);
      const res = await put(made[0]!, { state, owner: { name: 'Ignored' }, label: 'Ignored' });
      expect(res.statusCode).toBe(200);
      const config = res.json().config;
      expect(config.state).toBe(state);
      expect(config).not.toHaveProperty('owner');
      expect(config).not.toHaveProperty('label');
      expect((await tagRow(app, made[0]!))!.config).not.toHaveProperty('owner');
    },
  );

  it('restores a tag: available, owner, label and collection cleared', async () => {
    const { ids: made } = await ownedTags(1, () => ({
      collection: { reason: 'manual', urgency: 2, at: new Date().toISOString() },
    }));
    const res = await put(made[0]!, { state: 'available' });
    expect(res.statusCode).toBe(200);
    const config = res.json().config;
    expect(config.state).toBe('available');
    for (const key of ['owner', 'label', 'collection']) expect(config).not.toHaveProperty(key);
    const audit = await tagAudit(app, made);
    expect(audit.at(-1)).toMatchObject({
      before: { config: { state: 'deployed' } },
      after: { config: { state: 'available' } },
    });
  });

  it('stores collection with the time it was asked for, station and invoiceZone; null clears', async () => {
    const { ids: made } = await ownedTags(1);
    const id = made[0]!;
    const org = await zoneByName(app, 'Demo Hospital');
    const [station] = await app.db
      .insert(distributionStations)
      .values({ orgId: org.id, name: unique('K ') })
      .returning();
    const res = await put(id, {
      collection: { reason: 'staff_turnover', urgency: 0 },
      station: station!.id,
      invoiceZone: org.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      station: station!.id,
      invoiceZone: org.id,
      config: { collection: { reason: 'staff_turnover', urgency: 0, at: expect.any(String) } },
    });
    const cleared = await put(id, { station: null, invoiceZone: null, label: null });
    expect(cleared.json()).toMatchObject({ station: null, invoiceZone: null });
    expect(cleared.json().config).not.toHaveProperty('label');
  });

  it.each([
    [{ station: '00000000-0000-4000-8000-000000000001' }, 400, 'station'],
    [{ invoiceZone: '00000000-0000-4000-8000-000000000001' }, 400, 'invoiceZone'],
    [{ state: 'borrowed' }, 400, 'state'],
    [{ owner: { name: '' } }, 400, 'owner.name'],
    [{ colour: 'red' }, 400, undefined],
  ])('refuses %j', async (payload, status, field) => {
    const id = await availableTag();
    const res = await put(id, payload);
    expect(res.statusCode).toBe(status);
    if (field) expect(res.json().field).toBe(field);
    expect(await tagAudit(app, [id])).toEqual([]);
  });

  it('refuses a location of another organisation', async () => {
    const id = await availableTag();
    const res = await put(id, { location: await zoneIdByName(app, 'Front Desk') });
    expect(res.statusCode).toBe(404);
    expect((await tagRow(app, id))!.zoneId).toBeNull();
  });

  it("answers 409 'Tag state not found' to a change of a tag without a state, until one is set", async () => {
    const [id] = await insertTags(app, [{ zone: null, config: {} }]);
    const res = await put(id!, { label: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'Tag state not found', code: 'tag_state_not_found' });
    expect((await put(id!, { state: 'flashed', label: 'x' })).json().config).toMatchObject({
      state: 'flashed',
      label: 'x',
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const id = await availableTag();
    expect((await put(id, { state: 'available' })).statusCode).toBe(200);
    expect(await tagAudit(app, [id])).toEqual([]);
  });
});

describe('GET /api/tags/export.csv (SPEC §9 CSV, streamed)', () => {
  const limits = { ...CSV_EXPORT_LIMITS };
  afterEach(() => {
    Object.assign(CSV_EXPORT_LIMITS, limits);
  });

  it('streams the filtered, searched, sorted list as CSV with the list’s rows and order', async () => {
    CSV_EXPORT_LIMITS.batchSize = 2; // several batches for three rows
    const word = unique('zc').toLowerCase();
    const made = await insertTags(app, [
      {
        zone: 'Room 201',
        config: {
          state: 'deployed',
          label: `c-${word}`,
          owner: { name: `Müller, Jo ${word}`, personId: '=1+1' },
        },
        state: { battery: { current: { level: 2750 } }, updatedAt: '2026-11-23T15:04:05.000Z' },
      },
      {
        zone: null,
        config: { state: 'deployed', label: `a-${word}`, owner: { name: `Say "hi" ${word}` } },
        state: { battery: { current: { level: 2500 } } },
      },
      { zone: null, config: { state: 'deployed', label: `b-${word}` }, state: {} },
      { zone: null, config: { state: 'lost', label: `d-${word}` }, state: {} },
    ]);
    const res = await get(
      `/api/tags/export.csv?query=${word}&config.state=deployed&orderBy=-config.label&tz=America/Chicago`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tags-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Tag,State,Owner,Person ID,Label,SKU,Barcode,Battery (mV),Battery level,Battery,Firmware app,Firmware boot,' +
        'Last seen (America/Chicago),Location,Collection reason,Collection urgency,Collection asked (America/Chicago),' +
        'Replacement,Maintenance mode,Mode,Station,Invoice zone,Created (America/Chicago),Updated (America/Chicago)',
    );
    expect(lines.slice(1, -1).map((l) => l.slice(0, 12))).toEqual([made[0], made[2], made[1]]);
    expect(lines[1]).toContain(
      `${made[0]},deployed,"Müller, Jo ${word}",'=1+1,c-${word},,,2750,low,Low,,,2026-11-23 09:04:05,Main Campus › North Tower › Floor 2 › Ward 3 › Room 201,`,
    );
    expect(lines[3]).toContain(`"Say ""hi"" ${word}"`);
    expect(lines[3]).toContain(',2500,depleted,Unhealthy,');
  });

  it.each([
    ['config.owner.name'],
    ['-config.owner.name'],
    ['-config.collection.urgency,config.label'],
    ['id'],
    ['-id'],
  ])(
    'writes each row once, in the list’s order, across batches and cursor pages with ties and nulls (orderBy=%s)',
    async (orderBy) => {
      // Batches of two: every batch boundary falls inside a run of equal or missing sort keys.
      CSV_EXPORT_LIMITS.batchSize = 2;
      const word = unique('zk').toLowerCase();
      await insertTags(
        app,
        [null, 'Ann', null, 'Ann', 'Bo', null, 'Ann', 'Bo', null].map((name, i) => ({
          zone: null,
          config: {
            state: 'deployed',
            label: `${word}-${i % 3}`,
            ...(name ? { owner: { name } } : {}),
            ...(i % 2 ? { collection: { reason: 'battery_low', urgency: i % 4 === 1 ? 2 : 1 } } : {}),
          },
        })),
      );
      const query = `query=${word}&orderBy=${orderBy}`;
      const page = await get(`/api/tags?${query}&limit=500`);
      expect(page.statusCode, page.body).toBe(200);
      const listed = ids(page);
      expect(listed).toHaveLength(9);
      const res = await get(`/api/tags/export.csv?${query}`);
      expect(res.statusCode).toBe(200);
      const exported = res.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(0, 12));
      expect(exported).toEqual(listed);
      // The console's CSV walks the same list two rows a page by nextCursor.
      const walked: string[] = [];
      let cursor = '';
      do {
        const next = await get(`/api/tags?${query}&limit=2${cursor && `&cursor=${cursor}`}`);
        expect(next.statusCode, next.body).toBe(200);
        walked.push(...ids(next));
        cursor = next.json().nextCursor ?? '';
      } while (cursor);
      expect(walked).toEqual(listed);
    },
  );

  it('writes every field as the domain’s csvField does (the console’s CSV rules)', async () => {
    const word = unique('zx').toLowerCase();
    const names = [
      '=cmd|x',
      '+1 555',
      '-lost',
      '@home',
      '\tTab',
      'say "hi"',
      'a,b',
      'two\nlines',
      'cr\rhere',
      'Zoë Ångström',
      "O'Brien",
    ];
    await insertTags(
      app,
      names.map((name, i) => ({
        zone: null,
        config: { state: 'deployed', label: `${word}-${i}`, owner: { name } },
      })),
    );
    const res = await get(`/api/tags/export.csv?query=${word}&orderBy=config.label`);
    expect(res.statusCode).toBe(200);
    for (const [i, name] of names.entries()) {
      expect(res.body).toContain(`,deployed,${csvField(name)},,${word}-${i},`);
    }
  });

  it('answers with an API key whose role may list tags, and adds a BOM when asked', async () => {
    const key = `vk_${crypto.randomBytes(16).toString('hex')}`;
    await app.db.insert(apiKeys).values({
      name: unique('Export script '),
      kind: 'console',
      zoneId: (await zoneByName(app, 'Demo Hospital')).id,
      role: 'admin',
      keyHash: sha256(key),
      prefix: key.slice(0, 10),
    });
    const { word, ids: made } = await ownedTags(1);
    const res = await get(`/api/tags/export.csv?query=${word}&bom=1`, keyHeaders(key));
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFFTag,State,')).toBe(true);
    expect(res.body).toContain(made[0]);
    // The demo key's role (security) holds no Tag ability.
    expect((await get('/api/tags/export.csv', keyHeaders())).statusCode).toBe(403);
  });

  it('refuses more rows than the limit with a message to add filters (SPEC §5, §9)', async () => {
    const { word } = await ownedTags(3);
    CSV_EXPORT_LIMITS.maxRows = 2;
    const res = await get(`/api/tags/export.csv?query=${word}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'export_too_large',
      reason: expect.stringMatching(/add filters/),
    });
    CSV_EXPORT_LIMITS.maxRows = 3;
    expect((await get(`/api/tags/export.csv?query=${word}`)).statusCode).toBe(200);
  });

  it('refuses a bad filter or time zone before writing anything', async () => {
    expect((await get('/api/tags/export.csv?where={"config.secret":1}')).statusCode).toBe(400);
    expect((await get('/api/tags/export.csv?tz=Mars/Olympus')).json()).toMatchObject({ field: 'tz' });
  });
});

describe('tag rows as stored stay valid for the API', () => {
  it('answers tags written by earlier features (the seeded demo tags)', async () => {
    const res = await list({ where: JSON.stringify({ id: { $prefix: 'c0ffee' } }), limit: '500' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThanOrEqual(12);
    const [row] = await app.db.select().from(tags).where(eq(tags.id, 'c0ffee000001'));
    expect(row).toBeDefined();
  });
});

// What GET /api/tags sends is exactly what its schema says, with every option of the page. (The
// schema also normalises, e.g. trims an owner's name: sending the rows without it changed answers.)
describe('GET /api/tags answers what its schema says', () => {
  it.each([
    'limit=500',
    'limit=50&locationFields=1&config.state=deployed',
    'query=badge&orderBy=-state.battery.current.level&limit=20&locationFields=1',
  ])('%s', async (query) => {
    const { headers } = await signIn(app, 'admin@demo.example');
    const res = await app.inject({ url: `/api/tags?${query}`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(tagListSchema.parse(body)).toEqual(body);
  });
});
