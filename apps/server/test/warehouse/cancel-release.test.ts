import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, orders } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { freshMac, logisticsOf, orgIdOf, scanner, tagRows, type Headers } from './helpers';

// Issue 22 (docs/WAREHOUSE.md "An order"): cancelling an order releases its devices, in the
// cancel's transaction, through the real cancel call and database. 20 TAG5 are received into stock
// first; each test allocates some of them to orders at the ship step.

let app: FastifyInstance;
let warehouse: Headers;
let demoWarehouse: Headers;
let demo: string;
let smp: string;
let scan: ReturnType<typeof scanner>['scan'];
const macs = Array.from({ length: 20 }, freshMac);

type Placed = { sku: string; location: string; place: string | null; count: number };

beforeAll(async () => {
  app = await getTestApp();
  ({ scan } = scanner(app));
  const factory = (await signIn(app, 'factory@smp.example', 'factory')).headers;
  warehouse = (await signIn(app, 'warehouse@smp.example', 'smpwarehouse')).headers;
  demoWarehouse = (await signIn(app, 'warehouse@demo.example')).headers;
  demo = await orgIdOf(app, 'demo');
  smp = await orgIdOf(app, 'smpwarehouse');
  for (const mac of macs) await scan(factory, { step: 'register', text: mac, sku: 'TAG5' });
  const first = await scan(factory, { step: 'pack', text: macs[0]! });
  for (const mac of macs.slice(1)) await scan(factory, { step: 'pack', text: mac });
  const received = await scan(warehouse, { step: 'receive', text: first.print!.barcode });
  expect(received.changed.devices).toHaveLength(20);
});

/** A new order of `quantity` TAG5 for the demo hospital, by `headers`' organisation. */
async function newOrder(headers: Headers, quantity: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { customerOrgId: demo, lines: [{ sku: 'TAG5', quantity }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; number: number };
}

/** The ship step: choose the order, then scan each device into it. */
async function allocate(number: number, ids: string[]) {
  await scan(warehouse, { step: 'ship', text: `ORD-${number}` });
  for (const id of ids) {
    const answer = await scan(warehouse, { step: 'ship', text: id });
    expect(answer.changed).toMatchObject({ outcome: 'changed', devices: [id] });
  }
}

const cancel = (headers: Headers, id: string) =>
  app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers });

/** TAG5 in smpwarehouse at `place`, as GET /api/warehouse/inventory counts them. */
async function stock(place: string): Promise<number> {
  const res = await app.inject({ url: '/api/warehouse/inventory', headers: warehouse });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Placed[])
    .filter((c) => c.sku === 'TAG5' && c.location === 'smpwarehouse' && c.place === place)
    .reduce((sum, c) => sum + c.count, 0);
}

const releases = (ids: string[]) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.action, 'release'), inArray(auditLog.entityId, ids)));

const orderState = async (id: string) =>
  (await app.db.select({ state: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.state;

describe('POST /api/orders/{id}/cancel releases the order’s devices', () => {
  it('puts a picking order’s devices back in stock, audited, counted by the inventory', async () => {
    const order = await newOrder(warehouse, 3);
    const picked = [macs[0]!, macs[1]!];
    await allocate(order.number, picked);
    expect(await orderState(order.id)).toBe('picking');
    for (const row of (await tagRows(app, picked)).values())
      expect(logisticsOf(row).order).toBe(order.number);
    const [inStock, allocated] = [await stock('in_stock'), await stock('allocated')];

    const res = await cancel(warehouse, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, state: 'cancelled' });
    for (const row of (await tagRows(app, picked)).values()) {
      expect(row).toMatchObject({ orgId: smp, config: { state: 'available' } });
      expect(logisticsOf(row)).not.toHaveProperty('order');
      expect(logisticsOf(row).barcode).toMatch(/^TAG5-\d{8}-\d+$/);
    }
    expect(await stock('in_stock')).toBe(inStock + 2);
    expect(await stock('allocated')).toBe(allocated - 2);

    const audits = await releases(picked);
    expect(audits.map((a) => a.entityId).sort()).toEqual([...picked].sort());
    for (const audit of audits) {
      expect(audit.orgId).toBe(smp);
      expect(logisticsOf(audit.before as { config: Record<string, unknown> }).order).toBe(order.number);
      expect(logisticsOf(audit.after as { config: Record<string, unknown> })).not.toHaveProperty('order');
    }
    const [cancelAudit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'cancel')));
    expect((cancelAudit!.after as { released: string[] }).released.sort()).toEqual([...picked].sort());

    // Back in stock: another order takes them.
    const next = await newOrder(warehouse, 1);
    await allocate(next.number, [macs[0]!]);
    expect(await cancel(warehouse, next.id)).toMatchObject({ statusCode: 200 });
  });

  it('changes no device when the cancel is refused: already cancelled, or shipped (409)', async () => {
    const order = await newOrder(warehouse, 1);
    await allocate(order.number, [macs[2]!]);
    await scan(warehouse, { step: 'qc', text: `ORD-${order.number}` });
    await scan(warehouse, { step: 'qc', text: macs[2]!, decision: { result: 'pass' } });
    const shipped = await scan(warehouse, { step: 'ship', text: `ORD-${order.number}` });
    expect(shipped.changed.outcome).toBe('changed');
    expect(await orderState(order.id)).toBe('shipped');
    const before = await tagRows(app, [macs[2]!]);
    expect(logisticsOf(before.get(macs[2]!)).order).toBe(order.number);

    const res = await cancel(warehouse, order.id);
    expect(res.statusCode).toBe(409);
    expect(await tagRows(app, [macs[2]!])).toEqual(before);
    expect(await releases([macs[2]!])).toHaveLength(0);

    const cancelled = await newOrder(warehouse, 2);
    await allocate(cancelled.number, [macs[5]!]);
    expect((await cancel(warehouse, cancelled.id)).statusCode).toBe(200);
    // Allocated again to another order, then the cancelled one is cancelled again.
    const other = await newOrder(warehouse, 1);
    await allocate(other.number, [macs[5]!]);
    const held = await tagRows(app, [macs[5]!]);
    expect((await cancel(warehouse, cancelled.id)).statusCode).toBe(409);
    expect(await tagRows(app, [macs[5]!])).toEqual(held);
  });

  it('releases nothing when the cancel fails part-way: one transaction', async () => {
    const order = await newOrder(warehouse, 1);
    await allocate(order.number, [macs[3]!]);
    const before = await tagRows(app, [macs[3]!]);
    // A real constraint of the database refuses the order's audit entry, the cancel's last write.
    await app.db.execute(
      sql.raw(
        `alter table audit_log add constraint cancel_refused_for_test check (action <> 'cancel') not valid`,
      ),
    );
    try {
      expect((await cancel(warehouse, order.id)).statusCode).toBe(500);
    } finally {
      await app.db.execute(sql.raw('alter table audit_log drop constraint cancel_refused_for_test'));
    }
    expect(await tagRows(app, [macs[3]!])).toEqual(before);
    expect(await orderState(order.id)).toBe('qc');
    expect(await releases([macs[3]!])).toHaveLength(0);

    expect((await cancel(warehouse, order.id)).statusCode).toBe(200);
    expect(logisticsOf((await tagRows(app, [macs[3]!])).get(macs[3]!))).not.toHaveProperty('order');
  });

  it('releases none of the warehouse’s devices for another organisation’s order of the same number', async () => {
    const theirs = await newOrder(demoWarehouse, 1);
    const ours = await newOrder(warehouse, 1);
    // Both organisations number their orders: make the two numbers one.
    const [{ max }] = (await app.db
      .select({ max: sql<number>`max(${orders.number})::int` })
      .from(orders)) as [{ max: number }];
    const number = max + 1;
    for (const id of [theirs.id, ours.id])
      await app.db.update(orders).set({ number }).where(eq(orders.id, id));
    await allocate(number, [macs[4]!]);
    const before = await tagRows(app, [macs[4]!]);

    expect((await cancel(demoWarehouse, theirs.id)).statusCode).toBe(200);
    expect(await tagRows(app, [macs[4]!])).toEqual(before);
    expect((await cancel(warehouse, ours.id)).statusCode).toBe(200);
    expect(logisticsOf((await tagRows(app, [macs[4]!])).get(macs[4]!))).not.toHaveProperty('order');
  });
});
