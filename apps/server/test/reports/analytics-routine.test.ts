import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCache } from '../../src/analytics';
import { alerts } from '../../src/db/schema';
import { freshMac, zoneByName } from '../helpers/alerts';
import { getTestApp, signIn } from '../helpers/app';

// SPEC §7 "POST bigquery/routines/analytics {args:[org]}, response data.results; analytics cache
// expires at local midnight": the shipped `analytics` routine (reports/routines/analytics.sql), run
// for Acme Clinic, whose alerts are only this test's.

let app: FastifyInstance;
let acme: Record<string, string>;
let acmeOrg: string;
const createdAlerts: string[] = [];

const runAnalytics = () =>
  app.inject({
    method: 'POST',
    url: '/api/bigquery/routines/analytics',
    headers: acme,
    payload: { args: ['acme'] },
  });

/** Closed alerts of Acme made `ago` seconds back, acknowledged and closed `ackS` and `closeS` after. */
async function addAlerts(list: { mode: 'help' | 'danger' | 'test'; ackS: number | null; closeS: number }[]) {
  const at = new Date(Date.now() - 600_000);
  const rows = await app.db
    .insert(alerts)
    .values(
      list.map(({ mode, ackS, closeS }) => ({
        orgId: acmeOrg,
        zoneId: acmeOrg,
        tagId: freshMac(),
        state: 'closed',
        mode,
        createdAt: at,
        acknowledgedAt: ackS === null ? null : new Date(at.getTime() + ackS * 1000),
        closedAt: new Date(at.getTime() + closeS * 1000),
      })),
    )
    .returning({ id: alerts.id });
  createdAlerts.push(...rows.map((r) => r.id));
}

beforeAll(async () => {
  app = await getTestApp();
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  acmeOrg = (await zoneByName(app, 'Acme Clinic', 'acme')).id;
  analyticsCache.clear();
});

afterAll(async () => {
  analyticsCache.clock = () => new Date();
  analyticsCache.clear();
  if (createdAlerts.length) await app.db.delete(alerts).where(inArray(alerts.id, createdAlerts));
});

describe('POST /api/bigquery/routines/analytics', () => {
  it('answers the month’s alerts, modes, acknowledgements and medians, kept until local midnight', async () => {
    await addAlerts([
      { mode: 'help', ackS: 30, closeS: 90 },
      { mode: 'help', ackS: 50, closeS: 110 },
      { mode: 'danger', ackS: null, closeS: 200 },
      { mode: 'test', ackS: 1, closeS: 2 },
    ]);
    const first = await runAnalytics();
    expect(first.statusCode).toBe(200);
    const { data } = first.json() as { data: { columns: string[]; results: Record<string, unknown>[] } };
    expect(data.columns).toEqual([
      'month',
      'alerts',
      'help',
      'danger',
      'acknowledged',
      'median_acknowledge_s',
      'median_close_s',
    ]);
    // Test alerts are left out; the unacknowledged one has no time to acknowledge.
    expect(data.results[0]).toEqual({
      month: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      alerts: 3,
      help: 2,
      danger: 1,
      acknowledged: 2,
      median_acknowledge_s: 40,
      median_close_s: 110,
    });

    // A new alert today shows after the organisation's local midnight, not before.
    await addAlerts([{ mode: 'help', ackS: 10, closeS: 20 }]);
    expect((await runAnalytics()).json().data.results[0].alerts).toBe(3);
    const tomorrow = new Date(Date.now() + 86_400_000);
    analyticsCache.clock = () => tomorrow;
    expect((await runAnalytics()).json().data.results[0].alerts).toBe(4);
  });

  it('is listed among the routines with its description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bigquery/routines', headers: acme });
    const analytics = (res.json().data as { id: string; description: string | null }[]).find(
      (r) => r.id === 'analytics',
    );
    expect(analytics?.description).toMatch(/^The organisation's alerts per month/);
  });
});
