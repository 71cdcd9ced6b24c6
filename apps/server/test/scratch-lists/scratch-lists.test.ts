import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { apiKeys, gateways, scratchListItems, tags, users } from '../../src/db/schema';
import { sha256 } from '../../src/platform/crypto';
import { getTestApp, keyHeaders, signIn, unique } from '../helpers/app';
import { customRole, freshMac, placedUser, zoneByName } from '../helpers/alerts';
import { insertTags } from '../helpers/tags';

// Issue 22: /api/scratch-lists/{tag,gateway}, through the real app and database.

let app: FastifyInstance;
let demoOrg: string;

/** A demo administrator of their own (lists belong to their owner; tests share one database). */
async function freshAdmin(zone = 'Demo Hospital'): Promise<Record<string, string>> {
  return (await signIn(app, await placedUser(app, { zone, role: 'admin' }))).headers;
}

const add = (headers: Record<string, string>, ids: string[], kind = 'tag') =>
  app.inject({ method: 'POST', url: `/api/scratch-lists/${kind}`, headers, payload: { ids } });
const list = (headers: Record<string, string>, kind = 'tag', query = '') =>
  app.inject({ url: `/api/scratch-lists/${kind}${query}`, headers });

type Item = { id: string; addedAt: string; missing: boolean; device: Record<string, unknown> | null };
async function itemsOf(headers: Record<string, string>, kind = 'tag'): Promise<Item[]> {
  const res = await list(headers, kind, '?limit=500');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Item[] }).data;
}

beforeAll(async () => {
  app = await getTestApp();
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
});

describe('POST /api/scratch-lists/tag', () => {
  it('adds many pasted ids at once and lists them newest first, each with its tag', async () => {
    const admin = await freshAdmin();
    const fresh = await insertTags(
      app,
      Array.from({ length: 120 }, () => ({ zone: 'Room 201', config: { state: 'available' } })),
    );
    const first = await add(admin, ['c0ffee000001', 'C0:FF:EE:00:00:02']);
    expect(first.json()).toEqual({ added: 2, already: 0, unknown: [] });

    const res = await add(admin, fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 120, already: 0, unknown: [] });

    const page = await list(admin, 'tag', '?limit=10');
    const body = page.json() as { data: Item[]; total: number };
    expect(body.total).toBe(122);
    expect(body.data).toHaveLength(10);
    // The seeded pair came first, so it is last; each entry carries its tag as the tags list shows it.
    const all = await itemsOf(admin);
    expect(all.slice(-2).map((i) => i.id)).toEqual(['c0ffee000001', 'c0ffee000002']);
    expect(all.at(-2)).toMatchObject({
      missing: false,
      device: {
        id: 'c0ffee000001',
        config: { state: 'deployed', owner: { name: 'Alex Rivera' }, label: 'Badge 1' },
        location: { area: 'ED Room 101' },
      },
    });
    expect(all[0]).toMatchObject({ missing: false, device: { config: { state: 'available' } } });
  });

  it('adds nothing twice: a repeated paste answers what is already on the list', async () => {
    const admin = await freshAdmin();
    await add(admin, ['c0ffee000001', 'c0ffee100002']);
    const again = await add(admin, ['c0ffee000001', 'c0ffee100002', 'c0ffee100002', 'c0ffee000003']);
    expect(again.json()).toEqual({ added: 1, already: 2, unknown: [] });
    expect((await itemsOf(admin)).map((i) => i.id).sort()).toEqual([
      'c0ffee000001',
      'c0ffee000003',
      'c0ffee100002',
    ]);
  });

  it('answers the entries that are no device of the organisation, and keeps none of them', async () => {
    const admin = await freshAdmin();
    const [acmeTag] = await insertTags(app, [{ slug: 'acme', zone: 'Front Desk' }]);
    const nobody = freshMac();
    const res = await add(admin, ['c0ffee000001', 'junk line', nobody, acmeTag!, 'c0ffee00000']);
    expect(res.json()).toEqual({
      added: 1,
      already: 0,
      unknown: ['junk line', nobody, acmeTag, 'c0ffee00000'],
    });
    // Another organisation's tag is neither kept nor shown.
    expect((await itemsOf(admin)).map((i) => i.id)).toEqual(['c0ffee000001']);
  });

  it('reads QR contents as SPEC §5 does: the trailing 12 hex characters', async () => {
    const admin = await freshAdmin();
    const res = await add(admin, ['https://vigil.example/v1/tag/C0FFEE000004']);
    expect(res.json()).toEqual({ added: 1, already: 0, unknown: [] });
    expect((await itemsOf(admin)).map((i) => i.id)).toEqual(['c0ffee000004']);
  });

  it('keeps to the zones the caller holds', async () => {
    const edAdmin = await freshAdmin('Emergency Department');
    const [inEd, inWard] = await insertTags(app, [{ zone: 'ED Room 101' }, { zone: 'Room 201' }]);
    const res = await add(edAdmin, [inEd!, inWard!]);
    expect(res.json()).toEqual({ added: 1, already: 0, unknown: [inWard] });
  });

  it('refuses an empty paste and one of more than 5,000 ids', async () => {
    const admin = await freshAdmin();
    expect((await add(admin, [])).statusCode).toBe(400);
    const many = await add(
      admin,
      Array.from({ length: 5001 }, () => 'c0ffee000001'),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ reason: expect.stringContaining('5000') });
  });
});

describe('GET /api/scratch-lists/tag', () => {
  it('shows a device that left the organisation as missing, without its details', async () => {
    const admin = await freshAdmin();
    const [tag] = await insertTags(app, [{ zone: 'Room 201', config: { label: 'Secret label' } }]);
    await add(admin, [tag!]);
    const acmeOrg = (await zoneByName(app, 'Acme Clinic', 'acme')).id;
    await app.db.update(tags).set({ orgId: acmeOrg, zoneId: null }).where(eq(tags.id, tag!));

    const items = await itemsOf(admin);
    expect(items).toEqual([{ id: tag, addedAt: expect.any(String), missing: true, device: null }]);
    expect(JSON.stringify(items)).not.toContain('Secret label');
  });

  it('keeps the list across sessions: a new sign-in reads the same list', async () => {
    const email = await placedUser(app, { zone: 'Demo Hospital', role: 'admin' });
    const first = (await signIn(app, email)).headers;
    await add(first, ['c0ffee000005', 'c0ffee000006']);
    const second = (await signIn(app, email)).headers;
    expect((await itemsOf(second)).map((i) => i.id).sort()).toEqual(['c0ffee000005', 'c0ffee000006']);
  });

  it('searches and sorts the ids', async () => {
    const admin = await freshAdmin();
    await add(admin, ['c0ffee000007', 'c0ffee000008', 'c0ffee100001']);
    const found = (await list(admin, 'tag', '?query=ffee1000')).json() as { data: Item[]; total: number };
    expect(found.data.map((i) => i.id)).toEqual(['c0ffee100001']);
    const sorted = (await list(admin, 'tag', '?orderBy=id')).json() as { data: Item[] };
    expect(sorted.data.map((i) => i.id)).toEqual(['c0ffee000007', 'c0ffee000008', 'c0ffee100001']);
  });

  it("keeps an API key session's list apart from its user's", async () => {
    const key = `vk_test_${crypto.randomBytes(16).toString('hex')}`;
    await app.db.insert(apiKeys).values({
      name: unique('Scratch desk '),
      zoneId: demoOrg,
      role: 'admin',
      keyHash: sha256(key),
      prefix: key.slice(0, 10),
    });
    const keySession = keyHeaders(key);
    const admin = await freshAdmin();
    await add(keySession, ['c0ffee100003']);
    await add(admin, ['c0ffee100004']);
    expect((await itemsOf(keySession)).map((i) => i.id)).toEqual(['c0ffee100003']);
    expect((await itemsOf(admin)).map((i) => i.id)).toEqual(['c0ffee100004']);
    const [row] = await app.db
      .select({ owner: scratchListItems.owner })
      .from(scratchListItems)
      .where(and(eq(scratchListItems.deviceId, 'c0ffee100003'), eq(scratchListItems.kind, 'tag')));
    expect(row!.owner).toMatch(/^key:/);
  });
});

describe('DELETE /api/scratch-lists/tag', () => {
  it('removes one device, then clears the list, leaving other lists alone', async () => {
    const admin = await freshAdmin();
    const other = await freshAdmin();
    await add(admin, ['c0ffee000001', 'c0ffee000002', 'c0ffee000003']);
    await add(other, ['c0ffee000001']);

    const one = await app.inject({
      method: 'DELETE',
      url: '/api/scratch-lists/tag/c0ffee000002',
      headers: admin,
    });
    expect(one.json()).toEqual({ removed: 1 });
    expect((await itemsOf(admin)).map((i) => i.id).sort()).toEqual(['c0ffee000001', 'c0ffee000003']);
    const again = await app.inject({
      method: 'DELETE',
      url: '/api/scratch-lists/tag/c0ffee000002',
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/scratch-lists/tag/not-a-mac',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);

    const clear = await app.inject({ method: 'DELETE', url: '/api/scratch-lists/tag', headers: admin });
    expect(clear.json()).toEqual({ removed: 2 });
    expect(await itemsOf(admin)).toEqual([]);
    expect((await itemsOf(other)).map((i) => i.id)).toEqual(['c0ffee000001']);
    // The devices themselves are untouched.
    const [tag] = await app.db.select().from(tags).where(eq(tags.id, 'c0ffee000002'));
    expect(tag!.config.state).toBe('deployed');
  });
});

describe('/api/scratch-lists/gateway', () => {
  it('adds gateways of the organisation, each with its SKU and state; a tag id is unknown there', async () => {
    const admin = await freshAdmin();
    const id = freshMac();
    await app.db.insert(gateways).values({
      id,
      orgId: demoOrg,
      zoneId: null,
      config: { state: 'ready_to_deploy', logistics: { sku: 'NODE1' }, labels: [], notes: '' },
      state: {},
    });
    const res = await add(admin, [id, 'c0ffee000001'], 'gateway');
    expect(res.json()).toEqual({ added: 1, already: 0, unknown: ['c0ffee000001'] });
    expect(await itemsOf(admin, 'gateway')).toMatchObject([
      { id, missing: false, device: { config: { state: 'ready_to_deploy', logistics: { sku: 'NODE1' } } } },
    ]);
    // The tag list is another list.
    expect(await itemsOf(admin, 'tag')).toEqual([]);
  });
});

describe('permissions (SPEC §2.4: list plus update on the subject)', () => {
  it('refuses a role that may list tags but not update them', async () => {
    const viewer = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role: 'default' })))
      .headers;
    expect((await list(viewer)).statusCode).toBe(403);
    expect((await add(viewer, ['c0ffee000001'])).statusCode).toBe(403);
    const clear = await app.inject({ method: 'DELETE', url: '/api/scratch-lists/tag', headers: viewer });
    expect(clear.statusCode).toBe(403);
  });

  it('refuses a role that may update tags but not list them', async () => {
    const role = await customRole(app, [{ action: ['update', 'read'], subject: ['Tag', 'Zone'] }]);
    const email = await placedUser(app, { zone: 'Demo Hospital', role });
    const updater = (await signIn(app, email)).headers;
    const res = await add(updater, ['c0ffee000001']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'Not allowed to list Tag' });
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await app.db.select().from(scratchListItems).where(eq(scratchListItems.owner, user!.id))).toEqual(
      [],
    );
  });

  it('gives the gateway list to who may list and update gateways only', async () => {
    const role = await customRole(app, [{ action: ['list', 'read', 'update'], subject: ['Tag', 'Zone'] }]);
    const tagsOnly = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role }))).headers;
    expect((await list(tagsOnly, 'tag')).statusCode).toBe(200);
    expect((await list(tagsOnly, 'gateway')).statusCode).toBe(403);
  });
});
