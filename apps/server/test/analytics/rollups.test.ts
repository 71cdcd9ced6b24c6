import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESPONSE_BUCKETS_S, bucketOf, type IncidentsAnswer } from '@vigil/domain';
import { analyticsCache, rollupMismatches } from '../../src/analytics';
import { DETAIL_ANSWERS } from '../../src/analytics/detail-answers';
import { packed, unpackCounts } from '../../src/analytics/packed-counts';
import { seedAlerts } from '../../src/db/seed-alerts';
import { ScaleSeedRefused } from '../../src/db/seed-scale';
import { getTestApp, signIn } from '../helpers/app';
import { freshTag, pressForAlert } from '../helpers/alerts';
import { analyticsOrg, insertAlerts, type AnalyticsOrg } from './fixtures';

// Issue 18 "a rollup never disagrees with the raw rows": analytics_alert_days recomputed from the
// alerts (migration 0016's analytics_rollup_rows) must equal what the triggers kept, after every
// kind of write — the API's presses, acknowledgements and closes, the scale seed, imports, zone
// moves and deletions, a new time zone.

let app: FastifyInstance;
let org: AnalyticsOrg;

beforeAll(async () => {
  app = await getTestApp();
  org = await analyticsOrg(app);
});
beforeEach(() => analyticsCache.clear());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function orgIdOf(slug: string): Promise<string> {
  const [row] = await rows<{ id: string }>(sql`select id from zones where slug = ${slug}`);
  return row!.id;
}

/** The organisation's rollups equal their recomputation, and are not empty. */
async function expectRollupsAgree(orgId: string): Promise<void> {
  expect(await rollupMismatches(app.db, orgId)).toEqual([]);
  const [count] = await rows<{ stored: number; raw: number }>(sql`
    select (select coalesce(sum(alerts), 0)::int from analytics_alert_days
        where zone_id = ${orgId}::uuid and grain = 'day') as stored,
      (select count(*)::int from alerts where org_id = ${orgId}::uuid and closed_at is not null) as raw`);
  expect(count!.stored).toBe(count!.raw);
  expect(count!.raw).toBeGreaterThan(0);
}

describe('the SQL of migration 0016 and the domain agree', () => {
  it('puts every duration in the bucket of RESPONSE_BUCKETS_S that bucketOf names', async () => {
    const probes = RESPONSE_BUCKETS_S.flatMap((b) => [b, b + 0.001, Math.max(b - 0.001, 0)]).concat([
      -3, 1e7,
    ]);
    const answered = await rows<{ seconds: number; bucket: number }>(sql`
      select s as seconds, analytics_bucket(s) as bucket
      from unnest(${`{${probes.join(',')}}`}::float8[]) s`);
    expect(answered.map((r) => r.bucket)).toEqual(probes.map((s) => bucketOf(s)));
  });

  it('counts each SPEC §5 answer at the position DETAIL_ANSWERS gives it', async () => {
    for (const [i, { question, value }] of DETAIL_ANSWERS.entries()) {
      const details = question === 'target' ? { target: [value, value] } : { [question]: value };
      const [row] = await rows<{ unit: string }>(
        sql`select analytics_details_unit(${JSON.stringify(details)}::jsonb)::text as unit`,
      );
      const counts = unpackCounts(packed(row!.unit), DETAIL_ANSWERS.length);
      expect(counts, `${question} ${value}`).toEqual(DETAIL_ANSWERS.map((_, j) => (j === i ? 1 : 0)));
    }
  });
});

describe('rollups against the raw alerts', () => {
  it('agree after presses, acknowledgements and closes through the API', async () => {
    const demo = await signIn(app, 'admin@demo.example');
    const ids: string[] = [];
    for (const zone of ['Room 201', 'Day Room', 'ED Room 101', null])
      ids.push(await pressForAlert(app, await freshTag(app, zone)));
    const put = (id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/alerts/${id}`, headers: demo.headers, payload });
    expect((await put(ids[0]!, { acknowledged: true })).statusCode).toBe(200);
    expect((await put(ids[1]!, { acknowledged: true })).statusCode).toBe(200);
    for (const [i, body] of [
      { reasonCode: 'ignored_false_alarm' },
      {
        reasonCode: 'resolved_incident_handled',
        reasonDetails: { category: 'physical', source: 'visitor', injury: 'yes', target: ['employee'] },
      },
      { reasonCode: 'ignored_accidental_press' },
      { reasonCode: 'ignored_other', reasonText: 'Dropped' },
    ].entries()) {
      const res = await put(ids[i]!, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectRollupsAgree(await orgIdOf('demo'));
  });

  it('agree after the scale seed, which rebuilds them', async () => {
    const report = await seedAlerts(app.db, { alerts: 3000, days: 20, org: org.slug });
    expect(report).toMatchObject({ orgId: org.orgId, alerts: 3000, zones: 3 });
    expect(report.rollupRows).toBeGreaterThan(0);
    await expectRollupsAgree(org.orgId);
    const [mix] = await rows<{
      help: number;
      danger: number;
      test: number;
      details: number;
      open: number;
    }>(sql`
      select count(*) filter (where mode = 'help')::int as help, count(*) filter (where mode = 'danger')::int as danger,
        count(*) filter (where mode = 'test')::int as test, count(reason_details)::int as details,
        count(*) filter (where closed_at is null or closed_at > now())::int as open
      from alerts where org_id = ${org.orgId}::uuid`);
    expect(mix!.help + mix!.danger + mix!.test).toBe(3000);
    expect(mix!.help).toBeGreaterThan(mix!.danger);
    expect(mix!.danger).toBeGreaterThan(mix!.test);
    expect(mix!.test).toBeGreaterThan(0);
    expect(mix!.details).toBeGreaterThan(0);
    expect(mix!.open).toBe(0);
  });

  it('refuses a seed for an organisation that does not exist or with bad counts', async () => {
    await expect(seedAlerts(app.db, { alerts: 10, days: 5, org: 'no-such-org' })).rejects.toThrow(
      ScaleSeedRefused,
    );
    await expect(seedAlerts(app.db, { alerts: -1, days: 5, org: org.slug })).rejects.toThrow(/--alerts/);
    await expect(seedAlerts(app.db, { alerts: 10, days: 0, org: org.slug })).rejects.toThrow(/--days/);
  });

  it('agree after imports write, change and delete closed alerts directly', async () => {
    const [a, b, c] = await insertAlerts(app, org.orgId, [
      { zoneId: org.zone('Room A1'), createdAt: '2026-06-01T15:00:00Z', acknowledgeS: 12, closeS: 200 },
      { zoneId: org.zone('Room B1'), createdAt: '2026-06-02T15:00:00Z', acknowledgeS: null, closeS: 90 },
      { zoneId: null, createdAt: '2026-06-03T15:00:00Z', acknowledgeS: 3, mode: 'danger' },
    ]);
    await app.db.execute(sql`update alerts set zone_id = ${org.zone('Room A2')}::uuid, mode = 'danger',
      reason_details = '{"category": "unsafe"}' where id = ${a}::uuid`);
    await app.db.execute(
      sql`update alerts set created_at = created_at - interval '3 days' where id = ${b}::uuid`,
    );
    await app.db.execute(sql`delete from alerts where id = ${c}::uuid`);
    await expectRollupsAgree(org.orgId);
  });

  it('agree after a zone moves: its alerts leave the old ancestors and join the new', async () => {
    const before = await floorTotals();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/zones/${org.zone('Unit B')}`,
      headers: org.admin,
      payload: { parent: org.zone('Floor 2') },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectRollupsAgree(org.orgId);
    const after = await floorTotals();
    expect(after['Floor 2']).toBeGreaterThan(0);
    expect(after['Floor 1']! + after['Floor 2']!).toBe(before['Floor 1']! + before['Floor 2']!);
  });

  it('agree after a zone with alerts is deleted: they stay with the organisation', async () => {
    const orgItself = async () =>
      (await buildingAnswer()).byLocation.find((l) => l.zone.id === org.orgId)?.count ?? 0;
    const before = await orgItself();
    const inRoom = await rows<{ n: number }>(
      sql`select count(*)::int as n from alerts where zone_id = ${org.zone('Room A2')}::uuid and mode <> 'test'`,
    );
    expect(inRoom[0]!.n).toBeGreaterThan(0);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/zones/${org.zone('Room A2')}`,
      headers: org.admin,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectRollupsAgree(org.orgId);
    analyticsCache.clear();
    expect(await orgItself()).toBe(before + inRoom[0]!.n);
  });

  it('agree after the organisation changes time zone: its days are those of the new zone', async () => {
    await insertAlerts(app, org.orgId, [
      { zoneId: org.zone('Room A1'), createdAt: '2026-07-02T03:00:00Z', acknowledgeS: 4 },
    ]);
    const dayOf = async () =>
      (
        await rows<{ day: string }>(sql`select to_char(r.day, 'YYYY-MM-DD') as day from analytics_alert_days r
        where r.zone_id = ${org.zone('Room A1')}::uuid and r.grain = 'day' and r.day between '2026-06-30' and '2026-07-03'`)
      ).map((r) => r.day);
    expect(await dayOf()).toEqual(['2026-07-01']);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/zones/${org.orgId}`,
      headers: org.admin,
      payload: { config: { timeZone: 'Asia/Tokyo' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectRollupsAgree(org.orgId);
    expect(await dayOf()).toEqual(['2026-07-02']);
  });

  it('agree for every organisation the other tests wrote alerts for', async () => {
    const orgs = await rows<{ id: string }>(sql`select distinct org_id as id from alerts`);
    for (const { id } of orgs) expect(await rollupMismatches(app.db, id), id).toEqual([]);
  });
});

async function buildingAnswer(): Promise<IncidentsAnswer> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/analytics/incidents',
    headers: org.admin,
    query: { start: '2025-06-01T00:00:00Z', end: '2026-12-31T00:00:00Z' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Closed alerts per floor, from the rollups (their rows hold their subtrees). */
async function floorTotals(): Promise<Record<string, number>> {
  const found = await rows<{ name: string; n: number }>(sql`
    select z.name, coalesce(sum(r.alerts), 0)::int as n from zones z
    left join analytics_alert_days r on r.zone_id = z.id and r.grain = 'day'
    where z.id in (${org.zone('Floor 1')}::uuid, ${org.zone('Floor 2')}::uuid) group by z.name`);
  return Object.fromEntries(found.map((r) => [r.name, r.n]));
}
