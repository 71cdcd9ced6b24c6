import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { PEOPLE_IMPORT_MESSAGES, PEOPLE_IMPORT_MISSING_COLUMNS } from '@vigil/domain';
import { auditLog, people } from '../../src/db/schema';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { placedUser } from '../helpers/alerts';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let security: Record<string, string>;
let distribution: Record<string, string>;
let viewer: Record<string, string>;
let ward3Admin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
  distribution = (await signIn(app, 'distribution@demo.example')).headers;
  viewer = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: 'default' }))).headers;
  ward3Admin = (await signIn(app, await placedUser(app, { zone: 'Ward 3', role: 'admin' }))).headers;
});

type PersonAnswer = {
  id: string;
  name: string;
  personId: string;
  contacts: { email?: string };
  contact: string;
  location: string | null;
  locationPath: string | null;
};

const get = (url: string, headers = admin) => app.inject({ url, headers });
const post = (url: string, payload: object, headers = admin) =>
  app.inject({ method: 'POST', url, headers, payload });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/people/${id}`, headers, payload });
const del = (id: string, headers = admin) =>
  app.inject({ method: 'DELETE', url: `/api/people/${id}`, headers });
const importCsv = (csv: string, headers = admin) =>
  post('/api/people/import', { csv, fileName: 'staff.csv' }, headers);
const list = async (query: string, headers = admin): Promise<PersonAnswer[]> => {
  const res = await get(`/api/people?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const auditOf = (id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
const countPeople = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(people))[0]!.n;

async function newPerson(extra: Record<string, unknown> = {}, headers = admin): Promise<PersonAnswer> {
  const res = await post(
    '/api/people',
    {
      name: unique('Person '),
      personId: unique('P-'),
      location: await zoneIdByName(app, 'Room 201'),
      ...extra,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/people (SPEC §7 people, §6 e-mail visibility)', () => {
  it('lists the organisation’s people with their location, and the e-mail to an admin', async () => {
    const [alex] = await list('query=Alex%20Rivera');
    expect(alex).toEqual({
      id: expect.any(String),
      orgId: expect.any(String),
      name: 'Alex Rivera',
      personId: 'P-1000',
      contacts: { email: 'alex@demo.example' },
      location: await zoneIdByName(app, 'ED Room 101'),
      locationPath: 'Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101',
      isRemote: false,
      contact: 'alex@demo.example',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers the suggestion call of SPEC §7 (query, limit 20, orderBy name)', async () => {
    const res = await get('/api/people?query=a&limit=20&orderBy=name');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((p: PersonAnswer) => p.name);
    expect(names.length).toBeLessThanOrEqual(20);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it.each([
    ['distribution', () => distribution, true],
    ['default', () => viewer, false],
  ])('%s sees the e-mail: %s (SPEC §6)', async (_role, headers, sees) => {
    const [alex] = await list('query=Alex%20Rivera', headers());
    expect(alex!.contacts).toEqual(sees ? { email: 'alex@demo.example' } : {});
    expect(alex!.contact).toBe(sees ? 'alex@demo.example' : 'P-1000');
  });

  it('never lets a role that may not see e-mails search or filter by one', async () => {
    expect(await list('query=alex%40demo', viewer)).toEqual([]);
    expect((await get('/api/people?contacts.email=alex%40demo.example', viewer)).statusCode).toBe(400);
    expect(await list('query=alex%40demo')).toHaveLength(1);
    expect(await list('contacts.email=alex%40demo.example')).toHaveLength(1);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['orderBy=contacts', 'orderBy'],
    ['orderBy=name;drop table people', 'orderBy'],
    [`where=${encodeURIComponent('{"orgId":"x"}')}`, 'orgId'],
    [`where=${encodeURIComponent('{"name":{"$regex":"A"}}')}`, 'name'],
    [`where=${encodeURIComponent('{"$or":[]}')}`, 'where'],
    ['where=not-json', 'where'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await get(`/api/people?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('takes the largest page of 500', async () => {
    expect((await get('/api/people?limit=500')).statusCode).toBe(200);
  });

  it('passes hostile text through every parameter as data only', async () => {
    const evil = "x'); drop table people; --";
    for (const query of [
      `query=${encodeURIComponent(evil)}`,
      `name=${encodeURIComponent(evil)}`,
      `personId=${encodeURIComponent(evil)}`,
      `where=${encodeURIComponent(JSON.stringify({ name: { $prefix: evil } }))}`,
      `where=${encodeURIComponent(JSON.stringify({ personId: { $in: [evil, "' or 1=1 --"] } }))}`,
    ]) {
      const res = await get(`/api/people?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    expect((await get(`/api/people/${encodeURIComponent(evil)}`)).statusCode).toBe(404);
    expect(await countPeople()).toBeGreaterThan(0);
  });

  it('needs list Person, and shows another organisation none of these people', async () => {
    expect((await get('/api/people', security)).statusCode).toBe(403);
    const alex = (await list('query=Alex%20Rivera'))[0]!;
    expect(await list('limit=500', acme)).not.toContainEqual(expect.objectContaining({ id: alex.id }));
    expect((await get(`/api/people/${alex.id}`, acme)).statusCode).toBe(404);
    expect((await put(alex.id, { name: 'Taken', personId: 'P-1000' }, acme)).statusCode).toBe(404);
    expect((await del(alex.id, acme)).statusCode).toBe(404);
  });

  it('shows a caller placed in a unit only the people located there', async () => {
    const names = (await list('limit=500', ward3Admin)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Casey Morgan', 'Drew Patel']));
    expect(names).not.toContain('Alex Rivera');
  });
});

describe('POST, PUT and DELETE /api/people/{id}', () => {
  it('creates, edits and deletes a person, auditing each change with before and after', async () => {
    const created = await newPerson({ name: 'Ines Ortega', contacts: { email: 'ines@demo.example' } });
    expect(created).toMatchObject({
      name: 'Ines Ortega',
      contact: 'ines@demo.example',
      locationPath: expect.any(String),
    });

    const moved = await put(created.id, {
      name: 'Ines Ortega-Lind',
      personId: created.personId,
      location: await zoneIdByName(app, 'Day Room'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Ines Ortega-Lind',
      contacts: { email: 'ines@demo.example' },
      locationPath: expect.stringMatching(/Day Room$/),
    });

    expect((await del(created.id)).statusCode).toBe(204);
    expect((await get(`/api/people/${created.id}`)).statusCode).toBe(404);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ name: 'Ines Ortega' }),
      after: expect.objectContaining({ name: 'Ines Ortega-Lind' }),
    });
    expect(audit[2]!.after).toBeNull();
  });

  it('refuses a person id the organisation already has (409), and bad bodies (400)', async () => {
    const res = await post('/api/people', { name: 'Twin', personId: 'P-1000', location: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('A person with this person id already exists');
    expect((await post('/api/people', { name: ' ', personId: 'P-x' })).statusCode).toBe(400);
    expect((await post('/api/people', { name: 'A', personId: 'P-y', role: 'admin' })).statusCode).toBe(400);
    expect(
      (await post('/api/people', { name: 'A', personId: 'P-z', contacts: { email: 'nope' } })).statusCode,
    ).toBe(400);
  });

  it('keeps people inside the caller’s zones', async () => {
    const elsewhere = await zoneIdByName(app, 'Front Desk');
    expect(
      (await post('/api/people', { name: 'A', personId: unique('P-'), location: elsewhere })).statusCode,
    ).toBe(404);
    const outside = await zoneIdByName(app, 'ED Room 101');
    const res = await post(
      '/api/people',
      { name: 'A', personId: unique('P-'), location: outside },
      ward3Admin,
    );
    expect(res.statusCode).toBe(404);
    const unlocated = await post('/api/people', { name: 'A', personId: unique('P-') }, ward3Admin);
    expect(unlocated.statusCode).toBe(400);
    expect(unlocated.json().field).toBe('location');
  });

  it('needs update Person to write and delete Person to delete', async () => {
    const person = await newPerson();
    expect((await post('/api/people', { name: 'A', personId: unique('P-') }, viewer)).statusCode).toBe(403);
    expect((await put(person.id, { name: 'B', personId: person.personId }, distribution)).statusCode).toBe(
      403,
    );
    expect((await del(person.id, distribution)).statusCode).toBe(403);
    expect((await auditOf(person.id)).map((a) => a.action)).toEqual(['create']);
  });
});

describe('POST /api/people/import (SPEC §5 people import, §8 CSV import)', () => {
  it('refuses a file without name and personID columns with the SPEC §8 message', async () => {
    const before = await countPeople();
    const res = await importCsv('full name,id\nAna,1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(PEOPLE_IMPORT_MISSING_COLUMNS);
    expect(await countPeople()).toBe(before);
  });

  it('writes none of a file with a bad row, and names every bad row by its line', async () => {
    const good = unique('P-');
    const before = await countPeople();
    const res = await importCsv(`name,personID\nGood Person,${good}\n,${unique('P-')}\nDup,${good}\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      reason: PEOPLE_IMPORT_MESSAGES.refusedRows(2),
      code: 'import_refused',
      rows: [
        { line: 3, reason: 'Missing name' },
        { line: 4, reason: `The personID "${good}" is also on line 2` },
      ],
    });
    expect(await countPeople()).toBe(before);
    expect(await list(`personId=${good}`)).toEqual([]);
  });

  it('creates new people and updates known ones by personID, in one go, auditing each', async () => {
    const fresh = unique('P-');
    const known = await newPerson({ name: 'Old Name' });
    const csv = `Name,PersonID,Email\r\nNew Person,${fresh},new@demo.example\r\n"Renamed, Person",${known.personId},\r\nAlex Rivera,P-1000,\r\n`;
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 1, unchanged: 1 });

    const [created] = await list(`personId=${fresh}`);
    expect(created).toMatchObject({
      name: 'New Person',
      contacts: { email: 'new@demo.example' },
      location: null,
    });
    const [renamed] = await list(`personId=${known.personId}`);
    expect(renamed).toMatchObject({ name: 'Renamed, Person', location: known.location });
    expect((await auditOf(created!.id)).map((a) => a.action)).toEqual(['create']);
    expect((await auditOf(known.id)).at(-1)).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ name: 'Old Name' }),
      after: expect.objectContaining({ name: 'Renamed, Person' }),
    });
    const summary = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'peopleImport'));
    expect(summary.at(-1)!.after).toMatchObject({ fileName: 'staff.csv', rows: 3, created: 1, updated: 1 });

    expect((await importCsv(csv)).json()).toEqual({ created: 0, updated: 0, unchanged: 3 });
  });

  it('imports thousands of people in one request', async () => {
    const prefix = unique('bulk-');
    const rows = Array.from({ length: 2500 }, (_, i) => `Bulk Person ${i},${prefix}-${i}`).join('\n');
    const res = await importCsv(`name,personID\n${rows}`);
    expect(res.json()).toEqual({ created: 2500, updated: 0, unchanged: 0 });
    const renamed = Array.from({ length: 2500 }, (_, i) => `Bulk Renamed ${i},${prefix}-${i}`).join('\n');
    expect((await importCsv(`name,personID\n${renamed}`)).json()).toEqual({
      created: 0,
      updated: 2500,
      unchanged: 0,
    });
    expect((await list(`personId=${prefix}-2499`))[0]!.name).toBe('Bulk Renamed 2499');
  });

  it('needs update Person and the whole organisation; another organisation’s people are never touched', async () => {
    expect((await importCsv(`name,personID\nX,${unique('P-')}`, viewer)).statusCode).toBe(403);
    expect((await importCsv(`name,personID\nX,${unique('P-')}`, ward3Admin)).statusCode).toBe(403);
    const res = await importCsv('name,personID\nAcme Alex,P-1000\n', acme);
    expect(res.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await list('personId=P-1000'))[0]!.name).toBe('Alex Rivera');
  });

  it('refuses a body that is not the contract', async () => {
    expect((await post('/api/people/import', { csv: 1 })).statusCode).toBe(400);
    expect((await post('/api/people/import', { csv: 'name,personID', extra: true })).statusCode).toBe(400);
  });
});
