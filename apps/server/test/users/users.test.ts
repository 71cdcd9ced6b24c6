import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLog, credentials, users } from '../../src/db/schema';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let superAdmin: Record<string, string>;
let security: Record<string, string>;
const zoneId = (name: string) => zoneIdByName(app, name);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  superAdmin = (await signIn(app, 'superadmin@vigil.example')).headers;
  security = (await signIn(app, 'security@demo.example')).headers;
});

const get = (url: string, headers = admin) => app.inject({ url, headers });
const post = (payload: object, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/users', headers, payload });
const put = (id: string, payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload });
const del = (id: string, headers = admin) =>
  app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });
const login = (email: string, password: string, slug = 'demo') =>
  app.inject({
    method: 'POST',
    url: `/api/auth/password/${slug}`,
    headers: { slug, domain: 'localhost' },
    remoteAddress: '10.20.30.40',
    payload: { username: email, password },
  });
const auditOf = (id: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

async function newUser(extra: Record<string, unknown> = {}, headers = admin) {
  const email = `${unique('user')}@demo.example`;
  const res = await post(
    { email, name: 'Test User', role: 'security', zone: await zoneId('Ward 3'), ...extra },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; email: string; role: string };
}

describe('GET /api/users', () => {
  it("lists the users of the caller's organisation with the list contract", async () => {
    const res = await get('/api/users?limit=500');
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.map((u: { email: string }) => u.email);
    expect(emails).toContain('admin@demo.example');
    expect(emails).not.toContain('admin@acme.example');
    expect(emails).not.toContain('superadmin@vigil.example');
    const admin0 = res.json().data.find((u: { email: string }) => u.email === 'admin@demo.example');
    expect(admin0).toEqual({
      id: expect.any(String),
      userId: 'admin@demo.example',
      email: 'admin@demo.example',
      name: 'Dana Admin',
      role: 'admin',
      zone: { id: await zoneId('Demo Hospital'), name: 'Demo Hospital' },
      location: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('filters by role, zone, e-mail and name, and searches name and e-mail', async () => {
    const byRole = (await get('/api/users?role=security')).json();
    expect(byRole.data.every((u: { role: string }) => u.role === 'security')).toBe(true);
    expect(byRole.data.map((u: { email: string }) => u.email)).toContain('security@demo.example');
    expect((await get('/api/users?email=noaccess@demo.example')).json().total).toBe(1);
    expect((await get(`/api/users?name=${encodeURIComponent('Sam Security')}`)).json().total).toBe(1);
    const org = await zoneId('Demo Hospital');
    expect((await get(`/api/users?zone=${org}`)).json().total).toBeGreaterThanOrEqual(6);
    const search = (await get('/api/users?query=wendy')).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual(['warehouse@demo.example']);
    expect((await get('/api/users?query=FACTORY@demo')).json().total).toBe(1);
  });

  it('refuses an unknown filter, a wrong type or a bad order with 400', async () => {
    expect((await get('/api/users?password=x')).statusCode).toBe(200); // plain unknown names belong to the route
    expect((await get(`/api/users?where=${encodeURIComponent('{"password":"x"}')}`)).statusCode).toBe(400);
    expect((await get('/api/users?zone=not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/users?orderBy=passwordHash')).statusCode).toBe(400);
  });

  it('needs list User', async () => {
    expect((await get('/api/users', security)).statusCode).toBe(403);
  });

  it('answers another organisation only its own users', async () => {
    const emails: string[] = (await get('/api/users', acme))
      .json()
      .data.map((u: { email: string }) => u.email);
    // Other files add acme users of their own (the database is shared): none of the demo's shows.
    expect(emails).toContain('admin@acme.example');
    expect(emails.filter((email) => !email.endsWith('@acme.example'))).toEqual([]);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers one user; another organisation and a malformed id get 404', async () => {
    const user = await newUser();
    const res = await get(`/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, userId: user.email, zone: { name: 'Ward 3' } });
    expect((await get(`/api/users/${user.id}`, acme)).statusCode).toBe(404);
    expect((await get('/api/users/not-a-uuid')).statusCode).toBe(404);
    expect((await get(`/api/users/${user.id}`, security)).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates a user who signs in with its password; the answer and the audit hold no hash', async () => {
    const email = `${unique('Nurse')}@Demo.Example`;
    const res = await post({
      email,
      name: '  Nina Nurse ',
      role: 'security',
      zone: await zoneId('Ward 3'),
      password: 'correct horse',
      location: [await zoneId('Room 201')],
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      userId: email.toLowerCase(),
      name: 'Nina Nurse',
      role: 'security',
      zone: { name: 'Ward 3' },
      location: [await zoneId('Room 201')],
    });
    expect(JSON.stringify(user)).not.toMatch(/hash|password/i);

    const session = await signIn(app, email, 'demo', 'correct horse');
    const me = (await get('/api/users/me', session.headers)).json();
    expect(me).toMatchObject({ id: user.id, role: 'security', name: 'Nina Nurse' });

    const audit = await auditOf(user.id);
    expect(audit).toEqual([
      expect.objectContaining({ entity: 'user', action: 'create', actor: expect.any(String) }),
    ]);
    expect(audit[0]!.after).toMatchObject({ email: email.toLowerCase(), hasPassword: true });
    expect(JSON.stringify(audit[0])).not.toMatch(/scrypt|passwordHash/);
  });

  it('creates a user without a password, who cannot sign in with one until it is set', async () => {
    const user = await newUser();
    expect(await app.db.select().from(credentials).where(eq(credentials.userId, user.id))).toEqual([]);
    expect((await login(user.email, '')).statusCode).toBe(400);
    expect((await login(user.email, 'anything at all')).statusCode).toBe(401);
    expect((await put(user.id, { password: 'now-it-is-set' })).statusCode).toBe(200);
    expect((await login(user.email, 'now-it-is-set')).statusCode).toBe(200);
  });

  it('refuses an e-mail already taken, whatever its case, with 409', async () => {
    const res = await post({
      email: 'ADMIN@demo.example',
      name: 'Copy',
      role: 'security',
      zone: await zoneId('Ward 3'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'A user with this e-mail already exists',
      code: 'email_taken',
    });
    // Also an e-mail held in another organisation: sign-in ids are global.
    expect(
      (await post({ email: 'admin@acme.example', name: 'x', role: 'security', zone: await zoneId('Ward 3') }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a role the caller may not assign (SPEC §5) with 403 and its reason', async () => {
    const zone = await zoneId('Ward 3');
    const email = `${unique('boss')}@demo.example`;
    const res = await post({ email, name: 'Boss', role: 'superAdmin', zone });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      reason: 'A admin may not assign the role superAdmin',
      code: 'role_not_assignable',
    });
    expect((await post({ email, name: 'Boss', role: 'default', zone })).statusCode).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an unknown role and invalid fields with 400', async () => {
    const zone = await zoneId('Ward 3');
    const email = `${unique('bad')}@demo.example`;
    const base = { email, name: 'Bad', role: 'security', zone };
    const unknownRole = await post({ ...base, role: 'wizard' });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toMatchObject({ reason: 'Unknown role wizard', field: 'role' });
    for (const payload of [
      { ...base, password: 'short' },
      { ...base, email: 'not-an-email' },
      { ...base, name: '   ' },
      { ...base, zone: 'nope' },
      { ...base, extra: true },
      { ...base, location: ['nope'] },
      { name: 'x', role: 'security', zone },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().reason).toEqual(expect.any(String));
    }
    expect((await post({ ...base, location: [await zoneId('Front Desk')] })).statusCode).toBe(400);
  });

  it('refuses a zone of another organisation with 404 and needs update User', async () => {
    const email = `${unique('x')}@demo.example`;
    const res = await post({ email, name: 'X', role: 'security', zone: await zoneId('Front Desk') });
    expect(res.statusCode).toBe(404);
    const denied = await post({ email, name: 'X', role: 'security', zone: await zoneId('Ward 3') }, security);
    expect(denied.statusCode).toBe(403);
  });
});

describe('PUT /api/users/{id}', () => {
  it('renames, re-roles, moves and relocates a user, and audits before and after', async () => {
    const user = await newUser();
    const floor = await zoneId('Floor 2');
    const res = await put(user.id, { name: 'Renamed', role: 'admin', zone: floor, location: [floor] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      role: 'admin',
      zone: { id: floor, name: 'Floor 2' },
      location: [floor],
    });
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.before).toMatchObject({ name: 'Test User', role: 'security' });
    expect(audit[1]!.after).toMatchObject({ name: 'Renamed', role: 'admin' });
  });

  it('applies a new role on the next request of a signed-in user', async () => {
    const user = await newUser({ password: 'password-1' });
    const session = await signIn(app, user.email, 'demo', 'password-1');
    expect((await get('/api/users', session.headers)).statusCode).toBe(403);
    await put(user.id, { role: 'admin' });
    expect((await get('/api/users', session.headers)).statusCode).toBe(200);
  });

  it('changes a password without writing it into the audit', async () => {
    const user = await newUser({ password: 'first-password' });
    expect((await put(user.id, { password: 'second-password' })).statusCode).toBe(200);
    expect((await login(user.email, 'first-password')).statusCode).toBe(401);
    expect((await login(user.email, 'second-password')).statusCode).toBe(200);
    const audit = await auditOf(user.id);
    expect(audit[1]!.after).toMatchObject({ passwordChanged: true });
    expect(JSON.stringify(audit)).not.toMatch(/second-password|scrypt/);
  });

  it('refuses a role the caller may not assign, and any change to a superAdmin, for an admin', async () => {
    const user = await newUser();
    const res = await put(user.id, { role: 'superAdmin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('A admin may not assign the role superAdmin');

    // A superAdmin placed in the organisation by a superAdmin: the admin sees it but may not touch it.
    const boss = await newUser({ role: 'superAdmin', password: 'boss-password' }, superAdmin);
    expect(boss.role).toBe('superAdmin');
    expect((await get(`/api/users/${boss.id}`)).statusCode).toBe(200);
    const demote = await put(boss.id, { role: 'security' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toMatchObject({
      reason: 'You may not change a user with the role superAdmin',
      code: 'role_not_assignable',
    });
    expect((await put(boss.id, { password: 'taken-over!' })).statusCode).toBe(403);
    expect((await del(boss.id)).statusCode).toBe(403);
    expect((await login(boss.email, 'boss-password')).statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.role).toBe('superAdmin');
    // The superAdmin may (SPEC §5: superAdmin may assign anything but default).
    expect((await put(boss.id, { role: 'admin' }, superAdmin)).statusCode).toBe(200);
    expect((await put(boss.id, { role: 'default' }, superAdmin)).statusCode).toBe(403);
  });

  it('refuses unknown or computed fields and a short password with 400', async () => {
    const user = await newUser();
    for (const payload of [
      { email: 'new@demo.example' },
      { id: 'x' },
      { password: '1234567' },
      { name: '' },
    ]) {
      expect((await put(user.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(user.id, { role: 'wizard' })).statusCode).toBe(400);
  });

  it("answers 404 for another organisation's user, a zone outside the scope and a malformed id", async () => {
    const user = await newUser();
    expect((await put(user.id, { name: 'pwned' }, acme)).statusCode).toBe(404);
    expect((await put(user.id, { zone: await zoneId('Front Desk') })).statusCode).toBe(404);
    expect((await put('nope', { name: 'x' })).statusCode).toBe(404);
    expect((await get(`/api/users/${user.id}`)).json().name).toBe('Test User');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user, ends its session at once and audits it', async () => {
    const user = await newUser({ password: 'going-away' });
    const session = await signIn(app, user.email, 'demo', 'going-away');
    expect((await get('/api/users/me', session.headers)).statusCode).toBe(200);

    expect((await del(user.id)).statusCode).toBe(204);
    expect((await get('/api/users/me', session.headers)).statusCode).toBe(401);
    const refreshed = await app.inject({
      url: '/api/auth/token',
      headers: { slug: 'demo', domain: 'localhost', authorization: `Bearer ${session.refresh}` },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await get(`/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await login(user.email, 'going-away')).statusCode).toBe(401);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1]!.before).toMatchObject({ id: user.id, email: user.email });
  });

  it('refuses to delete yourself with 409', async () => {
    const me = (await get('/api/users/me')).json();
    const res = await del(me.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('self_delete');
  });

  it("answers 404 for another organisation's user and 403 without delete User", async () => {
    const user = await newUser();
    expect((await del(user.id, acme)).statusCode).toBe(404);
    expect((await del(user.id, security)).statusCode).toBe(403);
    expect((await get(`/api/users/${user.id}`)).statusCode).toBe(200);
  });
});
