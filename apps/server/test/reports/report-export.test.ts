import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CSV_EXPORT_LIMITS } from '../../src/platform/list/csv-export';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, placedUser } from '../helpers/alerts';
import {
  addBuilding,
  addGateway,
  addTags,
  daysAgo,
  heardTag,
  hoursAfter,
  pastDay,
  removeAll,
  type Building,
} from './fixtures';

// Issue 18: each report's details as a streamed CSV like the tag list's (SPEC §9: the time zone of
// its dates, at most 100,000 rows), and SPEC §7's `GET zones/{id}` with `report.type`.

let app: FastifyInstance;
let admin: Record<string, string>;
let b: Building;
const made = { tags: [] as string[], gateways: [] as string[], building: undefined as Building | undefined };
// 15:30 UTC on a winter day: 09:30 in Chicago (UTC-6).
const day = pastDay();
const winter = new Date(Date.UTC(day.getUTCFullYear(), 0, 15, 15, 30, 0));
const inRange = { start: hoursAfter(winter, -24).toISOString(), end: hoursAfter(winter, 24).toISOString() };
let ids: string[];

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  b = await addBuilding(app);
  made.building = b;
  ids = await addTags(app, made, [
    heardTag(b.areaA, winter, { owner: 'Ada, "the" Owner', mv: 2650 }),
    heardTag(b.areaB, hoursAfter(winter, 1), { owner: '=HYPERLINK("x")' }),
    heardTag(b.areaB, hoursAfter(winter, 2)),
  ]);
});

afterAll(async () => {
  await removeAll(app, made);
});

afterEach(() => {
  CSV_EXPORT_LIMITS.maxRows = 100_000;
});

function get(url: string, query: Record<string, string | number>, headers = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `${url}?${qs}`, headers });
}
const lines = (body: string) => body.split('\r\n').filter(Boolean);

describe('GET /api/reports/{type}/export', () => {
  it('streams the Missing Tags details as CSV, dates in the chosen time zone', async () => {
    const res = await get('/api/reports/tagsNotSeen/export', {
      ...inRange,
      zone: b.id,
      timeZone: 'America/Chicago',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="missing-tags-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, first, second, third, ...rest] = lines(res.body);
    expect(header).toBe('Tag,Label,Owner,Location,Last seen (America/Chicago),Battery (mV)');
    expect(first).toMatch(
      new RegExp(
        `^${ids[0]},Badge [^,]+,"Ada, ""the"" Owner",Main Campus › ${b.name} › ${b.floorA} › ${b.unitA} › ${b.areaA},${day.getUTCFullYear()}-01-15 09:30:00,2650$`,
      ),
    );
    // A formula is written as text (OWASP CSV injection), as every export does.
    expect(second).toContain(`"'=HYPERLINK(""x"")"`);
    expect(second!.startsWith(ids[1]!)).toBe(true);
    expect(third!.startsWith(ids[2]!)).toBe(true);
    expect(rest).toEqual([]);
  });

  it('writes UTC when no time zone is asked, and refuses an unknown one', async () => {
    const res = await get('/api/reports/tagsNotSeen/export', { ...inRange, zone: b.id });
    expect(lines(res.body)[0]).toContain('Last seen (UTC)');
    expect(lines(res.body)[1]).toContain(`${day.getUTCFullYear()}-01-15 15:30:00`);
    const bad = await get('/api/reports/tagsNotSeen/export', { ...inRange, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('timeZone');
  });

  it('walks every batch in order (batches smaller than the report)', async () => {
    const size = CSV_EXPORT_LIMITS.batchSize;
    CSV_EXPORT_LIMITS.batchSize = 2;
    try {
      const res = await get('/api/reports/tagsNotSeen/export', { ...inRange, zone: b.id });
      expect(
        lines(res.body)
          .slice(1)
          .map((l) => l.slice(0, 12)),
      ).toEqual(ids);
    } finally {
      CSV_EXPORT_LIMITS.batchSize = size;
    }
  });

  it('refuses more than the row limit before writing anything (SPEC §9)', async () => {
    CSV_EXPORT_LIMITS.maxRows = 2;
    const res = await get('/api/reports/tagsNotSeen/export', { ...inRange, zone: b.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'export_too_large' });
    expect(res.json().reason).toMatch(/add filters/);
  });

  it('writes the disconnected gateways with their metrics', async () => {
    const id = await addGateway(app, made, { zone: b.areaA, lastUpdate: daysAgo(4), sku: 'GWL1' });
    const res = await get('/api/reports/disconnectedGateways/export', {
      start: daysAgo(10).toISOString(),
      end: new Date().toISOString(),
      zone: b.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('disconnected-gateways-');
    const [header, row, ...rest] = lines(res.body);
    expect(header).toBe(
      'Gateway,Name,SKU,Location,Status,Last update (UTC),Heartbeats (24 h),Button (%),Coverage (%),Floor (%)',
    );
    expect(row).toMatch(
      new RegExp(`^${id},,GWL1,Main Campus › [^,]+,connected,\\d{4}-\\d{2}-\\d{2} [\\d:]{8},0,,,$`),
    );
    expect(rest).toEqual([]);
  });
});

describe('GET /api/zones/{id} with report.type (SPEC §7)', () => {
  const alias = (zoneId: string, query: Record<string, string | number>, headers = admin) =>
    get(`/api/zones/${zoneId}`, query, headers);
  const reportQuery = {
    'report.type': 'tagsNotSeen',
    'report.start': inRange.start,
    'report.end': inRange.end,
  };

  it('answers the report’s details for the zone, paged by limit and offset', async () => {
    const res = await alias(b.id, reportQuery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'tagsNotSeen', zone: { id: b.id, name: b.name }, total: 3 });
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(ids);
    const page = await alias(b.id, { ...reportQuery, limit: 2, offset: 2 });
    expect(page.json()).toMatchObject({ total: 3, data: [{ id: ids[2] }] });
    const floorB = await alias(b.ids.get(b.floorB)!, reportQuery);
    expect(floorB.json().data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[2]]);
  });

  it('is the same report as GET /api/reports/{type}?view=details', async () => {
    const viaZone = await alias(b.id, { ...reportQuery, 'report.periodDays': 7 });
    const viaReports = await get('/api/reports/tagsNotSeen', {
      ...inRange,
      zone: b.id,
      view: 'details',
      periodDays: 7,
    });
    expect(viaZone.json()).toEqual(viaReports.json());
  });

  it('refuses a missing or backwards range naming the report parameter', async () => {
    const missing = await alias(b.id, { 'report.type': 'tagsNotSeen', 'report.end': inRange.end });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'report.start' });
    const backwards = await alias(b.id, {
      ...reportQuery,
      'report.start': inRange.end,
      'report.end': inRange.start,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      reason: 'The start must not be after the end',
      field: 'report.start',
    });
    const unknown = await alias(b.id, { ...reportQuery, 'report.type': 'tagsLost' });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 404 for a zone outside the caller’s scope', async () => {
    const acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
    expect((await alias(b.id, reportQuery, acme)).statusCode).toBe(404);
    expect((await alias('not-a-zone', reportQuery)).statusCode).toBe(404);
  });

  it('still answers the zone itself without report.type, and needs read Zone for it', async () => {
    const zone = await alias(b.id, { children: 'true' });
    expect(zone.statusCode).toBe(200);
    expect(zone.json()).toMatchObject({ id: b.id, name: b.name, level: 'building' });
    expect(zone.json().children).toHaveLength(2);
    const role = await customRole(app, [{ action: ['read'], subject: 'Report' }]);
    const reader = (await signIn(app, await placedUser(app, { zone: b.name, role }))).headers;
    const refused = await alias(b.id, {}, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('Not allowed to read Zone');
    expect((await alias(b.id, reportQuery, reader)).json().total).toBe(3);
  });
});
