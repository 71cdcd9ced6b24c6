import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { localDay, visitState, visitTimesOf, type HomeVisit, type VisitState } from '@vigil/domain';
import { auditLog, homeVisits, people } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { placedUser } from '../helpers/alerts';
import { homeZone, minutes, orgOf, storedVisit, visitor } from './visit-fixtures';

// Issue 20 "Home visits" (SPEC HomeVisit, §6 HomeVisit subject, ARCHITECTURE §4 tenancy).

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let ward3Admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  ward3Admin = (await signIn(app, await placedUser(app, { zone: 'Ward 3', role: 'admin' }))).headers;
});

const get = (url: string, headers = admin) => app.inject({ url, headers });
const post = (url: string, payload?: object, headers = admin) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const patch = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PATCH', url: `/api/home-visits/${id}`, headers, payload });
const iso = (d: Date) => d.toISOString();

async function newVisit(extra: Record<string, unknown> = {}, headers = admin) {
  const person = await visitor(app);
  const home = await homeZone(app, { point: [-87.62, 41.88] });
  const res = await post(
    '/api/home-visits',
    {
      person: person.id,
      home: home.id,
      plannedStart: iso(minutes(10)),
      plannedEnd: iso(minutes(70)),
      notes: 'Wound dressing',
      ...extra,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { visit: res.json() as HomeVisit, person, home };
}

describe('POST /api/home-visits', () => {
  it('plans a remote person’s visit to a home, with the address’s point, and audits it', async () => {
    const { visit, person, home } = await newVisit();
    expect(visit).toMatchObject({
      person: { id: person.id, name: person.name, personId: person.personId },
      home: { id: home.id, name: home.name, path: home.name, point: { lat: 41.88, lng: -87.62 } },
      checkedInAt: null,
      checkedOutAt: null,
      cancelledAt: null,
      overdueAlertId: null,
      notes: 'Wound dressing',
      createdBy: { id: expect.any(String), name: 'Dana Admin' },
    });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'home_visit'), eq(auditLog.entityId, visit.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it.each([
    ['a person who is not remote', { remote: false }, {}, 400, 'person'],
    ['a zone that is not a home', {}, { category: 'indoor' }, 400, 'home'],
    ['a zone of no category', {}, { category: null }, 400, 'home'],
  ])('refuses %s', async (_name, personOpts, homeOpts, status, field) => {
    const person = await visitor(app, personOpts);
    const home = await homeZone(app, homeOpts);
    const res = await post('/api/home-visits', {
      person: person.id,
      home: home.id,
      plannedStart: iso(minutes(10)),
      plannedEnd: iso(minutes(70)),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ field });
  });

  it.each([
    ['an end before the start', 70, 10, 'The visit must end after it starts'],
    ['an end in the past', -120, -60, 'The visit must end in the future'],
  ])('refuses %s', async (_name, start, end, reason) => {
    const person = await visitor(app);
    const home = await homeZone(app);
    const res = await post('/api/home-visits', {
      person: person.id,
      home: home.id,
      plannedStart: iso(minutes(start)),
      plannedEnd: iso(minutes(end)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toContain(reason);
  });

  it('answers 404 for a person or a home of another organisation, and writes nothing', async () => {
    const acmePerson = await visitor(app, { slug: 'acme', zone: 'Ground Floor' });
    const acmeHome = await homeZone(app, { slug: 'acme' });
    const person = await visitor(app);
    const home = await homeZone(app);
    const times = { plannedStart: iso(minutes(10)), plannedEnd: iso(minutes(70)) };
    const theirs = await post('/api/home-visits', { person: acmePerson.id, home: home.id, ...times });
    expect(theirs.statusCode).toBe(404);
    const theirHome = await post('/api/home-visits', { person: person.id, home: acmeHome.id, ...times });
    expect(theirHome.statusCode).toBe(404);
    const stored = await app.db.select().from(homeVisits).where(eq(homeVisits.personId, person.id));
    expect(stored).toEqual([]);
  });

  it('refuses a home outside the caller’s zones (404) and a role without HomeVisit (403)', async () => {
    const person = await visitor(app, { zone: 'Room 201' });
    const outside = await homeZone(app);
    const times = { plannedStart: iso(minutes(10)), plannedEnd: iso(minutes(70)) };
    const res = await post('/api/home-visits', { person: person.id, home: outside.id, ...times }, ward3Admin);
    expect(res.statusCode).toBe(404);
    const inside = await homeZone(app, { under: 'Ward 3' });
    const ok = await post('/api/home-visits', { person: person.id, home: inside.id, ...times }, ward3Admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await post(
      '/api/home-visits',
      { person: person.id, home: inside.id, ...times },
      security,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/home-visits', () => {
  it('filters by state as visitState reads each visit now', async () => {
    const person = await visitor(app);
    const home = await homeZone(app);
    const org = await orgOf(app);
    const base = { orgId: org.id, personId: person.id, homeZoneId: home.id };
    const now = new Date();
    const made: Record<VisitState, string> = {
      planned: (await storedVisit(app, { ...base, plannedStart: minutes(30), plannedEnd: minutes(90) })).id,
      'in-progress': (
        await storedVisit(app, {
          ...base,
          plannedStart: minutes(-30),
          plannedEnd: minutes(30),
          checkedInAt: now,
        })
      ).id,
      // Its alert counts as raised: the shared app's lone-worker sweep leaves it alone.
      overdue: (
        await storedVisit(app, {
          ...base,
          plannedStart: minutes(-90),
          plannedEnd: minutes(-20),
          overdueAlertId: crypto.randomUUID(),
        })
      ).id,
      done: (
        await storedVisit(app, {
          ...base,
          plannedStart: minutes(-90),
          plannedEnd: minutes(-30),
          checkedInAt: minutes(-80),
          checkedOutAt: minutes(-25),
        })
      ).id,
      cancelled: (
        await storedVisit(app, {
          ...base,
          plannedStart: minutes(60),
          plannedEnd: minutes(90),
          cancelledAt: now,
        })
      ).id,
    };
    for (const [state, id] of Object.entries(made)) {
      const res = await get(`/api/home-visits?person=${person.id}&state=${state}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { data: HomeVisit[]; total: number };
      expect(list.data.map((v) => v.id)).toEqual([id]);
      expect(list.total).toBe(1);
      expect(visitState(visitTimesOf(list.data[0]!), new Date())).toBe(state);
    }
    const all = (await get(`/api/home-visits?person=${person.id}`)).json() as { data: HomeVisit[] };
    expect(all.data).toHaveLength(5);
    const starts = all.data.map((v) => v.plannedStart);
    expect(starts).toEqual([...starts].sort());
  });

  it('filters by the organisation’s local day', async () => {
    const person = await visitor(app);
    const home = await homeZone(app);
    const org = await orgOf(app);
    const tomorrow = await storedVisit(app, {
      orgId: org.id,
      personId: person.id,
      homeZoneId: home.id,
      plannedStart: minutes(24 * 60),
      plannedEnd: minutes(24 * 60 + 60),
    });
    const day = localDay(tomorrow.plannedStart, 'America/Chicago');
    const onDay = (await get(`/api/home-visits?person=${person.id}&day=${day}`)).json();
    expect(onDay.data.map((v: HomeVisit) => v.id)).toEqual([tomorrow.id]);
    const later = localDay(minutes(3 * 24 * 60), 'America/Chicago');
    expect((await get(`/api/home-visits?person=${person.id}&day=${later}`)).json().data).toEqual([]);
    expect((await get('/api/home-visits?day=2026-02-30')).statusCode).toBe(400);
  });

  it('shows nothing of one organisation to another, and only the homes of the caller’s zones', async () => {
    const { visit } = await newVisit();
    const acmeList = (await get('/api/home-visits', acme)).json() as { data: HomeVisit[] };
    expect(acmeList.data.map((v) => v.id)).not.toContain(visit.id);
    expect((await get(`/api/home-visits/${visit.id}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/home-visits/${visit.id}`, ward3Admin)).statusCode).toBe(404);
    expect((await get(`/api/home-visits/${visit.id}`)).json()).toEqual(visit);
    expect((await get('/api/home-visits', security)).statusCode).toBe(403);
  });

  it('offers the remote people and the homes of the caller’s zones', async () => {
    const remote = await visitor(app);
    const local = await visitor(app, { remote: false });
    const home = await homeZone(app, { under: 'Ward 3' });
    const office = await homeZone(app, { category: 'indoor' });
    const options = (await get('/api/home-visits/options')).json();
    const ids = (list: { id: string }[]) => list.map((x) => x.id);
    expect(ids(options.people)).toContain(remote.id);
    expect(ids(options.people)).not.toContain(local.id);
    expect(ids(options.homes)).toContain(home.id);
    expect(ids(options.homes)).not.toContain(office.id);
    const acmeOptions = (await get('/api/home-visits/options', acme)).json();
    expect(ids(acmeOptions.people)).not.toContain(remote.id);
    expect(ids(acmeOptions.homes)).not.toContain(home.id);
  });
});

describe('PATCH /api/home-visits/{id}', () => {
  it('moves the planned times and edits the notes', async () => {
    const { visit } = await newVisit();
    const res = await patch(visit.id, { plannedEnd: iso(minutes(120)), notes: 'Bring the new dressing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plannedStart: visit.plannedStart, notes: 'Bring the new dressing' });
    expect(Date.parse(res.json().plannedEnd)).toBeGreaterThan(Date.parse(visit.plannedEnd));
    const early = await patch(visit.id, { plannedEnd: visit.plannedStart });
    expect(early.statusCode).toBe(400);
  });

  it('cancels a planned visit, but not one under way (check it out instead)', async () => {
    const planned = await newVisit();
    const cancelled = await patch(planned.visit.id, { cancelled: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelledAt).not.toBeNull();
    expect((await patch(planned.visit.id, { cancelled: true })).statusCode).toBe(409);
    expect((await post(`/api/home-visits/${planned.visit.id}/check-in`)).statusCode).toBe(409);

    const started = await newVisit();
    expect((await post(`/api/home-visits/${started.visit.id}/check-in`)).statusCode).toBe(200);
    const refused = await patch(started.visit.id, { cancelled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('visit_under_way');
  });

  it('answers 404 to another organisation and changes nothing', async () => {
    const { visit } = await newVisit();
    expect((await patch(visit.id, { notes: 'acme was here' }, acme)).statusCode).toBe(404);
    expect((await post(`/api/home-visits/${visit.id}/check-in`, undefined, acme)).statusCode).toBe(404);
    expect((await get(`/api/home-visits/${visit.id}`)).json().notes).toBe('Wound dressing');
  });
});

describe('check-in and check-out', () => {
  it('checks in, then out, once each, in that order', async () => {
    const { visit } = await newVisit();
    expect((await post(`/api/home-visits/${visit.id}/check-out`)).json().code).toBe('visit_not_checked_in');
    const inRes = await post(`/api/home-visits/${visit.id}/check-in`);
    expect(inRes.statusCode, inRes.body).toBe(200);
    expect(visitState(visitTimesOf(inRes.json()), new Date())).toBe('in-progress');
    expect((await post(`/api/home-visits/${visit.id}/check-in`)).statusCode).toBe(409);
    const outRes = await post(`/api/home-visits/${visit.id}/check-out`);
    expect(outRes.statusCode).toBe(200);
    expect(visitState(visitTimesOf(outRes.json()), new Date())).toBe('done');
    expect((await post(`/api/home-visits/${visit.id}/check-out`)).statusCode).toBe(409);
  });

  it('refuses a check-in while the person is checked in to another visit', async () => {
    const { visit, person } = await newVisit();
    const home = await homeZone(app);
    const second = await post('/api/home-visits', {
      person: person.id,
      home: home.id,
      plannedStart: iso(minutes(90)),
      plannedEnd: iso(minutes(120)),
    });
    await post(`/api/home-visits/${visit.id}/check-in`);
    const res = await post(`/api/home-visits/${second.json().id}/check-in`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('visit_elsewhere');
  });

  it('lets a remotePerson user (the person of their e-mail) see and check in to their own visits only', async () => {
    const mine = await newVisit();
    const theirs = await newVisit();
    const email = await placedUser(app, { zone: 'Demo Hospital', role: 'remotePerson' });
    const user = (await signIn(app, email)).headers;
    // The person is the user by e-mail, whatever its case.
    await app.db
      .update(people)
      .set({ contacts: { email: email.toUpperCase() } })
      .where(eq(people.id, mine.person.id));

    const list = (await get('/api/home-visits', user)).json() as { data: HomeVisit[] };
    expect(list.data.map((v) => v.id)).toEqual([mine.visit.id]);
    expect((await get(`/api/home-visits/${theirs.visit.id}`, user)).statusCode).toBe(404);
    expect((await post(`/api/home-visits/${theirs.visit.id}/check-in`, undefined, user)).statusCode).toBe(
      404,
    );
    const res = await post(`/api/home-visits/${mine.visit.id}/check-in`, undefined, user);
    expect(res.statusCode, res.body).toBe(200);
    const options = (await get('/api/home-visits/options', user)).json();
    expect(options.people.map((p: { id: string }) => p.id)).toEqual([mine.person.id]);
  });
});

describe('DELETE /api/zones/{id} of a home with visits', () => {
  it('is refused with a 409 naming the visits, and the home and its visit stay', async () => {
    const { visit, home } = await newVisit();
    const res = await app.inject({ method: 'DELETE', url: `/api/zones/${home.id}`, headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: `Zone "${home.name}" still has home visits planned at it` });
    expect((await get(`/api/zones/${home.id}`)).statusCode).toBe(200);
    expect((await get(`/api/home-visits/${visit.id}`)).statusCode).toBe(200);
  });
});
