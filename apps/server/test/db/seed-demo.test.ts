import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { gatewayStatus, type Gateway } from '@vigil/domain';
import { gatewayHeartbeats } from '../../src/db/schema';
import { DEMO_GATEWAY_IDS, DEMO_HEARTBEATS_PER_GATEWAY } from '../../src/db/seed';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/platform/db/client';
import { seedDemo } from '../../src/db/seed';
import { signIn, testConfig } from '../helpers/app';
import { freshPostgresDatabase } from '../helpers/spawn';
import { orgBySlugCache } from '../../src/platform/organisations';
import { roleAbilityCache } from '../../src/auth/resolve-caller';

// The demo organisation's gateways on a fresh demo: reporting, with 24 hours of diagnostics to show.
// A database of this file's own (on PostgreSQL the other files share one, and heartbeat the demo
// gateways: `vigil simulate`'s test, the ingest tests).

let app: FastifyInstance;
let admin: Record<string, string>;
let drop: (() => Promise<void>) | undefined;
// Organisations and roles are cached per process, not per database: this file's are not the others'.
const forgetCaches = () => {
  orgBySlugCache.delete();
  roleAbilityCache.delete();
};
beforeAll(async () => {
  forgetCaches();
  const fresh = process.env.DATABASE_URL ? await freshPostgresDatabase('vigil_seed_demo') : undefined;
  drop = fresh?.drop;
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir: ':memory:' });
  await seedDemo(database.db);
  app = await buildApp(testConfig(), { database, ownsDatabase: true, logger: false, jobs: false });
  await app.ready();
  admin = (await signIn(app, 'admin@demo.example')).headers;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  forgetCaches();
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
