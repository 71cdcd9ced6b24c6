import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { eventsForPattern } from '@vigil/domain';
import { buildApp } from '../../src/app';
import {
  alertEvents,
  alerts,
  buttonEvents,
  gatewayCommands,
  gatewayHeartbeats,
  gateways,
  outbox,
} from '../../src/db/schema';
import { DEMO_API_KEY } from '../../src/db/seed';
import { getTestApp, signIn, testConfig, unique } from '../helpers/app';
import { readStream } from '../helpers/sse';
import {
  DEMO_GATEWAY,
  freshMac,
  freshTag,
  gatewayAuth,
  press,
  pressBody,
  pressForAlert,
  zoneByName,
} from '../helpers/alerts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

const post = (payload: unknown, headers: Record<string, string> = gatewayAuth()) =>
  app.inject({ method: 'POST', url: '/api/ingest/button-events', headers, payload: payload as object });

const alertOf = async (id: string) => (await app.db.select().from(alerts).where(eq(alerts.id, id)))[0]!;
const historyOf = async (id: string) =>
  (
    await app.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.alertId, id))
      .orderBy(asc(alertEvents.at), asc(alertEvents.id))
  ).map((h) => h.action);
const storedEventsOf = async (tag: string) =>
  (await app.db.select({ n: count() }).from(buttonEvents).where(eq(buttonEvents.tagId, tag)))[0]!.n;

describe('POST /api/ingest/button-events', () => {
  it("opens a help alert at the tag's zone, created → notified in one transaction with its realtime event", async () => {
    const tag = await freshTag(app, 'Room 201');
    const res = await press(app, tag, { nonce: 7 });
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(result).toEqual({ tag, nonce: 7, status: 'created', alertId: expect.any(String) });

    const alert = await alertOf(result.alertId);
    expect(alert).toMatchObject({
      state: 'notified',
      mode: 'help',
      dangerReason: null,
      pressCount: 1,
      zoneId: (await zoneByName(app, 'Room 201')).id,
      gatewayId: DEMO_GATEWAY,
      acknowledgedAt: null,
    });
    expect(await historyOf(alert.id)).toEqual(['created', 'notified']);
    const events = await app.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'alert'->>'id' = ${alert.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'alert', zoneId: alert.zoneId, orgId: alert.orgId });
    expect(events[0]!.payload).toMatchObject({ type: 'alert', alert: { id: alert.id, state: 'notified' } });
  });

  it('accepts a MAC with separators and an integer nonce up to 2^53−1', async () => {
    const tag = await freshTag(app, 'Room 202');
    const spaced = tag.match(/../g)!.join(':').toUpperCase();
    const res = await post({
      gateway: 'B0-A7-10-00-00-01',
      buttonEvents: [{ tag: spaced, nonce: 2 ** 53 - 1, events: eventsForPattern('help') }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ tag, nonce: 2 ** 53 - 1, status: 'created' });
  });

  it('makes one alert of concurrent duplicate posts, and answers each with the same alert id', async () => {
    const tag = await freshTag(app, 'Room 201');
    const body = pressBody(tag, { nonce: unique('dup') });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const results = answers.map((a) => a.json().results[0]);
    expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(5);
    expect(new Set(results.map((r) => r.alertId)).size).toBe(1);

    // A retry long after gets the same answer too.
    const retry = (await post(body)).json().results[0];
    expect(retry).toMatchObject({ status: 'duplicate', alertId: results[0].alertId });
    const open = await app.db.select().from(alerts).where(eq(alerts.tagId, tag));
    expect(open).toHaveLength(1);
    expect(open[0]!.pressCount).toBe(1);
    expect(await storedEventsOf(tag)).toBe(1);
  });

  it('joins concurrent presses (new nonces) of one tag into its one open alert', async () => {
    const tag = await freshTag(app, 'Day Room');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => press(app, tag, { nonce: `${unique('j')}-${i}` })),
    );
    const results = answers.map((a) => a.json().results[0]);
    expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'joined')).toHaveLength(3);
    expect(new Set(results.map((r) => r.alertId)).size).toBe(1);
    expect((await alertOf(results[0].alertId)).pressCount).toBe(4);
  });

  it('a new press joins the open alert: counted, unacknowledged again, danger raises the mode', async () => {
    const tag = await freshTag(app, 'Room 201');
    const id = await pressForAlert(app, tag);
    const security = (await signIn(app, 'security@demo.example')).headers;
    const ack = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${id}`,
      headers: security,
      payload: { acknowledged: true },
    });
    expect(ack.json().acknowledged).toBe(true);

    const res = await press(app, tag, { pattern: 'activeShooter' });
    expect(res.json().results[0]).toMatchObject({ status: 'joined', alertId: id });
    const alert = await alertOf(id);
    expect(alert).toMatchObject({
      mode: 'danger',
      dangerReason: 'activeShooter',
      pressCount: 2,
      acknowledgedAt: null,
      acknowledgedBy: null,
      state: 'notified',
    });
    expect(alert.lastPressAt.getTime()).toBeGreaterThan(alert.createdAt.getTime());
    // A later help press never lowers it.
    await press(app, tag, { pattern: 'help' });
    expect(await alertOf(id)).toMatchObject({ mode: 'danger', dangerReason: 'activeShooter', pressCount: 3 });
    expect(await historyOf(id)).toEqual(['created', 'notified', 'acknowledged', 'pressed', 'pressed']);
  });

  it.each([
    ['help', 'help', null],
    ['activeShooter', 'danger', 'activeShooter'],
    ['dangerHold', 'danger', 'other'],
    ['test', 'test', null],
  ] as const)('classifies a %s press as mode %s (%s)', async (pattern, mode, dangerReason) => {
    const tag = await freshTag(app, 'Room 202');
    const id = await pressForAlert(app, tag, { pattern });
    expect(await alertOf(id)).toMatchObject({ mode, dangerReason });
  });

  it("locates the alert of an unlocated tag at the reporting gateway's zone", async () => {
    const tag = await freshTag(app, null);
    const id = await pressForAlert(app, tag, { gateway: 'b0a710000003' });
    const [gateway] = await app.db.select().from(gateways).where(eq(gateways.id, 'b0a710000003'));
    expect((await alertOf(id)).zoneId).toBe(gateway!.zoneId);
  });

  it('keeps a press of a tag unknown to the organisation, answers 202 unknown_tag and makes no alert', async () => {
    const stranger = freshMac();
    const res = await press(app, stranger, { nonce: 'u1' });
    expect(res.statusCode).toBe(202);
    expect(res.json().results).toEqual([{ tag: stranger, nonce: 'u1', status: 'unknown_tag' }]);
    const [stored] = await app.db.select().from(buttonEvents).where(eq(buttonEvents.tagId, stranger));
    expect(stored).toMatchObject({ status: 'unknown_tag', alertId: null, nonce: 'u1' });
    expect(await app.db.select().from(alerts).where(eq(alerts.tagId, stranger))).toHaveLength(0);
    // Its retry is answered the same way.
    expect((await press(app, stranger, { nonce: 'u1' })).statusCode).toBe(202);

    // Another organisation's tag is unknown here too.
    const acmeTag = await freshTag(app, 'Front Desk', { slug: 'acme' });
    expect((await press(app, acmeTag)).json().results[0].status).toBe('unknown_tag');

    // A post mixing known and unknown tags is a 200 with one result per event, in order.
    const known = await freshTag(app, 'Room 201');
    const mixed = await post({
      gateway: DEMO_GATEWAY,
      buttonEvents: [
        { tag: freshMac(), nonce: 1, events: eventsForPattern('help') },
        { tag: known, nonce: 1, events: eventsForPattern('help') },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().results.map((r: { status: string }) => r.status)).toEqual(['unknown_tag', 'created']);
  });

  it.each([
    ['gateway not a MAC', (t: string) => ({ ...pressBody(t), gateway: 'b0a710' }), 'gateway'],
    ['no button events', () => ({ gateway: DEMO_GATEWAY, buttonEvents: [] }), 'buttonEvents'],
    [
      '51 button events',
      (t: string) => ({ gateway: DEMO_GATEWAY, buttonEvents: Array(51).fill(pressBody(t).buttonEvents[0]) }),
      'buttonEvents',
    ],
    [
      'a tag that is not a MAC',
      (t: string) => ({ ...pressBody(t), buttonEvents: [{ ...pressBody(t).buttonEvents[0], tag: 'zz' }] }),
      'buttonEvents.0.tag',
    ],
    [
      'a fractional nonce',
      (t: string) => ({ ...pressBody(t), buttonEvents: [{ ...pressBody(t).buttonEvents[0], nonce: 1.5 }] }),
      'buttonEvents.0.nonce',
    ],
    [
      'no presses',
      (t: string) => ({ ...pressBody(t), buttonEvents: [{ ...pressBody(t).buttonEvents[0], events: [] }] }),
      'buttonEvents.0.events',
    ],
    [
      'a negative press time',
      (t: string) => ({
        ...pressBody(t),
        buttonEvents: [
          { ...pressBody(t).buttonEvents[0], events: [{ buttonPress: -1, buttonRelease: 10, tapDelta: 0 }] },
        ],
      }),
      'buttonEvents.0.events.0.buttonPress',
    ],
    ['an unknown field', (t: string) => ({ ...pressBody(t), extra: true }), 'extra'],
    [
      'a valid event beside a broken one',
      (t: string) => ({
        gateway: DEMO_GATEWAY,
        buttonEvents: [pressBody(t).buttonEvents[0], { tag: t, nonce: 'x' }],
      }),
      'buttonEvents.1.events',
    ],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, make, field) => {
    const tag = await freshTag(app, 'Room 201');
    const res = await post(make(tag));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', field });
    expect(res.json().reason).toContain(field);
    expect(await storedEventsOf(tag)).toBe(0);
    expect(await app.db.select().from(alerts).where(eq(alerts.tagId, tag))).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/button-events',
      headers: { ...gatewayAuth(), 'content-type': 'application/json' },
      payload: '{"gateway": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a gateway key (401 for anything else, before the body is read)', async () => {
    const tag = await freshTag(app, 'Room 201');
    const body = pressBody(tag);
    const bearer = (await signIn(app, 'admin@demo.example')).headers.authorization!;
    for (const headers of [
      {},
      { authorization: bearer },
      gatewayAuth(DEMO_API_KEY), // a console key is not a gateway key
      gatewayAuth('vg_not_a_key'),
    ]) {
      const res = await post(body, headers);
      expect(res.statusCode).toBe(401);
      expect((await post({ nonsense: true }, headers)).statusCode).toBe(401);
    }
    expect(await storedEventsOf(tag)).toBe(0);
  });

  it("refuses a gateway that is not one of the key's organisation with 403 'Unknown gateway'", async () => {
    const tag = await freshTag(app, 'Room 201');
    const res = await press(app, tag, { gateway: freshMac() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'Unknown gateway' });
    expect(await storedEventsOf(tag)).toBe(0);
  });
});

describe('POST /api/ingest/heartbeats', () => {
  const beat = (payload: object, headers = gatewayAuth()) =>
    app.inject({ method: 'POST', url: '/api/ingest/heartbeats', headers, payload });

  it("updates the gateway's state, keeps the heartbeat and hands over pending commands once", async () => {
    const gateway = 'b0a710000004';
    const [before] = await app.db.select().from(gateways).where(eq(gateways.id, gateway));
    const [command] = await app.db
      .insert(gatewayCommands)
      .values({ orgId: before!.orgId, gatewayId: gateway, type: 'diag', payload: { level: 2 } })
      .returning();

    const res = await beat({
      gateway: 'B0:A7:10:00:00:04',
      status: 'connected',
      version: { app: '5.2.1', isSafeMode: false },
      hardware: { revision: 'v2' },
      adminMode: true,
      rebootReason: 9,
      diagnostics: { button: 95, coverage: 88, floor: 60 },
      neighbors: { b0a710000001: 4.5, 'b0:a7:10:00:00:02': 12 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ commands: [{ id: command!.id, type: 'diag', payload: { level: 2 } }] });

    const [after] = await app.db.select().from(gateways).where(eq(gateways.id, gateway));
    expect(after!.state).toMatchObject({
      status: 'connected',
      updatedAt: expect.any(String),
      version: { app: '5.2.1', isSafeMode: false },
      hardware: { revision: 'v2' },
      adminMode: true,
      debug: { rebootInfo: { lastResetReason: 9 } },
      diagnostics: { button: 95, coverage: 88, floor: 60 },
      neighbors: { b0a710000001: 4.5, b0a710000002: 12 },
    });
    const kept = await app.db
      .select()
      .from(gatewayHeartbeats)
      .where(and(eq(gatewayHeartbeats.gatewayId, gateway), eq(gatewayHeartbeats.status, 'connected')));
    expect(kept.length).toBeGreaterThanOrEqual(1);

    const again = await beat({ gateway, status: 'ota_downloading' });
    expect(again.json()).toEqual({ commands: [] });
    const [latest] = await app.db.select().from(gateways).where(eq(gateways.id, gateway));
    expect(latest!.state).toMatchObject({ status: 'ota_downloading', hardware: { revision: 'v2' } });
  });

  it('refuses bad payloads, strangers and unknown gateways', async () => {
    const bad = await beat({ gateway: DEMO_GATEWAY, status: 'connected', diagnostics: { button: 101 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('diagnostics.button');
    expect((await beat({ gateway: DEMO_GATEWAY, status: 'connected' }, {})).statusCode).toBe(401);
    expect((await beat({ gateway: freshMac(), status: 'connected' })).statusCode).toBe(403);
  });
});

describe('realtime', () => {
  let second: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    // A second instance on the same database: the shared app's port belongs to events.test.ts.
    second = await buildApp(testConfig(), {
      database: app.database,
      ownsDatabase: false,
      logger: false,
      jobs: false,
      escalation: false,
    });
    base = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
  });

  it("streams an ingested alert to the consoles of its zone, not to another organisation's", async () => {
    const demo = (await signIn(second, 'security@demo.example')).headers;
    const acme = (await signIn(second, 'admin@acme.example', 'acme')).headers;
    const demoStream = await fetch(`${base}/api/events`, { headers: demo });
    const acmeStream = await fetch(`${base}/api/events`, { headers: acme });
    const tag = await freshTag(app, 'Ward 3 Nurses Station');

    const started = Date.now();
    let alertId = '';
    const demoText = readStream(demoStream, (t) => alertId !== '' && t.includes(alertId));
    const res = await press(app, tag);
    alertId = res.json().results[0].alertId;
    const text = await demoText;
    const latency = Date.now() - started;
    const event = text.split('\n\n').find((block) => block.includes(alertId))!;
    expect(event).toMatch(/^id: \d+\nevent: alert\ndata: /);
    const data = JSON.parse(event.slice(event.indexOf('data: ') + 6));
    expect(data).toMatchObject({
      type: 'alert',
      alert: {
        id: alertId,
        state: 'notified',
        mode: 'help',
        tag: { id: tag },
        location: { name: 'Ward 3 Nurses Station' },
      },
    });
    expect(latency).toBeLessThan(1000);
    expect(await readStream(acmeStream, () => false, 800)).not.toContain(alertId);
    console.log(`ingest → SSE: ${latency} ms (post, commit, NOTIFY, stream)`);
  });
});
