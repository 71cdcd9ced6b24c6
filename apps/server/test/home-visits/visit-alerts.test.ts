import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Alert, HomeVisit } from '@vigil/domain';
import { alerts, outbox } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { pressForAlert } from '../helpers/alerts';
import { homeZone, minutes, visitor } from './visit-fixtures';

// Issue 20: a press by a remote person during a visit is an alert at the home (SPEC §3 Alert
// remote.person), in the API's answers and in the realtime event consoles hear.

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
});

const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: admin, ...(payload ? { payload } : {}) });
const alertOf = async (id: string, headers = admin) => {
  const res = await app.inject({ url: `/api/alerts/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Alert;
};
const eventsOf = (id: string) =>
  app.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->'alert'->>'id' = ${id}`);

describe('a press during a home visit', () => {
  it('is an alert at the home, with the visit and who visits, only between check-in and check-out', async () => {
    // Three tags of one person: a tag has one open alert at a time, and each press opens its own here.
    const person = await visitor(app, { tags: 3, zone: 'Room 201' });
    const home = await homeZone(app, { point: [-87.62, 41.88] });
    const created = await post('/api/home-visits', {
      person: person.id,
      home: home.id,
      plannedStart: minutes(-5).toISOString(),
      plannedEnd: minutes(55).toISOString(),
    });
    const visit = created.json() as HomeVisit;

    const before = await alertOf(await pressForAlert(app, person.tags[0]!));
    expect(before).toMatchObject({ location: { id: person.zoneId }, remote: null, visit: null });

    expect((await post(`/api/home-visits/${visit.id}/check-in`)).statusCode).toBe(200);
    const duringId = await pressForAlert(app, person.tags[1]!);
    const during = await alertOf(duringId);
    expect(during).toMatchObject({
      location: { id: home.id, name: home.name },
      remote: { person: { name: person.name } },
      visit: { id: visit.id, address: home.name, point: { lat: 41.88, lng: -87.62 }, overdue: false },
    });
    const [row] = await app.db.select().from(alerts).where(eq(alerts.id, duringId));
    expect(row).toMatchObject({ zoneId: home.id, visitId: visit.id });

    // Consoles hear of it as the API shows it, scoped by the home's place in the zone tree.
    const [event] = await eventsOf(duringId);
    expect(event!.zoneId).toBe(home.id);
    expect(event!.zonePath).toContain(home.id);
    expect((event!.payload as { alert: Alert }).alert).toMatchObject({
      remote: during.remote,
      visit: during.visit,
    });
    const list = (await app.inject({ url: '/api/alerts', headers: admin })).json() as { data: Alert[] };
    expect(list.data.find((a) => a.id === duringId)).toMatchObject({ visit: during.visit });

    // A second press joins the open alert, which stays at the home.
    expect(await pressForAlert(app, person.tags[1]!)).toBe(duringId);
    expect((await alertOf(duringId)).visit).toEqual(during.visit);

    expect((await post(`/api/home-visits/${visit.id}/check-out`)).statusCode).toBe(200);
    const after = await alertOf(await pressForAlert(app, person.tags[2]!));
    expect(after).toMatchObject({ location: { id: person.zoneId }, remote: null, visit: null });

    // Another organisation sees none of it.
    expect((await app.inject({ url: `/api/alerts/${duringId}`, headers: acme })).statusCode).toBe(404);
  });

  it('of a person on no visit is the tag’s alert as always', async () => {
    const person = await visitor(app, { zone: 'Day Room' });
    const alert = await alertOf(await pressForAlert(app, person.tags[0]!));
    expect(alert).toMatchObject({ location: { name: 'Day Room' }, remote: null, visit: null });
  });
});
