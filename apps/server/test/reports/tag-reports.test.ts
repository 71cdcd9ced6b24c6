import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '@vigil/domain';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import {
  addBuilding,
  addTags,
  daysAgo,
  heardTag,
  hoursAfter,
  pastDay,
  removeAll,
  type Building,
} from './fixtures';

// Issue 18, SPEC §2.1 Reports: Missing Tags, tags flagged for collection, the Tag Replacement
// Timeline (SPEC §3 urgency, §4 timeline), on rows made here.

let app: FastifyInstance;
let admin: Record<string, string>;
let b: Building;
let orgId: string;
const made = { tags: [] as string[], gateways: [] as string[], building: undefined as Building | undefined };

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  b = await addBuilding(app);
  made.building = b;
  orgId = await zoneIdByName(app, 'Demo Hospital');
});

afterAll(async () => {
  await removeAll(app, made);
});

function report(type: string, query: Record<string, string | number>, headers = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/api/reports/${type}?${qs}`, headers });
}

const range = (start: Date, end: Date) => ({ start: start.toISOString(), end: end.toISOString() });

describe('GET /api/reports/tagsNotSeen (Missing Tags)', () => {
  const day = pastDay();
  let ids: string[];

  beforeAll(async () => {
    ids = await addTags(app, made, [
      heardTag(b.areaA, hoursAfter(day, 1), { owner: 'Ada Missing', mv: 2710 }),
      heardTag(b.areaB, hoursAfter(day, 3)),
      heardTag(b.floorB, hoursAfter(day, 2)),
      heardTag(null, hoursAfter(day, 4)),
      heardTag(b.areaA, hoursAfter(day, -30)), // heard before the range
      heardTag(b.areaA, null), // never heard: no date, in no dated report
    ]);
  });

  it('counts tags last heard in the range per child zone of the organisation, unlocated ones under it', async () => {
    const res = await report('tagsNotSeen', range(day, hoursAfter(day, 24)));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'tagsNotSeen',
      zone: { id: orgId, name: 'Demo Hospital' },
      start: day.toISOString(),
      total: 4,
    });
    expect(body.by).toBeUndefined();
    expect(body.counts).toEqual([
      { zone: { id: orgId, name: 'Demo Hospital' }, count: 1 },
      { zone: { id: await zoneIdByName(app, 'Main Campus'), name: 'Main Campus' }, count: 3 },
    ]);
  });

  it('counts per child of a chosen zone, each floor holding the rows below it', async () => {
    const res = await report('tagsNotSeen', { ...range(day, hoursAfter(day, 24)), zone: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ zone: { id: b.id, name: b.name }, total: 3 });
    expect(res.json().counts).toEqual([
      { zone: { id: b.ids.get(b.floorA), name: b.floorA }, count: 1 },
      { zone: { id: b.ids.get(b.floorB), name: b.floorB }, count: 2 },
    ]);
    // A floor's own tag counts under the floor when the floor is chosen.
    const floor = await report('tagsNotSeen', {
      ...range(day, hoursAfter(day, 24)),
      zone: b.ids.get(b.floorB)!,
    });
    expect(floor.json().counts).toEqual([
      { zone: { id: b.ids.get(b.floorB), name: b.floorB }, count: 1 },
      { zone: { id: b.ids.get(b.unitB), name: b.unitB }, count: 1 },
    ]);
  });

  it('answers the details, oldest silence first, with location, owner, last seen and battery', async () => {
    const res = await report('tagsNotSeen', {
      ...range(day, hoursAfter(day, 24)),
      zone: b.id,
      view: 'details',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'tagsNotSeen', zone: { id: b.id }, total: 3 });
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(body.data[0]).toMatchObject({
      id: ids[0],
      owner: 'Ada Missing',
      location: `Main Campus › ${b.name} › ${b.floorA} › ${b.unitA} › ${b.areaA}`,
      zoneId: b.ids.get(b.areaA),
      lastSeen: hoursAfter(day, 1).toISOString(),
      batteryMv: 2710,
      reason: null,
      urgency: null,
      timeline: null,
    });
  });

  it('pages the details with limit and offset, the total unchanged', async () => {
    const page = await report('tagsNotSeen', {
      ...range(day, hoursAfter(day, 24)),
      zone: b.id,
      view: 'details',
      limit: 1,
      offset: 1,
    });
    expect(page.json().total).toBe(3);
    expect(page.json().data.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
  });

  it('leaves out tags heard within the chosen period (periodDays, default 1)', async () => {
    const [recent, threeDays, nineDays] = await addTags(app, made, [
      heardTag(b.areaA, daysAgo(0.5)),
      heardTag(b.areaA, daysAgo(3)),
      heardTag(b.areaA, daysAgo(9)),
    ]);
    const window = { ...range(daysAgo(30), new Date(Date.now() + DAY_MS)), zone: b.id, view: 'details' };
    const idsOf = async (q: Record<string, string | number>) =>
      (await report('tagsNotSeen', q)).json().data.map((r: { id: string }) => r.id);
    expect(await idsOf(window)).toEqual([nineDays, threeDays]);
    expect(await idsOf({ ...window, periodDays: 7 })).toEqual([nineDays]);
    expect(await idsOf({ ...window, periodDays: 30 })).toEqual([]);
    expect(recent).toBeDefined();
  });
});

describe('GET /api/reports/tagsFlagged (SPEC §3 collection urgency and reason)', () => {
  const day = pastDay();
  let ids: string[];

  beforeAll(async () => {
    ids = await addTags(app, made, [
      heardTag(b.areaA, null, { collection: { reason: 'battery_low', urgency: 1, at: hoursAfter(day, 5) } }),
      heardTag(b.areaA, null, {
        collection: { reason: 'battery_depleted', urgency: 0, at: hoursAfter(day, 6) },
      }),
      heardTag(b.areaB, null, { collection: { reason: 'battery_low', urgency: 2, at: hoursAfter(day, 1) } }),
      heardTag(b.areaB, null, { collection: { reason: 'manual', urgency: 0, at: hoursAfter(day, 48) } }), // after the range
    ]);
  });

  it('counts flagged tags per floor and per urgency', async () => {
    const res = await report('tagsFlagged', { ...range(day, hoursAfter(day, 24)), zone: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, by: { '0': 1, '1': 1, '2': 1 } });
    expect(res.json().counts).toEqual([
      { zone: { id: b.ids.get(b.floorA), name: b.floorA }, count: 2, by: { '0': 1, '1': 1, '2': 0 } },
      { zone: { id: b.ids.get(b.floorB), name: b.floorB }, count: 1, by: { '0': 0, '1': 0, '2': 1 } },
    ]);
  });

  it('answers the details most urgent first, filtered by urgency or reason', async () => {
    const q = { ...range(day, hoursAfter(day, 24)), zone: b.id, view: 'details' };
    const all = (await report('tagsFlagged', q)).json();
    expect(all.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(all.data[0]).toMatchObject({
      urgency: 0,
      reason: 'battery_depleted',
      flaggedAt: hoursAfter(day, 6).toISOString(),
      timeline: 'overdue',
      lastSeen: null,
    });
    const soon = (await report('tagsFlagged', { ...q, urgency: 1 })).json();
    expect(soon).toMatchObject({ total: 1, data: [{ id: ids[0] }] });
    const low = (await report('tagsFlagged', { ...q, reason: 'battery_low' })).json();
    expect(low.data.map((r: { id: string }) => r.id)).toEqual([ids[0], ids[2]]);
    const summary = (
      await report('tagsFlagged', { ...range(day, hoursAfter(day, 24)), zone: b.id, urgency: 2 })
    ).json();
    expect(summary).toMatchObject({ total: 1, by: { '0': 0, '1': 0, '2': 1 } });
  });
});

describe('GET /api/reports/tagsReplacement (Tag Replacement Timeline, SPEC §4)', () => {
  let ids: string[];
  const start = daysAgo(120);

  beforeAll(async () => {
    ids = await addTags(app, made, [
      heardTag(b.areaA, null, { collection: { reason: 'battery_low', urgency: 1, at: daysAgo(10) } }), // soon
      heardTag(b.areaA, null, { collection: { reason: 'battery_low', urgency: 1, at: daysAgo(61) } }), // overdue
      heardTag(b.areaB, null, { collection: { reason: 'manual', urgency: 0, at: daysAgo(2) } }), // overdue
      heardTag(b.areaB, null, { collection: { reason: 'manual', urgency: 2, at: daysAgo(2) } }), // no timeline
    ]);
  });

  it('counts overdue and soon per floor; urgency 2 is on no timeline', async () => {
    const res = await report('tagsReplacement', { ...range(start, new Date()), zone: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'tagsReplacement', total: 3, by: { overdue: 2, soon: 1 } });
    expect(res.json().counts).toEqual([
      { zone: { id: b.ids.get(b.floorA), name: b.floorA }, count: 2, by: { overdue: 1, soon: 1 } },
      { zone: { id: b.ids.get(b.floorB), name: b.floorB }, count: 1, by: { overdue: 1, soon: 0 } },
    ]);
  });

  it('answers the details overdue first, and only one timeline when asked', async () => {
    const q = { ...range(start, new Date()), zone: b.id, view: 'details' };
    const all = (await report('tagsReplacement', q)).json();
    expect(all.data.map((r: { id: string; timeline: string }) => [r.id, r.timeline])).toEqual([
      [ids[1], 'overdue'],
      [ids[2], 'overdue'],
      [ids[0], 'soon'],
    ]);
    const soon = (await report('tagsReplacement', { ...q, timeline: 'soon' })).json();
    expect(soon).toMatchObject({ total: 1, data: [{ id: ids[0], timeline: 'soon', urgency: 1 }] });
    const overdue = (await report('tagsReplacement', { ...q, timeline: 'overdue' })).json();
    expect(overdue.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[2]]);
  });
});
