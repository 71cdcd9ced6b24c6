import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ROLE_ABILITIES, abilityFor, idleLogoutApplies, type KioskButtonEvent } from '@vigil/domain';
import { alerts, distributionStations } from '../../src/db/schema';
import { getTestApp, keyHeaders, signIn, unique, zoneIdByName } from '../helpers/app';
import { DEMO_GATEWAY, freshTag, gatewayAuth, placedUser, press } from '../helpers/alerts';
import { insertTags } from '../helpers/tags';

// Issue 21: a tap at a distribution station's gateway identifies a tag for the kiosk and raises no
// alert (domain distribution/kiosk-tap.ts); SPEC §7 GET button-event finds it; every other press,
// at the station or elsewhere, is an alert as ever.

let app: FastifyInstance;
let admin: Record<string, string>;
let distribution: Record<string, string>;
let acme: Record<string, string>;
let distributionAdmin: Record<string, string>;
let edStation: string;
let ward3Station: string;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  distribution = (await signIn(app, 'distribution@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  distributionAdmin = (
    await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: 'distributionAdmin' }))
  ).headers;
  const stations = await app.db.select().from(distributionStations);
  edStation = stations.find((s) => s.name === 'Emergency Department station')!.id;
  ward3Station = stations.find((s) => s.name === 'Ward 3 station')!.id;
});

const single = [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }];
const double = [...single, { buttonPress: 600, buttonRelease: 750, tapDelta: 450 }];

function tap(tag: string, events = single, gateway = DEMO_GATEWAY, nonce = unique('k')) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/button-events',
    headers: gatewayAuth(),
    payload: { gateway, buttonEvents: [{ tag, nonce, events }] },
  });
}

const shelfTag = async (state = 'available') => (await insertTags(app, [{ config: { state } }]))[0]!;
const alertsOf = (tag: string) => app.db.select().from(alerts).where(eq(alerts.tagId, tag));
const poll = (query: Record<string, string>, headers = distribution) =>
  app.inject({ url: `/api/button-event?${new URLSearchParams({ limit: '1', ...query })}`, headers });

describe('POST /api/ingest/button-events at a distribution station’s gateway (issue 21)', () => {
  it('answers a single tap of an available tag as a kiosk tap, with no alert', async () => {
    const tag = await shelfTag();
    const res = await tap(tag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([{ tag, nonce: expect.any(String), status: 'tap' }]);
    expect(await alertsOf(tag)).toEqual([]);
  });

  it('answers a retry of the tap as a tap again, still with no alert', async () => {
    const tag = await shelfTag('ready_for_return');
    const nonce = unique('retry');
    await tap(tag, single, DEMO_GATEWAY, nonce);
    const again = await tap(tag, single, DEMO_GATEWAY, nonce);
    expect(again.json().results[0].status).toBe('tap');
    expect(await alertsOf(tag)).toEqual([]);
  });

  it.each([
    ['a deployed tag’s single press at the station: someone may need help', 'deployed', single, DEMO_GATEWAY],
    ['a double tap at a single-tap station', 'available', double, DEMO_GATEWAY],
    ['an available tag’s press at a gateway that is no station’s', 'available', single, 'b0a710000002'],
  ])('still raises an alert for %s', async (_what, state, events, gateway) => {
    const tag = state === 'deployed' ? await freshTag(app, 'ED Room 101') : await shelfTag(state);
    const res = await tap(tag, events, gateway);
    expect(res.json().results[0]).toMatchObject({ status: 'created', alertId: expect.any(String) });
    expect(await alertsOf(tag)).toHaveLength(1);
  });

  it('joins a tag’s open alert rather than taking its press for a tap', async () => {
    const tag = await shelfTag();
    await tap(tag, double); // an alert: not the station's pattern
    const res = await tap(tag);
    expect(res.json().results[0].status).toBe('joined');
  });

  it('a press of a deployed tag elsewhere still alerts while the kiosk is in use (the alert path)', async () => {
    const shelf = await shelfTag();
    const worn = await freshTag(app, 'Room 201');
    await tap(shelf);
    const res = await press(app, worn, { gateway: 'b0a710000003' });
    expect(res.json().results[0].status).toBe('created');
  });
});

describe('GET /api/button-event (SPEC §7; issue 21 kiosk poll)', () => {
  it('finds the tap the station’s gateway heard after createdAt, newest first, and not one heard elsewhere', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const elsewhere = await shelfTag();
    await tap(elsewhere, single, 'b0a710000002');
    const tag = await shelfTag();
    await tap(tag);
    const res = await poll({ station: edStation, createdAt: since });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = res.json().data as KioskButtonEvent[];
    expect(event).toMatchObject({ tag, gatewayId: DEMO_GATEWAY, status: 'tap', events: single });
    const narrowed = await poll({ station: edStation, createdAt: since, tag: elsewhere });
    expect(narrowed.json().data).toEqual([]);
    const later = await poll({ station: edStation, createdAt: new Date(Date.now() + 1000).toISOString() });
    expect(later.json().data).toEqual([]);
  });

  it('does not offer a deployed tag’s press (an alert) as a tap', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    const worn = await freshTag(app, 'ED Room 101');
    await tap(worn);
    const res = await poll({ station: edStation, createdAt: since, tag: worn });
    expect(res.json().data).toEqual([]);
  });

  it.each([
    [
      'a station without a gateway',
      () => ({ station: ward3Station }),
      400,
      'No distribution station settings found',
    ],
    ['no createdAt', () => ({ station: edStation, createdAt: '' }), 400, undefined],
    ['a station that is not an id', () => ({ station: 'ed' }), 400, undefined],
    ['an unknown station', () => ({ station: '00000000-0000-4000-8000-000000000000' }), 404, undefined],
  ])('refuses %s', async (_what, query, status, reason) => {
    const res = await poll({ createdAt: new Date().toISOString(), ...query() });
    expect(res.statusCode, res.body).toBe(status);
    if (reason) expect(res.json().reason).toBe(reason);
  });

  it('is the caller’s organisation’s only, and needs read DistributionStation', async () => {
    const createdAt = new Date().toISOString();
    expect((await poll({ station: edStation, createdAt }, acme)).statusCode).toBe(404);
    expect((await poll({ station: edStation, createdAt }, distributionAdmin)).statusCode).toBe(200);
    const noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
    expect((await poll({ station: edStation, createdAt }, noAccess)).statusCode).toBe(403);
  });
});

describe('kiosk sessions (issue 21; SPEC §4 Session, §6)', () => {
  it('a distribution key session is exempt from the idle logout; a distribution user is not', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: admin,
      payload: {
        name: unique('Kiosk '),
        role: 'distribution',
        zone: await zoneIdByName(app, 'Demo Hospital'),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const asKey = await app.inject({ url: '/api/users/me', headers: keyHeaders(created.json().secret) });
    const asUser = await app.inject({ url: '/api/users/me', headers: distribution });
    for (const [res, applies] of [
      [asKey, false],
      [asUser, true],
    ] as const) {
      const me = res.json() as { kind: 'user' | 'key'; role: string };
      expect(me.role).toBe('distribution');
      expect(idleLogoutApplies(abilityFor(ROLE_ABILITIES.distribution), me.kind === 'key')).toBe(applies);
    }
    // The key polls the kiosk's taps like the user does.
    const res = await poll(
      { station: edStation, createdAt: new Date().toISOString() },
      keyHeaders(created.json().secret),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the distribution roles (SPEC §6; issue 21)', () => {
  it('distribution runs a kiosk but may not change a station; distributionAdmin may', async () => {
    const body = { name: unique('Lobby kiosk '), scanMode: 'qrCode' };
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/distribution-station', headers, payload: body });
    expect((await post(distribution)).statusCode).toBe(403);
    const made = await post(distributionAdmin);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ scanMode: 'qrCode', gatewayId: null, availableTags: 0 });
    const list = await app.inject({ url: '/api/distribution-station?limit=50', headers: distribution });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { name: string }) => s.name)).toContain('Emergency Department station');
  });
});
