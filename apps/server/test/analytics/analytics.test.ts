import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  REPORT_MAX_RANGE_DAYS,
  bucketOf,
  percentileFromHistogram,
  responseHistogram,
  RESPONSE_BUCKETS_S,
  type IncidentsAnswer,
  type ResponseTimesAnswer,
} from '@vigil/domain';
import { analyticsCache } from '../../src/analytics';
import { getTestApp, signIn, zoneIdByName } from '../helpers/app';
import { analyticsOrg, insertAlerts, type AnalyticsOrg } from './fixtures';

// Issue 18: GET /api/analytics/incidents and /api/analytics/response-times (read Report analytics).
// One organisation of this file's own (America/Chicago, UTC−5 in June 2026), with these alerts:
//   Room A1  Mon 1 June 10:00   help    acknowledged after 10 s, closed after 130 s
//   Room A2  Mon 1 June 23:30   danger  30 s, 150 s   (2 June 04:30 UTC: still 1 June in Chicago)
//   Room A1  Tue 2 June         test    5 s
//   Room B1  Wed 3 June         help    never acknowledged, closed after 300 s, incident details
//   Room B1  Fri 5 June         help    still open
//   Unit A   Tue 9 June         help    50 s (placed on the unit itself)
//   (none)   Wed 10 June        help    20 s (unlocated: the organisation's)
//   Room A1  Sat 30 May         help    outside the range
const RANGE = { start: '2026-06-01T05:00:00.000Z', end: '2026-06-14T04:59:59.999Z' };

let app: FastifyInstance;
let org: AnalyticsOrg;

beforeAll(async () => {
  app = await getTestApp();
  org = await analyticsOrg(app);
  await insertAlerts(app, org.orgId, [
    { zoneId: org.zone('Room A1'), createdAt: '2026-06-01T15:00:00Z', acknowledgeS: 10, closeS: 130 },
    {
      zoneId: org.zone('Room A2'),
      createdAt: '2026-06-02T04:30:00Z',
      acknowledgeS: 30,
      closeS: 150,
      mode: 'danger',
    },
    {
      zoneId: org.zone('Room A1'),
      createdAt: '2026-06-02T12:00:00Z',
      acknowledgeS: 5,
      closeS: 60,
      mode: 'test',
    },
    {
      zoneId: org.zone('Room B1'),
      createdAt: '2026-06-03T12:00:00Z',
      acknowledgeS: null,
      closeS: 300,
      reasonDetails: { category: 'verbal', source: 'patient', injury: 'yes', target: ['self', 'patient'] },
    },
    { zoneId: org.zone('Room B1'), createdAt: '2026-06-05T12:00:00Z', open: true },
    { zoneId: org.zone('Unit A'), createdAt: '2026-06-09T12:00:00Z', acknowledgeS: 50, closeS: 170 },
    { zoneId: null, createdAt: '2026-06-10T12:00:00Z', acknowledgeS: 20, closeS: 140 },
    { zoneId: org.zone('Room A1'), createdAt: '2026-05-31T04:00:00Z', acknowledgeS: 15, closeS: 100 },
  ]);
});

beforeEach(() => analyticsCache.clear());
afterEach(() => {
  analyticsCache.clock = () => new Date();
});

function ask(
  path: 'incidents' | 'response-times',
  headers: Record<string, string>,
  query: Record<string, string> = {},
) {
  return app.inject({
    method: 'GET',
    url: `/api/analytics/${path}`,
    headers,
    query: { ...RANGE, ...query },
  });
}

async function incidents(query: Record<string, string> = {}, headers = org.admin): Promise<IncidentsAnswer> {
  const res = await ask('incidents', headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function responseTimes(
  query: Record<string, string> = {},
  headers = org.admin,
): Promise<ResponseTimesAnswer> {
  const res = await ask('response-times', headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const byName = (rows: { zone: { name: string }; count: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.zone.name, r.count]));

describe('GET /api/analytics/incidents', () => {
  it('counts the alerts created in the local days of the range, by mode, day, location and details', async () => {
    const answer = await incidents();
    expect(answer).toMatchObject({
      zone: { id: org.orgId },
      start: RANGE.start,
      end: RANGE.end,
      timeZone: 'America/Chicago',
      interval: 'day',
      total: 6,
      byMode: [
        { value: 'help', count: 5 },
        { value: 'danger', count: 1 },
      ],
    });
    expect(answer.series).toHaveLength(13);
    expect(answer.series.filter((p) => p.help + p.danger + p.test > 0)).toEqual([
      { period: '2026-06-01', help: 1, danger: 1, test: 0 },
      { period: '2026-06-03', help: 1, danger: 0, test: 0 },
      { period: '2026-06-05', help: 1, danger: 0, test: 0 },
      { period: '2026-06-09', help: 1, danger: 0, test: 0 },
      { period: '2026-06-10', help: 1, danger: 0, test: 0 },
    ]);
    // The organisation's one child, then the unlocated alert placed on the organisation itself.
    expect(byName(answer.byLocation)).toEqual({ Site: 5, [`Analytics ${org.slug}`]: 1 });
    expect(answer.byDetail).toEqual({
      category: [{ value: 'verbal', count: 1 }],
      source: [{ value: 'patient', count: 1 }],
      injury: [{ value: 'yes', count: 1 }],
      target: [
        { value: 'patient', count: 1 },
        { value: 'self', count: 1 },
      ],
    });
  });

  it('leaves test alerts out unless includeTest', async () => {
    const answer = await incidents({ includeTest: 'true' });
    expect(answer.total).toBe(7);
    expect(answer.byMode).toContainEqual({ value: 'test', count: 1 });
    expect(answer.series.find((p) => p.period === '2026-06-02')).toEqual({
      period: '2026-06-02',
      help: 0,
      danger: 0,
      test: 1,
    });
  });

  it('counts per child of the chosen zone, and the zone itself for what is placed on it', async () => {
    const floor = await incidents({ zone: org.zone('Floor 1') });
    expect(floor.zone).toEqual({ id: org.zone('Floor 1'), name: 'Floor 1' });
    expect(byName(floor.byLocation)).toEqual({ 'Unit A': 3, 'Unit B': 2 });
    const unit = await incidents({ zone: org.zone('Unit A') });
    expect(byName(unit.byLocation)).toEqual({ 'Room A1': 1, 'Room A2': 1, 'Unit A': 1 });
    expect(unit.total).toBe(3);
  });

  it('buckets by week (Mondays) or month when asked, and by week by default past 62 days', async () => {
    const weekly = await incidents({ interval: 'week' });
    expect(weekly.series.map((p) => [p.period, p.help + p.danger])).toEqual([
      ['2026-06-01', 4],
      ['2026-06-08', 2],
    ]);
    const quarter = await incidents({ start: '2026-04-01T05:00:00.000Z' });
    expect(quarter.interval).toBe('week');
    expect(quarter.series[0]!.period).toBe('2026-03-30');
    expect(quarter.total).toBe(7);
    // Whole April and May from the month rows, 1–13 June from the day rows.
    expect(byName(quarter.byLocation)).toEqual({ Site: 6, [`Analytics ${org.slug}`]: 1 });
    const monthly = await incidents({ interval: 'month', start: '2026-04-01T05:00:00.000Z' });
    expect(monthly.series.map((p) => [p.period, p.help + p.danger])).toEqual([
      ['2026-04-01', 0],
      ['2026-05-01', 1],
      ['2026-06-01', 6],
    ]);
  });
});

describe('GET /api/analytics/response-times', () => {
  const stats = (seconds: number[]) => {
    const counts = new Array<number>(RESPONSE_BUCKETS_S.length).fill(0);
    for (const s of seconds) counts[bucketOf(s)]!++;
    const histogram = responseHistogram(counts);
    return { p50: percentileFromHistogram(histogram, 0.5), p90: percentileFromHistogram(histogram, 0.9) };
  };

  it('answers percentiles of the closed alerts from histograms, exact to a bucket', async () => {
    const answer = await responseTimes();
    // Acknowledged after 10, 30, 50 and 20 s (one never was); closed after 130, 150, 300, 170, 140 s.
    expect(answer.acknowledge).toMatchObject({ count: 4, ...stats([10, 30, 50, 20]) });
    expect(answer.close).toMatchObject({ count: 5, ...stats([130, 150, 300, 170, 140]) });
    const p50 = answer.acknowledge.p50!;
    // The true median (20 s and 30 s: 25 s) lies in the bucket the answer reads it from.
    expect(RESPONSE_BUCKETS_S[bucketOf(p50)]).toBeLessThanOrEqual(25);
    expect(RESPONSE_BUCKETS_S[bucketOf(p50) + 1]).toBeGreaterThan(25);
    expect(answer.acknowledge.histogram[0]).toEqual({ fromS: 10, upToS: 12.5, count: 1 });
    expect(answer.acknowledge.histogram.at(-1)).toEqual({ fromS: 50, upToS: 63, count: 1 });
    expect(answer.acknowledge.histogram.reduce((n, b) => n + b.count, 0)).toBe(4);
  });

  it('answers per local week and per child zone', async () => {
    const answer = await responseTimes();
    expect(answer.weekly).toEqual([
      { week: '2026-06-01', count: 3, ...pair(stats([10, 30]), stats([130, 150, 300])) },
      { week: '2026-06-08', count: 2, ...pair(stats([50, 20]), stats([170, 140])) },
    ]);
    // 20–30 April and 1–13 June from day rows, May from month rows (Room A1's alert of 30 May).
    const longer = await responseTimes({ zone: org.zone('Floor 1'), start: '2026-04-20T05:00:00.000Z' });
    expect(longer.byLocation.map((l) => [l.zone.name, l.count])).toEqual([
      ['Unit A', 4],
      ['Unit B', 1],
    ]);
    const floor = await responseTimes({ zone: org.zone('Floor 1') });
    expect(floor.byLocation).toEqual([
      {
        zone: { id: org.zone('Unit A'), name: 'Unit A' },
        count: 3,
        ...pair(stats([10, 30, 50]), stats([130, 150, 170])),
      },
      { zone: { id: org.zone('Unit B'), name: 'Unit B' }, count: 1, ...pair(stats([]), stats([300])) },
    ]);
  });

  it('lists the slowest alerts to answer, never acknowledged ones by their close', async () => {
    const answer = await responseTimes();
    expect(answer.slowest.map((a) => [a.location, a.acknowledgeS, a.closeS])).toEqual([
      ['Room B1', null, 300],
      ['Unit A', 50, 170],
      ['Room A2', 30, 150],
      [null, 20, 140],
      ['Room A1', 10, 130],
    ]);
    expect(answer.slowest[0]).toMatchObject({ mode: 'help', createdAt: '2026-06-03T12:00:00.000Z' });
    expect(answer.slowest[0]!.tag).toMatch(/^a1[0-9a-f]{10}$/);
    const withTest = await responseTimes({ includeTest: 'true' });
    expect(withTest.slowest.at(-1)).toMatchObject({ mode: 'test', acknowledgeS: 5 });
    expect(withTest.close.count).toBe(6);
  });
});

function pair(
  acknowledge: { p50: number | null; p90: number | null },
  close: { p50: number | null; p90: number | null },
) {
  return {
    acknowledgeP50: acknowledge.p50,
    acknowledgeP90: acknowledge.p90,
    closeP50: close.p50,
    closeP90: close.p90,
  };
}

describe('analytics access (SPEC §6 read Report analytics, zone scope, organisations)', () => {
  it.each(['incidents', 'response-times'] as const)(
    'refuses %s to a role without read Report analytics',
    async (path) => {
      const res = await ask(path, org.security);
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('Not allowed to read Report analytics');
    },
  );

  it('answers a caller granted one unit for that unit, and 404 for zones outside it', async () => {
    const own = await incidents({}, org.unitAdmin);
    expect(own.zone).toEqual({ id: org.zone('Unit A'), name: 'Unit A' });
    expect(own.total).toBe(3);
    expect((await incidents({ zone: org.zone('Room A1') }, org.unitAdmin)).total).toBe(1);
    for (const zone of [org.orgId, org.zone('Unit B'), org.zone('Room B1')]) {
      const res = await ask('incidents', org.unitAdmin, { zone });
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('Zone not found');
    }
  });

  it('never crosses organisations', async () => {
    const acme = await signIn(app, 'admin@acme.example', 'acme');
    const theirs = await incidents({}, acme.headers);
    expect(theirs.zone.name).toBe('Acme Clinic');
    expect(theirs.total).toBe(0);
    expect((await ask('response-times', acme.headers, { zone: org.zone('Unit A') })).statusCode).toBe(404);
    const acmeZone = await zoneIdByName(app, 'Clinic Building');
    expect((await ask('incidents', acme.headers, { zone: acmeZone })).statusCode).toBe(200);
    expect((await ask('incidents', org.admin, { zone: acmeZone })).statusCode).toBe(404);
  });
});

describe('analytics query validation', () => {
  it.each([
    [
      'the start after the end',
      { start: '2026-06-10T00:00:00Z', end: '2026-06-01T00:00:00Z' },
      'The start must not be after the end',
    ],
    [
      'a range over the limit',
      { start: '2020-01-01T00:00:00Z', end: '2026-06-01T00:00:00Z' },
      `The range may span at most ${REPORT_MAX_RANGE_DAYS} days`,
    ],
  ])('answers 400 for %s', async (_case, query, reason) => {
    for (const path of ['incidents', 'response-times'] as const) {
      const res = await ask(path, org.admin, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe(reason);
    }
  });

  it.each([
    ['a start that is no date', { start: 'yesterday' }],
    ['an unknown interval', { interval: 'year' }],
    ['an unknown parameter', { limit: '5' }],
    ['a zone that is no id', { zone: 'Floor 1' }],
  ])('answers 400 for %s', async (_case, query) => {
    const res = await ask('incidents', org.admin, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBeTruthy();
  });

  it('answers 404 for a zone that does not exist', async () => {
    const res = await ask('incidents', org.admin, { zone: '00000000-0000-4000-8000-00000000abcd' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the analytics cache (SPEC §7: until the organisation’s local midnight)', () => {
  it('keeps an answer until the next local midnight, then shows what closed since', async () => {
    const [open] = await insertAlerts(app, org.orgId, [
      { zoneId: org.zone('Room A2'), createdAt: '2026-06-12T12:00:00Z', open: true },
    ]);
    // 14 June, 07:00 in Chicago; its next midnight is 15 June 05:00 UTC.
    analyticsCache.clock = () => new Date('2026-06-14T12:00:00Z');
    const before = await responseTimes();

    const close = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${open}`,
      headers: org.admin,
      payload: { reasonCode: 'ignored_false_alarm' },
    });
    expect(close.statusCode, close.body).toBe(200);

    analyticsCache.clock = () => new Date('2026-06-15T04:59:59.999Z');
    expect((await responseTimes()).close.count).toBe(before.close.count);
    // Another caller's scope is its own entry, computed now.
    expect((await responseTimes({}, org.unitAdmin)).close.count).toBe(4);

    analyticsCache.clock = () => new Date('2026-06-15T05:00:00.000Z');
    const after = await responseTimes();
    expect(after.close.count).toBe(before.close.count + 1);
    expect(after.weekly.find((w) => w.week === '2026-06-08')!.count).toBe(3);
  });
});
