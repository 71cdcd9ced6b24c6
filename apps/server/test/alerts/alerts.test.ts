import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { alertClientErrors, alerts, auditLog, outbox, zones } from '../../src/db/schema';
import { getTestApp, keyHeaders, signIn, unique } from '../helpers/app';
import { customRole, freshTag, placedUser, pressForAlert, zoneByName } from '../helpers/alerts';

let app: FastifyInstance;
let security: Record<string, string>;
let admin: Record<string, string>;
let acme: Record<string, string>;
let noAccess: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  security = (await signIn(app, 'security@demo.example')).headers;
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
});

const get = (url: string, headers = security) => app.inject({ url, headers });
const put = (id: string, payload: object, headers = security) =>
  app.inject({ method: 'PUT', url: `/api/alerts/${id}`, headers, payload });
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((a) => a.id);

/** A new alert from a fresh tag located in `zone`. */
async function alertIn(zone: string | null, pattern: 'help' | 'test' | 'activeShooter' = 'help') {
  return pressForAlert(app, await freshTag(app, zone), { pattern });
}

describe('GET /api/alerts', () => {
  it('answers every open alert in scope, newest first, unpaged, with owner, location path and state', async () => {
    const owner = unique('Robin ');
    const first = await pressForAlert(app, await freshTag(app, 'Room 201', { owner }));
    const second = await alertIn('ED Room 102');
    const closed = await alertIn('Room 202');
    expect((await put(closed, { reasonCode: 'ignored_false_alarm' })).statusCode).toBe(200);

    // SPEC §7 sends empty parameters; they mean "not set".
    const res = await get('/api/alerts/?test=&skipCache=&zones=');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.data.length);
    const listed = ids(res);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
    expect(listed).not.toContain(closed);
    const alert = body.data.find((a: { id: string }) => a.id === first);
    expect(alert).toMatchObject({
      state: 'notified',
      mode: 'help',
      acknowledged: false,
      tag: { owner: { name: owner } },
      location: { name: 'Room 201' },
    });
    expect(alert.location.path.map((z: { name: string }) => z.name)).toEqual([
      'Demo Hospital',
      'Main Campus',
      'North Tower',
      'Floor 2',
      'Ward 3',
      'Room 201',
    ]);
    const times = body.data.map((a: { createdAt: string }) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get('/api/alerts')).json().total).toBe(body.total);
  });

  it('adds test alerts only with test=true, which needs read Alert test', async () => {
    const test = await alertIn('Room 201', 'test');
    expect(ids(await get('/api/alerts'))).not.toContain(test);
    expect(ids(await get('/api/alerts?test=true'))).toContain(test);

    const role = await customRole(app, [
      { action: ['list', 'read', 'update'], subject: 'Alert' },
      { action: 'read', subject: 'Alert', fields: ['test'], inverted: true },
    ]);
    const email = await placedUser(app, { zone: 'Demo Hospital', role });
    const headers = (await signIn(app, email)).headers;
    expect((await get('/api/alerts', headers)).statusCode).toBe(200);
    const refused = await get('/api/alerts?test=true', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toMatch(/Alert test/);
  });

  it('narrows to the subtrees of `zones`, intersected with the scope', async () => {
    const ward = await alertIn('Room 202');
    const ed = await alertIn('ED Room 101');
    const ward3 = (await zoneByName(app, 'Ward 3')).id;
    const listed = ids(await get(`/api/alerts?zones=${ward3}`));
    expect(listed).toContain(ward);
    expect(listed).not.toContain(ed);
    // Another organisation's zone widens nothing.
    const frontDesk = (await zoneByName(app, 'Front Desk', 'acme')).id;
    expect((await get(`/api/alerts?zones=${frontDesk}`)).json()).toEqual({ data: [], total: 0 });
    expect((await get('/api/alerts?zones=ward-3')).statusCode).toBe(400);
  });

  it('shows a user placed in one unit only the alerts under it; location narrows further', async () => {
    const inWard = await alertIn('Room 201');
    const inRoom202 = await alertIn('Room 202');
    const elsewhere = await alertIn('Main Entrance');
    const unlocated = await alertIn(null);

    const wardUser = (await signIn(app, await placedUser(app, { zone: 'Ward 3', role: 'security' }))).headers;
    const seen = ids(await get('/api/alerts', wardUser));
    expect(seen).toEqual(expect.arrayContaining([inWard, inRoom202]));
    expect(seen).not.toContain(elsewhere);
    const outside = await alertIn('Gift Shop');
    expect((await get(`/api/alerts/${outside}`, wardUser)).statusCode).toBe(404);
    expect((await put(outside, { acknowledged: true }, wardUser)).statusCode).toBe(404);

    const room201 = (await zoneByName(app, 'Room 201')).id;
    const located = await placedUser(app, { zone: 'Demo Hospital', role: 'security', location: [room201] });
    const narrowed = ids(await get('/api/alerts', (await signIn(app, located)).headers));
    expect(narrowed).toContain(inWard);
    expect(narrowed).not.toContain(inRoom202);
    expect(narrowed).not.toContain(unlocated);

    // Who holds the whole organisation also sees an unlocated alert (the gateway had no zone either).
    expect(ids(await get('/api/alerts'))).toContain(unlocated);
  });

  it("shows another organisation none of the demo's alerts", async () => {
    const demoAlert = await alertIn('Room 201');
    const res = await get('/api/alerts', acme);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).not.toContain(demoAlert);
    expect((await get(`/api/alerts/${demoAlert}`, acme)).statusCode).toBe(404);
    expect((await put(demoAlert, { acknowledged: true }, acme)).statusCode).toBe(404);
    expect(ids(await get('/api/log/alerts?limit=500', acme))).not.toContain(demoAlert);
  });

  it('needs read Alert', async () => {
    expect((await get('/api/alerts', noAccess)).statusCode).toBe(403);
    const distribution = (await signIn(app, 'distribution@demo.example')).headers;
    expect((await get('/api/alerts', distribution)).statusCode).toBe(403);
  });
});

describe('GET /api/alerts/{id}', () => {
  it('answers the alert with its history, oldest first', async () => {
    const id = await alertIn('Room 201');
    await put(id, { acknowledged: true });
    const res = await get(`/api/alerts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, acknowledged: true, acknowledgedBy: { name: 'Sam Security' } });
    expect(res.json().history.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'notified',
      'acknowledged',
    ]);
    expect(res.json().history[2].actor).toMatchObject({ name: 'Sam Security' });
  });

  it('answers 404 for a malformed or unknown id, 403 without read Alert', async () => {
    expect((await get('/api/alerts/not-an-id')).statusCode).toBe(404);
    expect((await get(`/api/alerts/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/alerts/${await alertIn('Room 201')}`, noAccess)).statusCode).toBe(403);
  });
});

describe('PUT /api/alerts/{id}', () => {
  it('acknowledges: stores who and when, keeps the first acknowledger, audits and streams it', async () => {
    const id = await alertIn('Room 202');
    const res = await put(id, { acknowledged: true });
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({
      acknowledged: true,
      state: 'notified',
      acknowledgedBy: { name: 'Sam Security' },
    });
    expect(Date.parse(first.acknowledgedAt)).toBeGreaterThan(Date.now() - 5000);

    const again = await put(id, { acknowledged: true }, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      acknowledgedBy: first.acknowledgedBy,
      acknowledgedAt: first.acknowledgedAt,
    });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['acknowledge']);
    expect(audits[0]!.after).toMatchObject({ acknowledged: true });
    const events = await app.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'alert'->>'id' = ${id}`)
      .orderBy(outbox.seq);
    expect(events.map((e) => (e.payload.alert as { acknowledged: boolean }).acknowledged)).toEqual([
      false,
      true,
    ]);
  });

  it('may be done by security, and by an API key of a role that may update Alert', async () => {
    expect((await put(await alertIn('Room 201'), { acknowledged: true })).statusCode).toBe(200);
    const byKey = await put(await alertIn('Room 201'), { acknowledged: true }, keyHeaders());
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().acknowledgedBy.id).toMatch(/^key:/);
  });

  it('refuses noAccess and a role without update Alert', async () => {
    const id = await alertIn('Room 201');
    expect((await put(id, { acknowledged: true }, noAccess)).statusCode).toBe(403);
    const readOnly = await customRole(app, [{ action: ['list', 'read'], subject: 'Alert' }]);
    const headers = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: readOnly })))
      .headers;
    expect((await get(`/api/alerts/${id}`, headers)).statusCode).toBe(200);
    expect((await put(id, { acknowledged: true }, headers)).statusCode).toBe(403);
    expect((await put(id, { reasonCode: 'test' }, headers)).statusCode).toBe(403);
  });

  it('closes with a reason and keeps who closed it; a closed alert cannot be closed or acknowledged again', async () => {
    const id = await alertIn('ED Room 101');
    const res = await put(id, {
      reasonCode: 'ignored_accidental_press',
      reasonText: '  pressed by a visitor ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'closed',
      reasonCode: 'ignored_accidental_press',
      reasonText: 'pressed by a visitor',
      reasonDetails: null,
      closedBy: { name: 'Sam Security' },
    });
    expect(ids(await get('/api/alerts'))).not.toContain(id);

    const twice = await put(id, { reasonCode: 'test' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('This alert is already closed');
    expect((await put(id, { acknowledged: true })).statusCode).toBe(409);
    const detail = (await get(`/api/alerts/${id}`)).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'notified',
      'closed',
    ]);
    expect(detail.history[2]).toMatchObject({
      actor: { name: 'Sam Security' },
      details: { reasonCode: 'ignored_accidental_press' },
    });
  });

  it("refuses an 'other' reason without a text", async () => {
    const id = await alertIn('Room 201');
    for (const body of [
      { reasonCode: 'ignored_other' },
      { reasonCode: 'resolved_other', reasonText: '   ' },
    ]) {
      const res = await put(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: 'Please describe the reason', field: 'reasonText' });
    }
    expect((await app.db.select().from(alerts).where(eq(alerts.id, id)))[0]!.closedAt).toBeNull();
  });

  it('asks every incident question of a resolved reason while the reasonDetails flag is on (demo)', async () => {
    const id = await alertIn('Room 201');
    const missing = await put(id, { reasonCode: 'resolved_assistance_provided' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      reason: 'Please answer all questions',
      field: 'reasonDetails.category',
    });

    const noTargets = await put(id, {
      reasonCode: 'resolved_incident_handled',
      reasonDetails: { category: 'verbal', source: 'patient', injury: 'yes' },
    });
    expect(noTargets.json()).toMatchObject({
      reason: 'Please answer all questions',
      field: 'reasonDetails.target',
    });

    const done = await put(id, {
      reasonCode: 'resolved_incident_handled',
      reasonDetails: {
        category: 'other',
        categoryText: ' threw a chair ',
        source: 'visitor',
        injury: 'no',
        target: ['patient'],
      },
    });
    expect(done.statusCode).toBe(200);
    // Stored as the domain cleans it: trimmed write-in, the unasked target dropped.
    expect(done.json().reasonDetails).toEqual({
      category: 'other',
      categoryText: 'threw a chair',
      source: 'visitor',
      injury: 'no',
    });
  });

  it('ignores the incident details where the reasonDetails flag is off', async () => {
    const unit = await zoneByName(app, 'Behavioral Health');
    await app.db
      .update(zones)
      .set({ config: { ...unit.config, featureFlags: { reasonDetails: false } } })
      .where(eq(zones.id, unit.id));
    const headers = (
      await signIn(app, await placedUser(app, { zone: 'Behavioral Health', role: 'security' }))
    ).headers;
    const id = await alertIn('Room 210');
    const res = await put(
      id,
      { reasonCode: 'resolved_assistance_provided', reasonDetails: { category: 'verbal' } },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().reasonDetails).toBeNull();
  });

  it('refuses a body that is neither an acknowledgement nor a close', async () => {
    const id = await alertIn('Room 201');
    for (const body of [{ acknowledged: false }, { reasonCode: 'made_up' }, { state: 'closed' }, {}]) {
      expect((await put(id, body)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/log/alerts/error/{id}', () => {
  it('keeps the report of a console that saw the alert late', async () => {
    const id = await alertIn('Room 201');
    const res = await app.inject({
      method: 'POST',
      url: `/api/log/alerts/error/${id}`,
      headers: security,
      payload: { tag: 'c0ffee000001', clientLastRefreshDelta: 12500 },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await app.db.select().from(alertClientErrors).where(eq(alertClientErrors.alertId, id));
    expect(row).toMatchObject({
      tag: 'c0ffee000001',
      clientLastRefreshDelta: 12500,
      actor: { name: 'Sam Security' },
    });
  });

  it('refuses a bad body, an unknown alert, and a caller without credentials', async () => {
    const id = await alertIn('Room 201');
    const url = `/api/log/alerts/error/${id}`;
    const body = { tag: 'x', clientLastRefreshDelta: 1 };
    const send = (payload: object, headers: Record<string, string>, to = url) =>
      app.inject({ method: 'POST', url: to, headers, payload });
    expect((await send({ tag: 'x' }, security)).statusCode).toBe(400);
    expect((await send(body, security, `/api/log/alerts/error/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await send(body, acme)).statusCode).toBe(404);
    expect((await send(body, { slug: 'demo', domain: 'localhost' })).statusCode).toBe(401);
  });
});

describe('GET /api/log/alerts', () => {
  it('lists open and closed alerts with filters, search and paging; needs list LogAlert', async () => {
    const owner = unique('Logan ');
    const open = await pressForAlert(app, await freshTag(app, 'Room 202', { owner }));
    const closed = await pressForAlert(app, await freshTag(app, 'Room 202', { owner }), {
      pattern: 'activeShooter',
    });
    await put(closed, { reasonCode: 'test' });

    const all = await get(`/api/log/alerts?query=${encodeURIComponent(owner)}`, admin);
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([closed, open]);
    expect(all.json().total).toBe(2);

    const q = (params: string) => get(`/api/log/alerts?query=${encodeURIComponent(owner)}&${params}`, admin);
    expect(ids(await q('state=closed'))).toEqual([closed]);
    expect(ids(await q('mode=danger'))).toEqual([closed]);
    expect(ids(await q('orderBy=createdAt'))).toEqual([open, closed]);
    expect(ids(await q('limit=1')).length).toBe(1);
    const ward3 = (await zoneByName(app, 'Ward 3')).id;
    const emergency = (await zoneByName(app, 'Emergency Department')).id;
    expect(ids(await q(`zone=${ward3}`))).toHaveLength(2);
    expect(ids(await q(`zone=${emergency}`))).toHaveLength(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const where = (w: object) => q(`where=${encodeURIComponent(JSON.stringify(w))}`);
    expect(ids(await where({ createdAt: { $gte: future } }))).toHaveLength(0);
    expect(ids(await where({ createdAt: { $lte: future } }))).toHaveLength(2);
    expect((await where({ secret: 1 })).statusCode).toBe(400);
    expect((await q('zone=nope')).statusCode).toBe(400);

    expect((await get('/api/log/alerts', security)).statusCode).toBe(403);
  });
});

describe('GET /api/video/streams/{alertId}', () => {
  it('needs the video flag and read Video; answers no streams until cameras are placed', async () => {
    const id = await alertIn('Room 201');
    const refused = await get(`/api/video/streams/${id}`, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('feature_off');

    const ward = await zoneByName(app, 'Ward 3');
    await app.db
      .update(zones)
      .set({ config: { ...ward.config, featureFlags: { video: true } } })
      .where(eq(zones.id, ward.id));
    const headers = (await signIn(app, await placedUser(app, { zone: 'Ward 3', role: 'security' }))).headers;
    const res = await get(`/api/video/streams/${id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ streams: [], expiresAt: expect.any(String) });
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now());
    expect((await get(`/api/video/streams/${await alertIn('Gift Shop')}`, headers)).statusCode).toBe(404);
  });
});
