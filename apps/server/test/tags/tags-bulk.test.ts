import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { batchOperations, zones } from '../../src/db/schema';
import { ROOT_ZONE_ID } from '../../src/db/seed';
import { INVENTORY_ORG_SLUG } from '../../src/zones/locations';
import { getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';
import { customRole, placedUser } from '../helpers/alerts';
import { insertTags, tagAudit, tagRows, type TagSpec } from '../helpers/tags';

let app: FastifyInstance;
let admin: Record<string, string>;
let acme: Record<string, string>;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  superAdmin = (await signIn(app, 'superadmin@vigil.example')).headers;
});

const bulk = (payload: object, headers = admin) =>
  app.inject({ method: 'PUT', url: '/api/tags', headers, payload });
const batchRow = async (id: string) =>
  (await app.db.select().from(batchOperations).where(eq(batchOperations.id, id)))[0];
const batchesOf = (requestId: string) =>
  app.db.select().from(batchOperations).where(eq(batchOperations.requestId, requestId));

const available = (n: number, extra: Partial<TagSpec> = {}) =>
  insertTags(
    app,
    Array.from({ length: n }, () => ({
      zone: null,
      config: { state: 'available', logistics: { sku: 'TAG5' } },
      state: { firmware: { app: 51 }, battery: { current: { level: 3000 } } },
      ...extra,
    })),
  );
const withState = (
  state: string,
  extra: Record<string, unknown> = {},
  deviceState: Record<string, unknown> = {},
) => ({ zone: 'Room 201', config: { state, ...extra }, state: deviceState }) as TagSpec;

/** Asserts the refusal wrote nothing: configs unchanged, no audit entry, no batch log row. */
async function expectNothingWritten(
  ids: string[],
  before: Map<string, { config: unknown }>,
  requestId: string,
) {
  const after = await tagRows(app, ids);
  for (const id of ids) expect(after.get(id)!.config).toEqual(before.get(id)!.config);
  expect(await tagAudit(app, ids)).toEqual([]);
  expect(await batchesOf(requestId)).toEqual([]);
}

describe('PUT /api/tags: each SPEC §4 batch operation (docs/API.md)', () => {
  it('mark_lost: any tags become lost, owner and label cleared; an audit entry per tag and a batch log row', async () => {
    const ids = await insertTags(app, [
      withState('deployed', { owner: { name: 'A B' }, label: 'L1' }),
      withState('available'),
      withState('reserved', { owner: { name: 'C D' } }),
    ]);
    const res = await bulk({ ids, op: 'mark_lost' });
    expect(res.statusCode).toBe(200);
    const { batchId, count } = res.json();
    expect(count).toBe(3);
    const rows = await tagRows(app, ids);
    for (const id of ids) {
      expect(rows.get(id)!.config.state).toBe('lost');
      expect(rows.get(id)!.config).not.toHaveProperty('owner');
      expect(rows.get(id)!.config).not.toHaveProperty('label');
    }
    const audit = await tagAudit(app, ids);
    expect(audit.map((a) => a.entityId).sort()).toEqual([...ids].sort());
    expect(audit[0]).toMatchObject({ action: 'mark_lost', requestId: res.headers['x-request-id'] });
    const me = (await app.inject({ url: '/api/users/me', headers: admin })).json();
    expect(await batchRow(batchId)).toMatchObject({
      subject: 'Tag',
      op: 'mark_lost',
      ids: [...ids].sort(),
      count: 3,
      actor: { id: me.id, name: 'Dana Admin' },
      requestId: res.headers['x-request-id'],
    });
  });

  it('preassign: available tags of one organisation become reserved at a location, with an owner', async () => {
    const ids = await available(2);
    const room = await zoneIdByName(app, 'Room 210');
    const res = await bulk({
      ids,
      op: 'preassign',
      args: { zone: room, owner: { name: 'New Starter', personId: 'P-9' } },
    });
    expect(res.statusCode).toBe(200);
    const rows = await tagRows(app, ids);
    for (const id of ids) {
      expect(rows.get(id)).toMatchObject({
        zoneId: room,
        config: { state: 'reserved', location: room, owner: { name: 'New Starter', personId: 'P-9' } },
      });
    }
  });

  it('label and unreserve (the SPEC §4 restore flow: owner, label, collection cleared)', async () => {
    const ids = await available(2);
    expect((await bulk({ ids, op: 'label', args: { label: 'Spare' } })).statusCode).toBe(200);
    expect([...(await tagRows(app, ids)).values()].map((r) => r.config.label)).toEqual(['Spare', 'Spare']);
    const reserved = await insertTags(app, [withState('reserved', { owner: { name: 'X Y' }, label: 'R' })]);
    expect((await bulk({ ids: reserved, op: 'unreserve' })).statusCode).toBe(200);
    const row = (await tagRows(app, reserved)).get(reserved[0]!)!;
    expect(row.config.state).toBe('available');
    expect(row.config).not.toHaveProperty('owner');
    expect(row.config).not.toHaveProperty('label');
  });

  it('maint_toggle sets maintMode, or flips each tag without a value; resp_toggle sets the behaviour mode', async () => {
    const ids = await insertTags(app, [
      withState('deployed', { maintMode: true }, { firmware: { app: 51 } }),
      withState('deployed', {}, { firmware: { app: '52' } }),
    ]);
    await bulk({ ids, op: 'maint_toggle' });
    let rows = await tagRows(app, ids);
    expect([rows.get(ids[0]!)!.config.maintMode, rows.get(ids[1]!)!.config.maintMode]).toEqual([false, true]);
    await bulk({ ids, op: 'maint_toggle', args: { maintMode: true } });
    await bulk({ ids, op: 'resp_toggle', args: { responder: true } });
    rows = await tagRows(app, ids);
    for (const id of ids) expect(rows.get(id)!.config).toMatchObject({ maintMode: true, mode: 'responder' });
    await bulk({ ids, op: 'resp_toggle', args: { responder: false } });
    expect((await tagRows(app, ids)).get(ids[0]!)!.config.mode).toBe('standard');
  });

  it('unflag clears the collection of tag_replaced tags above 2800 mV, for a holder of bulkUnflag', async () => {
    const collection = { reason: 'tag_replaced', urgency: 1, at: new Date().toISOString() };
    const ids = await insertTags(app, [
      withState('deployed', { collection }, { battery: { current: { level: 2900 } } }),
    ]);
    // docs/ROLES.md: a customer admin does not hold bulkUnflag; a superAdmin does.
    expect((await bulk({ ids, op: 'unflag' })).statusCode).toBe(403);
    const res = await bulk({ ids, op: 'unflag' }, superAdmin);
    expect(res.statusCode).toBe(200);
    expect((await tagRows(app, ids)).get(ids[0]!)!.config).not.toHaveProperty('collection');
  });

  it('transfer moves available tags to a zone of another organisation the caller may see', async () => {
    const ids = await available(2);
    const frontDesk = await zoneIdByName(app, 'Front Desk');
    // A customer admin sees only its own organisation.
    const refused = await bulk({ ids, op: 'transfer', args: { zone: frontDesk } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'args.zone' });
    const res = await bulk({ ids, op: 'transfer', args: { zone: frontDesk } }, superAdmin);
    expect(res.statusCode).toBe(200);
    const acmeOrg = (await app.db.select().from(zones).where(eq(zones.slug, 'acme')))[0]!;
    for (const row of (await tagRows(app, ids)).values()) {
      expect(row).toMatchObject({
        orgId: acmeOrg.id,
        zoneId: frontDesk,
        config: { state: 'available', location: frontDesk },
      });
    }
    const seen = await app.inject({ url: `/api/tags/${ids[0]}`, headers: acme });
    expect(seen.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/tags/${ids[0]}`, headers: admin })).statusCode).toBe(404);
  });

  it('transfer_inv sends available, lost and ready_for_return tags to the inventory organisation as returned', async () => {
    let [inventory] = await app.db
      .select()
      .from(zones)
      .where(and(eq(zones.slug, INVENTORY_ORG_SLUG), eq(zones.level, 'org')));
    if (!inventory) {
      const id = crypto.randomUUID();
      [inventory] = await app.db
        .insert(zones)
        .values({
          id,
          name: 'Inventory',
          level: 'org',
          parentId: ROOT_ZONE_ID,
          path: [ROOT_ZONE_ID, id],
          slug: INVENTORY_ORG_SLUG,
        })
        .returning();
    }
    const ids = await insertTags(app, [
      withState('lost'),
      withState('ready_for_return'),
      withState('available', { label: 'Spare', station: crypto.randomUUID() }),
    ]);
    const res = await bulk({ ids, op: 'transfer_inv' });
    expect(res.statusCode).toBe(200);
    for (const row of (await tagRows(app, ids)).values()) {
      expect(row).toMatchObject({ orgId: inventory!.id, zoneId: null, config: { state: 'returned' } });
      for (const key of ['location', 'label', 'station', 'owner']) expect(row.config).not.toHaveProperty(key);
    }
  });
});

describe('PUT /api/tags: eligibility re-checked on the server (SPEC §4)', () => {
  it.each([
    [
      'transfer',
      [withState('available'), withState('deployed')],
      1,
      { zone: '00000000-0000-4000-8000-000000000000' },
    ],
    [
      'preassign',
      [withState('reserved'), withState('available')],
      0,
      { zone: '00000000-0000-4000-8000-000000000000' },
    ],
    ['label', [withState('deployed')], 0, { label: 'x' }],
    ['unreserve', [withState('reserved'), withState('available')], 1, {}],
    ['transfer_inv', [withState('lost'), withState('deployed')], 1, {}],
    [
      'resp_toggle',
      [
        withState('deployed', {}, { firmware: { app: 51 } }),
        withState('deployed', {}, { firmware: { app: 50 } }),
      ],
      1,
      {},
    ],
    ['resp_toggle', [withState('deployed', {}, {})], 0, {}],
  ] as const)(
    '%s refuses the ineligible tags with 400 naming them, and writes nothing',
    async (op, specs, bad, args) => {
      const ids = await insertTags(app, [...specs]);
      const before = await tagRows(app, ids);
      const res = await bulk({ ids, op, args });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ineligible', field: 'ids', ineligible: [ids[bad]] });
      expect(res.json().reason).toContain(ids[bad]);
      await expectNothingWritten(ids, before, res.headers['x-request-id'] as string);
    },
  );

  it('unflag refuses a tag at 2800 mV or of another reason, even for a holder of bulkUnflag', async () => {
    const ids = await insertTags(app, [
      withState(
        'deployed',
        { collection: { reason: 'tag_replaced', urgency: 1 } },
        { battery: { current: { level: 2900 } } },
      ),
      withState(
        'deployed',
        { collection: { reason: 'tag_replaced', urgency: 1 } },
        { battery: { current: { level: 2800 } } },
      ),
      withState(
        'deployed',
        { collection: { reason: 'battery_low', urgency: 1 } },
        { battery: { current: { level: 3000 } } },
      ),
    ]);
    const before = await tagRows(app, ids);
    const res = await bulk({ ids, op: 'unflag' }, superAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().ineligible).toEqual([ids[1], ids[2]].sort());
    await expectNothingWritten(ids, before, res.headers['x-request-id'] as string);
  });

  it('maint_toggle needs update Tag maintMode', async () => {
    const role = await customRole(app, [
      { action: ['list', 'read', 'update'], subject: 'Tag' },
      { action: ['update'], subject: 'Tag', fields: ['maintMode'], inverted: true },
    ]);
    const email = await placedUser(app, { zone: 'Demo Hospital', role });
    const editor = (await signIn(app, email)).headers;
    const ids = await available(1);
    const res = await bulk({ ids, op: 'maint_toggle', args: { maintMode: true } }, editor);
    expect(res.statusCode).toBe(403);
    expect((await bulk({ ids, op: 'mark_lost' }, editor)).statusCode).toBe(200);
  });

  it('refuses unknown ids and another organisation’s tags with 400 naming them, and writes nothing', async () => {
    const ours = await available(1);
    const [theirs] = await insertTags(app, [
      { slug: 'acme', zone: 'Front Desk', config: { state: 'available' } },
    ]);
    const unknown = crypto.randomBytes(6).toString('hex');
    const ids = [ours[0]!, theirs!, unknown];
    const before = await tagRows(app, [ours[0]!, theirs!]);
    const res = await bulk({ ids, op: 'mark_lost' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'not_found', ineligible: [theirs, unknown] });
    await expectNothingWritten([ours[0]!, theirs!], before, res.headers['x-request-id'] as string);
  });

  it.each([
    [{ ids: [], op: 'mark_lost' }, 'ids'],
    [
      { ids: Array.from({ length: 501 }, () => crypto.randomBytes(6).toString('hex')), op: 'mark_lost' },
      'ids',
    ],
    [{ ids: ['c0ffee000001'], op: 'explode' }, 'op'],
    [{ ids: ['c0ffee000001'], op: 'mark_lost', args: { label: 'x' } }, 'args.label'],
    [{ ids: ['c0ffee000001'], op: 'label', args: {} }, 'args.label'],
    [{ ids: ['c0ffee000001'], op: 'transfer', args: {} }, 'args.zone'],
    [{ ids: ['C0FFEE000001'], op: 'mark_lost' }, 'ids.0'],
  ])('refuses the body %#: 400 naming %s', async (payload, field) => {
    const res = await bulk(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('counts every tag of the selection and audits only those that changed', async () => {
    const ids = await insertTags(app, [withState('lost'), withState('deployed', { label: unique('L') })]);
    const res = await bulk({ ids, op: 'mark_lost' });
    expect(res.json().count).toBe(2);
    expect((await tagAudit(app, ids)).map((a) => a.entityId)).toEqual([ids[1]]);
  });
});
