import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, placedUser } from '../helpers/alerts';
import {
  addBuilding,
  addGateway,
  addHeartbeats,
  daysAgo,
  hoursAfter,
  removeAll,
  type Building,
} from './fixtures';

// Issue 18, SPEC §2.1 System Health /health/disconnected-gateways: gateways silent past the
// threshold (SPEC §9, 2 days by default), with their last 24 hours of metrics (SPEC §3).

let app: FastifyInstance;
let admin: Record<string, string>;
let b: Building;
const made = { tags: [] as string[], gateways: [] as string[], building: undefined as Building | undefined };
const g = { twoDays: '', tenDays: '', connected: '', lost: '', stock: '' };
const lastOfTwoDays = daysAgo(3);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  b = await addBuilding(app);
  made.building = b;
  g.twoDays = await addGateway(app, made, { zone: b.areaA, lastUpdate: lastOfTwoDays, sku: 'GW2' });
  g.tenDays = await addGateway(app, made, { zone: b.areaB, lastUpdate: daysAgo(10), sku: 'NODE1' });
  g.connected = await addGateway(app, made, { zone: b.areaA, lastUpdate: daysAgo(0.01) });
  g.lost = await addGateway(app, made, { zone: b.areaA, lastUpdate: daysAgo(5), state: 'lost' });
  g.stock = await addGateway(app, made, { zone: b.areaB, lastUpdate: daysAgo(5), state: 'ready_to_deploy' });
  await addHeartbeats(app, g.twoDays, [
    { at: lastOfTwoDays, button: 100, coverage: 95, floor: 60 },
    { at: hoursAfter(lastOfTwoDays, -5), button: 80, coverage: 85 },
    { at: hoursAfter(lastOfTwoDays, -23.9), button: 90 },
    { at: hoursAfter(lastOfTwoDays, -25), button: 0, coverage: 0, floor: 0 }, // before the 24 hours
  ]);
});

afterAll(async () => {
  await removeAll(app, made);
});

function report(query: Record<string, string | number>, headers = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/api/reports/disconnectedGateways?${qs}`, headers });
}
const month = () => ({ start: daysAgo(30).toISOString(), end: new Date().toISOString() });

describe('GET /api/reports/disconnectedGateways', () => {
  it('counts deployed gateways silent past 2 days per floor; connected, lost and stock ones are not', async () => {
    const res = await report({ ...month(), zone: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'disconnectedGateways', zone: { id: b.id }, total: 2 });
    expect(res.json().counts).toEqual([
      { zone: { id: b.ids.get(b.floorA), name: b.floorA }, count: 1 },
      { zone: { id: b.ids.get(b.floorB), name: b.floorB }, count: 1 },
    ]);
  });

  it('answers the details longest silent first, with SKU, location and the 24 h before the last update', async () => {
    const res = await report({ ...month(), zone: b.id, view: 'details' });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(2);
    expect(data.map((r: { id: string }) => r.id)).toEqual([g.tenDays, g.twoDays]);
    expect(data[1]).toEqual({
      id: g.twoDays,
      name: null,
      sku: 'GW2',
      location: `Main Campus › ${b.name} › ${b.floorA} › ${b.unitA} › ${b.areaA}`,
      zoneId: b.ids.get(b.areaA),
      status: 'connected',
      lastUpdate: lastOfTwoDays.toISOString(),
      metrics: { heartbeats: 3, button: 90, coverage: 90, floor: 60 },
    });
    expect(data[0].metrics).toEqual({ heartbeats: 0, button: null, coverage: null, floor: null });
  });

  it('takes another threshold (thresholdDays) and a range that says when the silence began', async () => {
    const ids = async (q: Record<string, string | number>) =>
      (await report({ ...q, zone: b.id, view: 'details' })).json().data.map((r: { id: string }) => r.id);
    expect(await ids({ ...month(), thresholdDays: 7 })).toEqual([g.tenDays]);
    expect(await ids({ start: daysAgo(5).toISOString(), end: new Date().toISOString() })).toEqual([
      g.twoDays,
    ]);
  });

  it('needs read Report metrics (SPEC §6): a reader of the tag reports only gets 403', async () => {
    const role = await customRole(app, [{ action: ['read'], subject: 'Report', fields: ['tags'] }]);
    const reader = (await signIn(app, await placedUser(app, { zone: b.name, role }))).headers;
    const res = await report({ ...month(), zone: b.id }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('Not allowed to read Report metrics');
  });
});
