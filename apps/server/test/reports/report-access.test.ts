import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, REPORT_MAX_RANGE_DAYS } from '@vigil/domain';
import { ACME_HEADERS, getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { customRole, placedUser } from '../helpers/alerts';
import { addBuilding, addTags, heardTag, hoursAfter, pastDay, removeAll, type Building } from './fixtures';

// Issue 18: who may read which report (SPEC §6 read Report tags / replacement / metrics), zone
// scoping, other organisations, and the parameters refused with a reason.

let app: FastifyInstance;
let admin: Record<string, string>;
let b: Building;
const made = { tags: [] as string[], gateways: [] as string[], building: undefined as Building | undefined };
const day = pastDay();
const inRange = { start: day.toISOString(), end: hoursAfter(day, 24).toISOString() };
let ids: string[];

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  b = await addBuilding(app);
  made.building = b;
  ids = await addTags(app, made, [
    heardTag(b.areaA, hoursAfter(day, 1)),
    heardTag(b.areaB, hoursAfter(day, 2)),
    heardTag(null, hoursAfter(day, 3)),
  ]);
});

afterAll(async () => {
  await removeAll(app, made);
});

function get(url: string, query: Record<string, string | number>, headers: Record<string, string>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `${url}?${qs}`, headers });
}
const report = (type: string, query: Record<string, string | number>, headers = admin) =>
  get(`/api/reports/${type}`, query, headers);
const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);

async function userWith(role: string, zone = 'Demo Hospital') {
  return (await signIn(app, await placedUser(app, { zone, role }))).headers;
}

describe('reports and SPEC §6 read Report', () => {
  it.each([
    ['tagsNotSeen', 'tags'],
    ['tagsFlagged', 'tags'],
    ['tagsReplacement', 'replacement'],
    ['disconnectedGateways', 'metrics'],
  ])('refuses %s, its export and its zones alias to roles without read Report %s', async (type, field) => {
    const security = (await signIn(app, 'security@demo.example')).headers;
    const noReport = await userWith('default');
    for (const headers of [security, noReport]) {
      for (const res of [
        await report(type, inRange, headers),
        await get(`/api/reports/${type}/export`, inRange, headers),
        await get(
          `/api/zones/${b.id}`,
          { 'report.type': type, 'report.start': inRange.start, 'report.end': inRange.end },
          headers,
        ),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().reason).toBe(`Not allowed to read Report ${field}`);
      }
    }
  });

  it('lets the report user role (smpReportUser) and a role holding only its field read the report', async () => {
    const reportUser = await userWith('smpReportUser');
    expect((await report('tagsReplacement', inRange, reportUser)).statusCode).toBe(200);
    const tagsOnly = await userWith(
      await customRole(app, [{ action: ['read'], subject: 'Report', fields: ['tags'] }]),
    );
    expect((await report('tagsNotSeen', inRange, tagsOnly)).json().total).toBe(3);
    expect((await report('tagsFlagged', inRange, tagsOnly)).statusCode).toBe(200);
    const replacement = await report('tagsReplacement', inRange, tagsOnly);
    expect(replacement.statusCode).toBe(403);
    expect(replacement.json().reason).toBe('Not allowed to read Report replacement');
  });
});

describe('reports and the caller’s zones (ARCHITECTURE §4 tenancy)', () => {
  it('limits a user placed in a floor to that floor’s rows, with the organisation as the default zone', async () => {
    const floor = await userWith('smpReportUser', b.floorA);
    const res = await report('tagsNotSeen', inRange, floor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, counts: [{ zone: { name: 'Main Campus' }, count: 1 }] });
    expect(idsOf(await report('tagsNotSeen', { ...inRange, view: 'details' }, floor))).toEqual([ids[0]]);
    const own = await report('tagsNotSeen', { ...inRange, zone: b.ids.get(b.floorA)! }, floor);
    expect(own.json().total).toBe(1);
  });

  it('answers 404 for a chosen zone outside the caller’s zones', async () => {
    const floor = await userWith('smpReportUser', b.floorA);
    for (const zone of [b.id, b.ids.get(b.floorB)!]) {
      const res = await report('tagsNotSeen', { ...inRange, zone }, floor);
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('Zone not found');
    }
    const csv = await get('/api/reports/tagsNotSeen/export', { ...inRange, zone: b.id }, floor);
    expect(csv.statusCode).toBe(404);
  });

  it('never shows another organisation’s rows, and its zones are 404', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    expect(acme.slug).toBe(ACME_HEADERS.slug);
    const res = await report('tagsNotSeen', { ...inRange, view: 'details' }, acme);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 0, data: [] });
    expect(res.json().zone.name).toBe('Acme Clinic');
    const summary = await report('tagsNotSeen', inRange, acme);
    expect(summary.json()).toMatchObject({ total: 0, counts: [] });
    const csv = await get('/api/reports/tagsNotSeen/export', inRange, acme);
    expect(csv.statusCode).toBe(200);
    for (const id of ids) expect(csv.body).not.toContain(id);
    expect((await report('tagsNotSeen', { ...inRange, zone: b.id }, acme)).statusCode).toBe(404);
    const demo = await zoneIdByName(app, 'Demo Hospital');
    expect((await report('tagsNotSeen', { ...inRange, zone: demo }, acme)).statusCode).toBe(404);
  });
});

describe('report parameters refused with a reason (400)', () => {
  it.each([
    ['an unknown report type', 'tagsLost', inRange, 'type'],
    ['start after end', 'tagsNotSeen', { start: inRange.end, end: inRange.start }, 'start'],
    [
      `a range over ${REPORT_MAX_RANGE_DAYS} days`,
      'tagsFlagged',
      {
        start: day.toISOString(),
        end: new Date(day.getTime() + (REPORT_MAX_RANGE_DAYS + 1) * DAY_MS).toISOString(),
      },
      'end',
    ],
    ['a start that is no date', 'tagsNotSeen', { start: 'yesterday', end: inRange.end }, 'start'],
    ['no end', 'tagsNotSeen', { start: inRange.start }, 'end'],
    ['an unknown urgency', 'tagsFlagged', { ...inRange, urgency: 3 }, 'urgency'],
    ['an unknown timeline', 'tagsReplacement', { ...inRange, timeline: 'later' }, 'timeline'],
    ['a zone that is no id', 'tagsNotSeen', { ...inRange, zone: 'north' }, 'zone'],
    ['a page over 500 rows', 'tagsNotSeen', { ...inRange, limit: 501 }, 'limit'],
    ['an unknown parameter', 'tagsNotSeen', { ...inRange, colour: 'red' }, 'colour'],
  ])('%s', async (_case, type, query, field) => {
    const res = await report(type, query as Record<string, string>);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().reason).toEqual(expect.any(String));
  });

  it('words the range refusals clearly', async () => {
    const backwards = await report('tagsNotSeen', { start: inRange.end, end: inRange.start });
    expect(backwards.json().reason).toBe('The start must not be after the end');
    const long = await report('disconnectedGateways', {
      start: day.toISOString(),
      end: new Date(day.getTime() + (REPORT_MAX_RANGE_DAYS + 1) * DAY_MS).toISOString(),
    });
    expect(long.json().reason).toBe(`The range may span at most ${REPORT_MAX_RANGE_DAYS} days`);
  });
});
