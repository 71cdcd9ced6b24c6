import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp } from '../helpers/app';
import { pressForAlert } from '../helpers/alerts';
import { asAcmeWithResponders, responderSite, type ResponderSite } from './helpers';

// Issue 20 "Responders": GET /api/alerts/{id}/responders, the responders nearest an open alert by
// walking distance on the zone tree (domain walkingDistance: same place, unit, floor, building …),
// then the most recently heard; the alert's own tag never.

let app: FastifyInstance;
let site: ResponderSite;
let admin: Record<string, string>;
let alertId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await getTestApp();
  site = await responderSite(app);
  admin = await site.headersOf('admin');
  // The one who presses is a responder too, heard where the alert is.
  ids.presser = await site.tag('Pat Presser', 'Area 1a');
  ids.samePlaceNew = await site.tag('Sam Same-place', 'Unit 3');
  ids.samePlaceOld = await site.tag('Olly Same-place-earlier', 'Unit 3');
  ids.sameUnit = await site.tag('Uma Same-unit', 'Unit 3');
  ids.sameFloor = await site.tag('Fay Same-floor', 'Unit 1');
  ids.otherFloor = await site.tag('Otto Other-floor', 'Unit 1');
  ids.neverHeard = await site.tag('Nell Never-heard', 'Unit 1');
  ids.standard = await site.tag('Stan Standard', 'Unit 1', 'standard');
  await site.place(ids.presser, 'Area 1a', 500);
  await site.place(ids.samePlaceNew, 'Area 1a', 5_000);
  await site.place(ids.samePlaceOld, 'Area 1a', 60_000);
  await site.place(ids.sameUnit, 'Area 1b', 1000);
  await site.place(ids.sameFloor, 'Area 2a', 1000);
  await site.place(ids.otherFloor, 'Area 3a', 1000);
  await site.place(ids.standard, 'Area 1a', 1000);
  alertId = await pressForAlert(app, ids.presser, { gateway: site.gatewayOf['Area 1a'], key: site.key });
});

const nearest = (headers: Record<string, string>, id = alertId, query = '') =>
  app.inject({ method: 'GET', url: `/api/alerts/${id}/responders${query}`, headers });

describe('GET /api/alerts/{id}/responders (issue 20)', () => {
  it('answers the three nearest: same place first, the most recently heard first, then the same unit', async () => {
    const res = await nearest(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([
      {
        id: ids.samePlaceNew,
        name: 'Sam Same-place',
        rank: 1,
        distance: 0,
        distanceLabel: 'Same place',
        location: { area: 'Area 1a' },
        position: { floorId: site.zone('Floor 1'), lat: 40.1, lng: -73.1, radius: 16 },
      },
      { id: ids.samePlaceOld, rank: 2, distanceLabel: 'Same place' },
      { id: ids.sameUnit, rank: 3, distance: 2, distanceLabel: 'Same unit', position: { lat: 40.2 } },
    ]);
    const [first] = res.json().data;
    expect(Date.now() - Date.parse(first.seenAt)).toBeGreaterThanOrEqual(5_000);
  });

  it('answers up to `limit`, never the alert’s own tag, a standard tag or a responder never heard', async () => {
    const res = await nearest(admin, alertId, '?limit=20');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: string; distanceLabel: string; rank: number }[];
    expect(data.map((r) => [r.id, r.distanceLabel])).toEqual([
      [ids.samePlaceNew, 'Same place'],
      [ids.samePlaceOld, 'Same place'],
      [ids.sameUnit, 'Same unit'],
      [ids.sameFloor, 'Same floor'],
      [ids.otherFloor, 'Same building'],
    ]);
    expect(data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a limit out of range with the field named', async () => {
    for (const limit of ['0', '21', 'many']) {
      const res = await nearest(admin, alertId, `?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().reason).toMatch(/limit/);
    }
  });

  it('needs read Tag responders and the responderTools flag', async () => {
    const security = await nearest(await site.headersOf('security'));
    expect(security.statusCode).toBe(403);
    expect(security.json().reason).toBe('Not allowed to read Tag responders');
    await site.setFlags({});
    try {
      const off = await nearest(admin);
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('feature_off');
    } finally {
      await site.setFlags({ responderTools: true });
    }
  });

  it('answers 404 for an alert outside the caller’s zones or organisation, and an unknown one', async () => {
    const other = await responderSite(app);
    const otherAdmin = await other.headersOf('admin');
    expect((await nearest(otherAdmin)).statusCode).toBe(404);
    await asAcmeWithResponders(app, async (acme) => {
      expect((await nearest(acme)).statusCode).toBe(404);
    });
    const unitTwo = await site.headersOf('admin', 'Unit 2');
    expect((await nearest(unitTwo)).statusCode).toBe(404);
    expect((await nearest(admin, '00000000-0000-4000-8000-00000000dead')).statusCode).toBe(404);
  });

  it('has none for a closed alert', async () => {
    const tag = await site.tag('Cleo Closed', 'Area 1b', 'standard');
    const closedId = await pressForAlert(app, tag, { gateway: site.gatewayOf['Area 1b'], key: site.key });
    expect((await nearest(admin, closedId)).json().data.length).toBeGreaterThan(0);
    const closed = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${closedId}`,
      headers: admin,
      payload: { reasonCode: 'ignored_accidental_press' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await nearest(admin, closedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });
});
