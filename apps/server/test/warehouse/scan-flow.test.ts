import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { orders, tags, warehouseScans } from '../../src/db/schema';
import { DEMO_TAG_IDS } from '../../src/db/seed';
import { getTestApp, signIn } from '../helpers/app';
import { freshMac, logisticsOf, orgIdOf, scanner, tagRows, userIn, type Headers } from './helpers';

// Issue 22 (docs/WAREHOUSE.md "The scan call", "The steps"): 20 TAG5 from the factory to the demo
// hospital and two of them back, through the real scan call and database. One story: each step
// reads what the one before left.

let app: FastifyInstance;
let factory: Headers;
let warehouse: Headers;
let tempo: Headers;
let admin: Headers;
let demo: string;
let smp: string;
let post: ReturnType<typeof scanner>['post'];
let scan: ReturnType<typeof scanner>['scan'];
const macs = Array.from({ length: 20 }, freshMac);
let box = '';
let orderNumber = 0;

beforeAll(async () => {
  app = await getTestApp();
  ({ post, scan } = scanner(app));
  factory = (await signIn(app, 'factory@smp.example', 'factory')).headers;
  warehouse = (await signIn(app, 'warehouse@smp.example', 'smpwarehouse')).headers;
  tempo = await userIn(app, 'smpwarehouse', 'warehouseTempo');
  admin = (await signIn(app, 'admin@demo.example')).headers;
  demo = await orgIdOf(app, 'demo');
  smp = await orgIdOf(app, 'smpwarehouse');
});

describe('factory to customer', () => {
  it('registers 20 TAG5 at the factory, flashed', async () => {
    for (const mac of macs) {
      const answer = await scan(factory, { step: 'register', text: mac, sku: 'TAG5' });
      expect(answer.changed).toMatchObject({ outcome: 'changed', devices: [mac] });
    }
    const factoryId = await orgIdOf(app, 'factory');
    for (const row of (await tagRows(app, macs)).values()) {
      expect(row).toMatchObject({
        orgId: factoryId,
        config: { state: 'flashed', logistics: { sku: 'TAG5' } },
      });
    }
  });

  it('packs them into a box of 20 whose label is printed with the first device', async () => {
    const first = await scan(factory, { step: 'pack', text: macs[0]! });
    expect(first.print).toMatchObject({ sku: 'TAG5', repack: false });
    box = first.print!.barcode;
    expect(box).toMatch(/^TAG5-\d{8}-\d+$/);
    // A kiosk reloaded mid-box shows its open box.
    const step = await app.inject({ url: '/api/warehouse/steps/pack', headers: factory });
    expect(step.json()).toMatchObject({ state: { open: { barcode: box, count: 1 } } });
    let last = first;
    for (const mac of macs.slice(1)) last = await scan(factory, { step: 'pack', text: mac });
    expect(last.changed.text).toContain(`box ${box} is full (20 of 20)`);
    expect(last.next).toBe('Scan a registered device to start a box');
    for (const row of (await tagRows(app, macs)).values()) expect(logisticsOf(row).barcode).toBe(box);
  });

  it('receives the box: the 20 are available in smpwarehouse; a repeat and a double read apply once', async () => {
    const key = crypto.randomUUID();
    const first = await scan(warehouse, { step: 'receive', text: box, idempotencyKey: key });
    expect(first.changed).toMatchObject({
      outcome: 'changed',
      text: `Box ${box}: 20 TAG5 received into stock`,
    });
    expect(first.changed.devices).toHaveLength(20);
    for (const row of (await tagRows(app, macs)).values()) {
      expect(row).toMatchObject({ orgId: smp, config: { state: 'available' } });
    }
    const repeat = await scan(warehouse, { step: 'receive', text: box, idempotencyKey: key });
    expect(repeat).toMatchObject({ repeat: true, changed: { outcome: 'nothing', devices: [] } });
    expect(repeat.changed.text).toContain('Nothing: already done');
    const double = await scan(warehouse, { step: 'receive', text: box });
    expect(double).toMatchObject({ repeat: false, changed: { outcome: 'nothing' } });
    expect(double.changed.text).toContain('already received');
    // The receive tally counted the box once.
    const step = await app.inject({ url: '/api/warehouse/steps/receive', headers: warehouse });
    expect(step.json().state).toMatchObject({ boxes: 1, devices: 20 });
  });

  it('refuses what is not its to do: a hospital admin, another organisation’s step, a customer’s tag', async () => {
    const res = await post(admin, { step: 'receive', text: box });
    expect(res.statusCode).toBe(403);
    const wrongOrg = await post(factory, { step: 'receive', text: box });
    expect(wrongOrg.statusCode).toBe(403);
    expect(wrongOrg.json().reason).toBe('This step is done in the smpwarehouse organisation');
    expect((await post(warehouse, { step: 'receive', text: 'x'.repeat(600) })).statusCode).toBe(400);
    const deployed = DEMO_TAG_IDS[0]!;
    const before = (await tagRows(app, [deployed])).get(deployed)!;
    const answer = await scan(warehouse, { step: 'receive', text: deployed });
    expect(answer.changed).toMatchObject({ outcome: 'refused', code: 'wrongPlace' });
    expect(answer.changed.text).toContain('is at a customer');
    expect((await tagRows(app, [deployed])).get(deployed)).toEqual(before);
  });

  it('gives the warehouse’s staff no way into a hospital: no sign-in there, its tags not theirs to write', async () => {
    const there = await app.inject({
      method: 'POST',
      url: '/api/auth/password/demo',
      headers: { slug: 'demo', domain: 'localhost' },
      payload: { username: 'warehouse@smp.example', password: 'vigil-demo' },
    });
    expect(there.statusCode).toBe(401);
    const deployed = DEMO_TAG_IDS[0]!;
    const write = await app.inject({
      method: 'PUT',
      url: `/api/tags/${deployed}`,
      headers: warehouse,
      payload: { label: 'Taken by the warehouse' },
    });
    expect(write.statusCode).toBe(404);
  });

  it('picks an order for the demo hospital by scanning the box: open → picking → qc', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: warehouse,
      payload: { customerOrgId: demo, lines: [{ sku: 'TAG5', quantity: 20 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    orderNumber = res.json().number;
    const ref = `ORD-${orderNumber}`;
    const chosen = await scan(warehouse, { step: 'ship', text: ref });
    expect(chosen.changed).toMatchObject({ outcome: 'nothing', text: `${ref} chosen: 20 TAG5` });
    const picked = await scan(warehouse, { step: 'ship', text: box });
    expect(picked.changed).toMatchObject({ outcome: 'changed', text: `Box ${box}: 20 TAG5 added to ${ref}` });
    expect(picked.order).toMatchObject({ number: orderNumber, state: 'qc', complete: true, qcDone: false });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, res.json().id));
    expect(row!.state).toBe('qc');
    const again = await scan(warehouse, { step: 'ship', text: box });
    expect(again.changed.outcome).toBe('nothing');
  });

  it('passes quality control’s sample of one device', async () => {
    const ref = `ORD-${orderNumber}`;
    await scan(warehouse, { step: 'qc', text: ref });
    const passed = await scan(warehouse, {
      step: 'qc',
      text: macs[3]!,
      decision: { result: 'pass' },
    });
    expect(passed.changed).toMatchObject({ outcome: 'changed', devices: [macs[3]] });
    expect(passed.order).toMatchObject({ qcDone: true });
    expect(passed.next).toBe(`Quality control of ${ref} is done: ship it at Ship`);
  });

  it('refuses shipping to a warehouseTempo user', async () => {
    const ref = `ORD-${orderNumber}`;
    await scan(tempo, { step: 'ship', text: ref });
    const refused = await scan(tempo, { step: 'ship', text: ref });
    expect(refused.changed).toMatchObject({ outcome: 'refused', code: 'notAllowed' });
    expect((await tagRows(app, macs)).get(macs[0]!)!.orgId).toBe(smp);
  });

  it('writes nothing when the ship fails half-way, then ships with the same key', async () => {
    const ref = `ORD-${orderNumber}`;
    const key = crypto.randomUUID();
    // A real constraint of the database refuses the order's last write, after the devices' writes.
    await app.db.execute(
      sql.raw(`alter table orders add constraint ship_refused_for_test check (state <> 'shipped') not valid`),
    );
    try {
      const res = await post(warehouse, { step: 'ship', text: ref, idempotencyKey: key });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql.raw('alter table orders drop constraint ship_refused_for_test'));
    }
    for (const row of (await tagRows(app, macs)).values()) {
      expect(row).toMatchObject({ orgId: smp, config: { state: 'available' } });
    }
    const [order] = await app.db
      .select()
      .from(orders)
      .where(sql`${orders.orgId} = ${smp} and ${orders.number} = ${orderNumber}`);
    expect(order!.state).toBe('qc');
    expect(await app.db.select().from(warehouseScans).where(eq(warehouseScans.key, key))).toHaveLength(0);

    const shipped = await scan(warehouse, { step: 'ship', text: ref, idempotencyKey: key });
    expect(shipped.changed).toMatchObject({
      outcome: 'changed',
      text: `${ref} shipped: 20 devices moved to the customer`,
    });
    for (const row of (await tagRows(app, macs)).values()) {
      expect(row).toMatchObject({
        orgId: demo,
        zoneId: null,
        config: { state: 'reserved', invoiceZone: demo },
      });
    }
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ state: 'shipped' });
    expect(after!.shippedAt).not.toBeNull();
  });
});

describe('back from the customer', () => {
  it('takes two tags marked for return back, inspects them by the reuse rule, repacks the reusable one under -R', async () => {
    const [good, flagged] = [macs[0]!, macs[1]!];
    const put = (id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tags/${id}`, headers: admin, payload });
    // The flagged one was asked for collection with urgency 0: SPEC §4 says it is not reusable.
    expect((await put(flagged, { collection: { reason: 'any', urgency: 0 } })).statusCode).toBe(200);
    for (const id of [good, flagged])
      expect((await put(id, { state: 'ready_for_return' })).statusCode).toBe(200);

    const back = await scan(warehouse, { step: 'returns', text: good });
    expect(back.changed).toMatchObject({ outcome: 'changed' });
    expect(back.next).toContain('reusable by the reuse rule');
    const reusable = await scan(warehouse, {
      step: 'returns',
      text: good,
      decision: { verdict: 'reusable' },
    });
    expect(reusable.changed.text).toContain('is reusable: repack it');

    const refused = await scan(warehouse, {
      step: 'returns',
      text: flagged,
      decision: { verdict: 'reusable' },
    });
    expect(refused.changed).toMatchObject({ outcome: 'refused', code: 'notReusable' });
    expect((await tagRows(app, [flagged])).get(flagged)!.orgId).toBe(demo);
    const scrapped = await scan(warehouse, {
      step: 'returns',
      text: flagged,
      decision: { verdict: 'scrapped' },
    });
    expect(scrapped.changed.text).toContain('scrapped');
    const rows = await tagRows(app, [good, flagged]);
    expect(rows.get(flagged)).toMatchObject({
      orgId: smp,
      config: { state: 'returned', logistics: { inspection: { verdict: 'scrapped' } } },
    });
    expect(rows.get(flagged)!.config).not.toHaveProperty('invoiceZone');

    const repacked = await scan(warehouse, { step: 'repack', text: good });
    expect(repacked.print).toMatchObject({ sku: 'TAG5', repack: true });
    expect(repacked.print!.barcode).toMatch(/^TAG5-\d{8}-\d+-R$/);
    const row = (await tagRows(app, [good])).get(good)!;
    expect(row).toMatchObject({ orgId: smp, config: { state: 'available' } });
    expect(logisticsOf(row)).toEqual({ sku: 'TAG5', barcode: repacked.print!.barcode });
    const again = await scan(warehouse, { step: 'repack', text: flagged });
    expect(again.changed).toMatchObject({ outcome: 'refused', code: 'scrapped' });
  });

  it('counts the inventory by SKU, state, organisation and place', async () => {
    const res = await app.inject({ url: '/api/warehouse/inventory', headers: warehouse });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { sku: string; location: string; place: string; count: number }[];
    const of = (place: string) =>
      data.find((c) => c.sku === 'TAG5' && c.location === 'smpwarehouse' && c.place === place);
    expect(of('in_stock')?.count).toBeGreaterThanOrEqual(1);
    expect(of('scrapped')?.count).toBeGreaterThanOrEqual(1);
    expect(data.some((c) => (c.location as string) === 'customer')).toBe(false);
    expect((await app.inject({ url: '/api/warehouse/inventory', headers: admin })).statusCode).toBe(403);
    // The tags table still holds the shipped ones at the customer.
    const [{ n }] = (await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(eq(tags.orgId, demo))) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(18);
  });
});
