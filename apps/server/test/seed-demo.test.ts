import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { gatewayStatus, type Gateway } from '@vigil/domain';
import { gatewayHeartbeats } from '../src/db/schema';
import { DEMO_GATEWAY_IDS, DEMO_HEARTBEATS_PER_GATEWAY } from '../src/db/seed';
import { getTestApp, signIn } from './helpers/app';

// The demo organisation's gateways on a fresh demo: reporting, with 24 hours of diagnostics to show.
// Other test files heartbeat b0a710000001 and b0a710000004 (tests share one database); the exact
// checks below read b0a710000002 and b0a710000003, which only the seed writes.

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
});
const get = (url: string) => app.inject({ url, headers: admin });

describe('the demo gateways (seedDemo)', () => {
  it('are listed as reporting, not Disconnected with no last update (SPEC §9)', async () => {
    const res = await get(`/api/gateways?limit=100`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json().data as Gateway[]).filter((g) => DEMO_GATEWAY_IDS.includes(g.id));
    expect(rows.map((g) => g.id).sort()).toEqual([...DEMO_GATEWAY_IDS]);
    const now = new Date();
    for (const g of rows) {
      expect(gatewayStatus(g.state, now), g.id).not.toBe('disconnected');
      expect(typeof g.state.updatedAt, g.id).toBe('string');
    }
  });

  it('report a recent heartbeat: connected, a version, its neighbours', async () => {
    const res = await get('/api/gateways/b0a710000003');
    expect(res.statusCode).toBe(200);
    const { state } = res.json() as Gateway;
    expect(gatewayStatus(state, new Date())).toBe('connected');
    const age = Date.now() - new Date(state.updatedAt as string).getTime();
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThan(60 * 60_000);
    expect(state).toMatchObject({
      status: 'connected',
      version: { app: '5.2.1', isSafeMode: false },
      hardware: { revision: 'v3' },
      diagnostics: { button: 100, coverage: 93, floor: 68 },
      neighbors: { b0a710000001: 6, b0a710000004: 22 },
    });
  });

  it("have hourly heartbeats behind the detail's 24-hour diagnostics; b0a710000002 reports none", async () => {
    const kept = await app.db
      .select({ at: gatewayHeartbeats.at })
      .from(gatewayHeartbeats)
      .where(and(eq(gatewayHeartbeats.gatewayId, 'b0a710000003'), eq(gatewayHeartbeats.status, 'connected')));
    expect(kept).toHaveLength(DEMO_HEARTBEATS_PER_GATEWAY);

    const metrics = await get('/api/metrics/gateways?gateway=b0a710000003');
    expect(metrics.json().data).toEqual([
      {
        gateway: 'b0a710000003',
        button: { percent: 96.7, total: 6, count: 5 },
        coverage: { percent: 93, total: 6, count: 6 },
        floor: { percent: 68, total: 6, count: 6 },
      },
    ]);
    const silent = await get('/api/metrics/gateways?gateway=b0a710000002');
    expect(silent.json().data[0]).toMatchObject({
      button: { total: 0 },
      coverage: { total: 0 },
      floor: { total: 0 },
    });
  });
});
