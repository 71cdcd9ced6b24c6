import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  INVALID_PHONE_REASON,
  SUBSCRIPTION_ACCESS_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  UNACKNOWLEDGED_AFTER_MAX_S,
  UNACKNOWLEDGED_AFTER_MIN_S,
  type ContactKind,
} from '@vigil/domain';
import { auditLog, notificationTriggers, subscriptions, users } from '../../src/db/schema';
import { getTestApp, keyHeaders, signIn, unique } from '../helpers/app';
import { placedUser, zoneByName } from '../helpers/alerts';

// Issue 16 "Subscriptions" (SPEC §6 Subscription): users manage their own, admins everyone's in
// their scope; nothing of one organisation reaches another.

type Headers = Record<string, string>;
type Json = Record<string, unknown>;

let app: FastifyInstance;
let admin: Headers;
let security: Headers;
let acme: Headers;
let adminId: string;
let securityId: string;
let acmeAdminId: string;
let demoOrg: string;
let floor1: string;
let ward3: string;
let frontDesk: string;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const api = {
  list: (query: string, headers = admin) => send('GET', `/api/subscriptions?${query}`, headers),
  create: (body: object, headers = admin) => send('POST', '/api/subscriptions', headers, body),
  get: (id: string, headers = admin) => send('GET', `/api/subscriptions/${id}`, headers),
  update: (id: string, body: object, headers = admin) =>
    send('PUT', `/api/subscriptions/${id}`, headers, body),
  pause: (id: string, paused: boolean, headers = admin) =>
    send('PUT', `/api/subscriptions/${id}/paused`, headers, { paused }),
  remove: (id: string, headers = admin) => send('DELETE', `/api/subscriptions/${id}`, headers),
  test: (id: string, headers = admin) => send('POST', `/api/subscriptions/${id}/test`, headers),
};

const contact = (kind: ContactKind, address: string) => ({
  type: 'contact',
  name: unique('Pager '),
  kind,
  address,
});
const body = (overrides: Json = {}) => ({
  recipient: contact('email', `${unique('ward')}@demo.example`),
  zone: floor1,
  modes: ['help', 'danger'],
  moments: ['created', 'escalated'],
  ...overrides,
});

async function made(res: { statusCode: number; body: string; json(): unknown }): Promise<Json> {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return res.json() as Json;
}
const created = async (overrides: Json = {}, headers = admin) =>
  (await made(await api.create(body(overrides), headers))).id as string;
const ids = (res: { json(): unknown }) => (res.json() as { data: { id: string }[] }).data.map((s) => s.id);
const mine = (userId: string) => ({ type: 'user', userId });

async function userIdOf(email: string): Promise<string> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}
async function row(id: string) {
  const [found] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return found;
}
async function audits(id: string) {
  const rows = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'subscription'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  adminId = await userIdOf('admin@demo.example');
  securityId = await userIdOf('security@demo.example');
  acmeAdminId = await userIdOf('admin@acme.example');
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  ward3 = (await zoneByName(app, 'Ward 3')).id;
  frontDesk = (await zoneByName(app, 'Front Desk', 'acme')).id;
});

describe('an admin manages every subscription of its scope (list Subscription … delete Subscription)', () => {
  it('adds a contact subscription, reads it back, and audits it', async () => {
    const address = `${unique('desk')}@demo.example`;
    const res = await api.create(
      body({
        recipient: { type: 'contact', name: ' Ward 3 desk ', kind: 'email', address: ` ${address} ` },
        zone: ward3,
        moments: ['created', 'unacknowledged'],
        unacknowledgedAfterS: 120,
      }),
    );
    const subscription = await made(res);
    expect(subscription).toMatchObject({
      recipient: { type: 'contact', name: 'Ward 3 desk', kind: 'email', address },
      zone: { id: ward3, name: 'Ward 3' },
      modes: ['help', 'danger'],
      moments: ['created', 'unacknowledged'],
      unacknowledgedAfterS: 120,
      paused: false,
      createdBy: { id: adminId, name: 'Dana Admin' },
    });
    const id = subscription.id as string;
    expect((await made(await api.get(id))).recipient).toEqual(subscription.recipient);
    expect(await row(id)).toMatchObject({ orgId: demoOrg, zoneId: ward3, userId: null, pausedAt: null });
    expect(await audits(id)).toEqual(['create']);
  });

  it('adds a user subscription with the user’s name and e-mail, and stores phones as E.164', async () => {
    const forSecurity = await made(await api.create(body({ recipient: mine(securityId) })));
    expect(forSecurity.recipient).toEqual({
      type: 'user',
      userId: securityId,
      name: 'Sam Security',
      email: 'security@demo.example',
    });
    const sms = await made(await api.create(body({ recipient: contact('sms', '(202) 555-0123') })));
    expect(sms.recipient).toMatchObject({ kind: 'sms', address: '+12025550123' });
  });

  it('edits a subscription as a whole, keeping its pause, and audits the change', async () => {
    const id = await created({ paused: true });
    const res = await api.update(
      id,
      body({ recipient: contact('wctp', 'PAGER-42'), zone: demoOrg, modes: ['test'], moments: ['closed'] }),
    );
    const updated = await made(res);
    expect(updated).toMatchObject({
      recipient: { type: 'contact', kind: 'wctp', address: 'PAGER-42' },
      zone: { id: demoOrg, name: 'Demo Hospital' },
      modes: ['test'],
      moments: ['closed'],
      unacknowledgedAfterS: null,
      paused: true,
    });
    expect(Date.parse(updated.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(updated.createdAt as string),
    );
    expect(await audits(id)).toEqual(['create', 'update']);
    const resumed = await made(await api.update(id, body({ paused: false })));
    expect(resumed.paused).toBe(false);
  });

  it('lists newest first with a total, pages with limit/offset, and narrows to its own with mine=true', async () => {
    // A fresh admin of its own, so that its subscriptions are exactly the ones made here.
    const email = await placedUser(app, { zone: 'Demo Hospital', role: 'admin' });
    const owner = (await signIn(app, email)).headers;
    const ownerId = await userIdOf(email);
    const made3: string[] = [];
    for (let i = 0; i < 3; i++) made3.push(await created({ recipient: mine(ownerId) }, owner));
    const contactOne = await created({}, owner);

    const own = await api.list('mine=true', owner);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ total: 3 });
    expect(ids(own)).toEqual([...made3].reverse());
    for (const s of own.json().data) expect(s.recipient).toMatchObject({ type: 'user', userId: ownerId });

    const second = await api.list('mine=true&limit=1&offset=1', owner);
    expect(ids(second)).toEqual([made3[1]]);
    expect(second.json().total).toBe(3);

    const all = await api.list('limit=2', owner);
    expect(ids(all)).toEqual([contactOne, made3[2]]);
    expect(all.json().total).toBeGreaterThanOrEqual(4);
    expect(await api.list('orderBy=createdAt&mine=true', owner).then(ids)).toEqual(made3);
    expect((await api.list('mine=perhaps')).json()).toMatchObject({ field: 'mine' });
  });

  it('pauses and resumes a subscription', async () => {
    const id = await created();
    const paused = await made(await api.pause(id, true));
    expect(paused.paused).toBe(true);
    const since = (await row(id))!.pausedAt;
    expect(since).toBeInstanceOf(Date);
    // Pausing again keeps when it was paused.
    expect((await made(await api.pause(id, true))).paused).toBe(true);
    expect((await row(id))!.pausedAt).toEqual(since);
    expect(ids(await api.list('paused=true&limit=500'))).toContain(id);

    const resumed = await made(await api.pause(id, false));
    expect(resumed.paused).toBe(false);
    expect((await row(id))!.pausedAt).toBeNull();
    expect(ids(await api.list('paused=true&limit=500'))).not.toContain(id);
    expect(await audits(id)).toEqual(['create', 'update', 'update', 'update']);
  });

  it('deletes a subscription: gone, audited, then 404', async () => {
    const id = await created();
    const res = await api.remove(id);
    expect(res.statusCode).toBe(204);
    expect(await row(id)).toBeUndefined();
    expect(await audits(id)).toEqual(['create', 'delete']);
    expect((await api.get(id)).statusCode).toBe(404);
    expect((await api.remove(id)).statusCode).toBe(404);
  });

  it('queues a test message as a trigger for that subscription alone, paused or not', async () => {
    const id = await created({ paused: true });
    const res = await api.test(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: true });
    const triggers = await app.db
      .select()
      .from(notificationTriggers)
      .where(eq(notificationTriggers.subscriptionId, id));
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({ orgId: demoOrg, kind: 'test', alertId: null });
  });

  it('answers 404 for an unknown or malformed id on every route', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    for (const id of [unknown, 'not-a-uuid']) {
      const answers = [
        await api.get(id),
        await api.update(id, body()),
        await api.pause(id, true),
        await api.remove(id),
        await api.test(id),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect(answers[0]!.json().reason).toBe(SUBSCRIPTION_ACCESS_MESSAGES.notFound);
    }
  });
});

describe('a user without the permission manages only its own subscriptions (issue 16)', () => {
  it('adds, reads, edits, pauses, tests and deletes its own', async () => {
    const subscription = await made(await api.create(body({ recipient: mine(securityId) }), security));
    const id = subscription.id as string;
    expect(subscription.createdBy).toEqual({ id: securityId, name: 'Sam Security' });
    expect((await api.get(id, security)).statusCode).toBe(200);
    const edited = await api.update(id, body({ recipient: mine(securityId), modes: ['danger'] }), security);
    expect((await made(edited)).modes).toEqual(['danger']);
    expect((await made(await api.pause(id, true, security))).paused).toBe(true);
    expect((await api.test(id, security)).json()).toEqual({ queued: true });
    expect((await api.remove(id, security)).statusCode).toBe(204);
    expect(await audits(id)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('lists only its own, with or without mine=true', async () => {
    const own = await created({ recipient: mine(securityId) }, security);
    const adminsOwn = await created({ recipient: mine(adminId) });
    const contactOne = await created();
    for (const query of ['limit=500', 'mine=true&limit=500']) {
      const res = await api.list(query, security);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toContain(own);
      expect(ids(res)).not.toContain(adminsOwn);
      expect(ids(res)).not.toContain(contactOne);
      for (const s of res.json().data) expect(s.recipient.userId).toBe(securityId);
    }
  });

  it('may not add, read or touch anyone else’s', async () => {
    const contactOne = await created();
    const adminsOwn = await created({ recipient: mine(adminId) });
    const refused = [
      await api.create(body(), security),
      await api.create(body({ recipient: mine(adminId) }), security),
      await api.get(contactOne, security),
      await api.update(adminsOwn, body({ recipient: mine(securityId) }), security),
      await api.pause(contactOne, true, security),
      await api.remove(adminsOwn, security),
      await api.test(contactOne, security),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    for (const res of refused) expect(res.json().reason).toBe(SUBSCRIPTION_MESSAGES.notYours);
    expect((await row(contactOne))!.pausedAt).toBeNull();
    expect(await row(adminsOwn)).toBeDefined();
  });

  it('may not hand its own subscription to someone else', async () => {
    const own = await created({ recipient: mine(securityId) }, security);
    const res = await api.update(own, body(), security);
    expect(res.statusCode).toBe(403);
    expect((await row(own))!.userId).toBe(securityId);
  });

  it('lets even a noAccess user keep its own', async () => {
    const email = await placedUser(app, { zone: 'Demo Hospital', role: 'noAccess' });
    const headers = (await signIn(app, email)).headers;
    const id = await created({ recipient: mine(await userIdOf(email)) }, headers);
    expect(ids(await api.list('', headers))).toEqual([id]);
  });

  it('refuses an API key without the permission: it is nobody’s own', async () => {
    const key = keyHeaders();
    const id = await created();
    const answers = [
      await api.list('', key),
      await api.create(body(), key),
      await api.get(id, key),
      await api.update(id, body(), key),
      await api.pause(id, true, key),
      await api.remove(id, key),
      await api.test(id, key),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(answers[0]!.json().reason).toBe('Not allowed to list Subscription');
    expect(answers[1]!.json().reason).toBe('Not allowed to update Subscription');
    expect(answers[5]!.json().reason).toBe('Not allowed to delete Subscription');
  });

  it('answers 401 without credentials', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: { slug: 'demo', domain: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('zone scope and organisations', () => {
  it('keeps an admin of one floor to its floor', async () => {
    const email = await placedUser(app, { zone: 'Floor 1', role: 'admin' });
    const floorAdmin = (await signIn(app, email)).headers;
    const inWard3 = await created({ zone: ward3 });
    const onFloor1 = await created({ zone: floor1 });

    const outside = await api.create(body({ zone: ward3 }), floorAdmin);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().reason).toBe(SUBSCRIPTION_ACCESS_MESSAGES.zoneOutOfScope);
    expect((await api.update(onFloor1, body({ zone: ward3 }), floorAdmin)).statusCode).toBe(403);
    expect((await row(onFloor1))!.zoneId).toBe(floor1);

    const listed = ids(await api.list('limit=500', floorAdmin));
    expect(listed).toContain(onFloor1);
    expect(listed).not.toContain(inWard3);
    for (const route of [api.get, api.remove, api.test]) {
      expect((await route(inWard3, floorAdmin)).statusCode).toBe(404);
    }
    expect((await api.pause(inWard3, true, floorAdmin)).statusCode).toBe(404);
    expect((await made(await api.pause(onFloor1, true, floorAdmin))).paused).toBe(true);
  });

  it('keeps every demo subscription out of acme’s reach', async () => {
    const demoOne = await created({ recipient: mine(adminId) });
    const listed = await api.list('limit=500', acme);
    expect(listed.statusCode).toBe(200);
    expect(ids(listed)).not.toContain(demoOne);
    const answers = [
      await api.get(demoOne, acme),
      await api.update(demoOne, body({ zone: frontDesk }), acme),
      await api.pause(demoOne, true, acme),
      await api.remove(demoOne, acme),
      await api.test(demoOne, acme),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(await row(demoOne)).toMatchObject({ pausedAt: null, zoneId: floor1 });

    // Acme may not follow a demo zone nor tell a demo user; the demo admin may not tell acme's.
    const demoZone = await api.create(body({ zone: floor1 }), acme);
    expect(demoZone.statusCode).toBe(403);
    const demoUser = await api.create(body({ zone: frontDesk, recipient: mine(adminId) }), acme);
    expect(demoUser.statusCode).toBe(400);
    expect(demoUser.json()).toMatchObject({
      reason: SUBSCRIPTION_ACCESS_MESSAGES.unknownUser,
      field: 'recipient.userId',
    });
    const acmeUser = await api.create(body({ recipient: mine(acmeAdminId) }));
    expect(acmeUser.json()).toMatchObject({ field: 'recipient.userId' });
    const nobody = await api.create(body({ recipient: mine('00000000-0000-4000-8000-00000000dead') }));
    expect(nobody.statusCode).toBe(400);

    const acmeOwn = await made(
      await api.create(body({ zone: frontDesk, recipient: mine(acmeAdminId) }), acme),
    );
    expect(ids(await api.list('limit=500'))).not.toContain(acmeOwn.id);
    expect((await api.get(acmeOwn.id as string)).statusCode).toBe(404);
  });

  it('lets a superadmin signed in to the organisation subscribe itself', async () => {
    const superadmin = (await signIn(app, 'superadmin@vigil.example')).headers;
    const superId = await userIdOf('superadmin@vigil.example');
    const own = await made(await api.create(body({ recipient: mine(superId) }), superadmin));
    expect(own.recipient).toMatchObject({ type: 'user', userId: superId, name: 'Sasha Superadmin' });
    // The demo admin may edit it without the superadmin being a demo user.
    expect(
      (await api.update(own.id as string, body({ recipient: mine(superId), modes: ['help'] }))).statusCode,
    ).toBe(200);
  });
});

describe('bad input answers 400 naming the field (domain subscriptionCreateBodySchema)', () => {
  it.each([
    ['no moments', { moments: [] }, 'moments', SUBSCRIPTION_MESSAGES.momentsRequired],
    ['no modes for an alert moment', { modes: [] }, 'modes', SUBSCRIPTION_MESSAGES.modesRequired],
    [
      'unacknowledged without seconds',
      { moments: ['unacknowledged'] },
      'unacknowledgedAfterS',
      SUBSCRIPTION_MESSAGES.unacknowledgedAfterRequired,
    ],
    [
      'unacknowledged below the bound',
      { moments: ['unacknowledged'], unacknowledgedAfterS: UNACKNOWLEDGED_AFTER_MIN_S - 1 },
      'unacknowledgedAfterS',
      SUBSCRIPTION_MESSAGES.unacknowledgedAfterRequired,
    ],
    [
      'unacknowledged above the bound',
      { moments: ['unacknowledged'], unacknowledgedAfterS: UNACKNOWLEDGED_AFTER_MAX_S + 1 },
      'unacknowledgedAfterS',
      SUBSCRIPTION_MESSAGES.unacknowledgedAfterRequired,
    ],
    ['an unknown moment', { moments: ['sometimes'] }, 'moments.0', undefined],
    ['an unknown mode', { modes: ['panic'] }, 'modes.0', undefined],
    ['a zone that is no uuid', { zone: 'floor-1' }, 'zone', undefined],
    [
      'a user id that is no uuid',
      { recipient: { type: 'user', userId: 'me' } },
      'recipient.userId',
      undefined,
    ],
    [
      'a contact without a name',
      { recipient: { type: 'contact', name: ' ', kind: 'email', address: 'a@b.example' } },
      'recipient.name',
      SUBSCRIPTION_MESSAGES.nameRequired,
    ],
    [
      'an unknown contact kind',
      { recipient: contact('fax' as ContactKind, '123') },
      'recipient.kind',
      undefined,
    ],
    [
      'an invalid e-mail',
      { recipient: contact('email', 'ward3@') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.invalidEmail,
    ],
    [
      'an invalid SMS phone',
      { recipient: contact('sms', '12345') },
      'recipient.address',
      INVALID_PHONE_REASON,
    ],
    [
      'a WCTP pager with spaces',
      { recipient: contact('wctp', 'pager 42') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.pagerRequired,
    ],
    [
      'an empty Vocera id',
      { recipient: contact('vocera', '') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.pagerRequired,
    ],
    [
      'an Ascom address that is no URL',
      { recipient: contact('ascom', 'ascom-gw') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.invalidUrl,
    ],
    [
      'a Connexall ftp URL',
      { recipient: contact('connexall', 'ftp://cx.example/in') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.invalidUrl,
    ],
    [
      'a TigerConnect address that is no URL',
      { recipient: contact('tiger', 'tiger') },
      'recipient.address',
      SUBSCRIPTION_MESSAGES.invalidUrl,
    ],
    ['an unknown key', { colour: 'red' }, 'colour', undefined],
  ] as [string, Json, string, string | undefined][])('%s', async (_case, overrides, field, message) => {
    const res = await api.create(body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().reason).toContain(message);
  });

  it('accepts the bounds of "still unacknowledged after N seconds" and each kind’s address', async () => {
    for (const seconds of [UNACKNOWLEDGED_AFTER_MIN_S, UNACKNOWLEDGED_AFTER_MAX_S]) {
      const res = await api.create(body({ moments: ['unacknowledged'], unacknowledgedAfterS: seconds }));
      expect((await made(res)).unacknowledgedAfterS).toBe(seconds);
    }
    const addresses: [ContactKind, string][] = [
      ['vocera', 'badge.7'],
      ['ascom', 'https://ascom.example/hook'],
      ['connexall', 'http://cx.example/in'],
      ['tiger', 'https://tiger.example/v1/alerts'],
    ];
    for (const [kind, address] of addresses) {
      expect(
        (await made(await api.create(body({ recipient: contact(kind, address) })))).recipient,
      ).toMatchObject({
        kind,
        address,
      });
    }
    // Gateways disconnected needs no alert mode.
    expect(
      (await made(await api.create(body({ modes: [], moments: ['gatewaysDisconnected'] })))).modes,
    ).toEqual([]);
  });

  it('refuses a bad edit and a bad pause body without changing anything', async () => {
    const id = await created();
    const edit = await api.update(id, body({ moments: [] }));
    expect(edit.json()).toMatchObject({ field: 'moments' });
    const pause = await send('PUT', `/api/subscriptions/${id}/paused`, admin, { paused: 'yes' });
    expect(pause.statusCode).toBe(400);
    expect(pause.json().field).toBe('paused');
    expect(await row(id)).toMatchObject({ moments: ['created', 'escalated'], pausedAt: null });
  });
});
