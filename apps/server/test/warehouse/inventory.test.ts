import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, gateways, inventoryMinimums, tags } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { freshMac, orgIdOf, userIn, type Headers } from './helpers';

// Issue 22 (docs/WAREHOUSE.md "Inventory"): the warehouse's minimums per SKU, the warnings they give
// in the inventory, and a count's devices, through the real app and database. The database is every
// test file's, so counts are read before and after, and devices found by the ids made here.

let app: FastifyInstance;
let warehouse: Headers;
let reader: Headers;
let factory: Headers;
let admin: Headers;
let smp: string;
let factoryOrg: string;

type Count = { sku: string; state: string; location: string; place: string | null; count: number };
type Warning = { sku: string; inStock: number; minimum: number; text: string };
type Device = {
  id: string;
  kind: string;
  sku: string;
  state: string;
  place: string | null;
  box: string | null;
  order: number | null;
};

beforeAll(async () => {
  app = await getTestApp();
  warehouse = (await signIn(app, 'warehouse@smp.example', 'smpwarehouse')).headers;
  // Reads the inventory but may not update it (docs/ROLES.md).
  reader = await userIn(app, 'smpwarehouse', 'canopyOnCallSupport');
  factory = (await signIn(app, 'factory@smp.example', 'factory')).headers;
  admin = (await signIn(app, 'admin@demo.example')).headers;
  smp = await orgIdOf(app, 'smpwarehouse');
  factoryOrg = await orgIdOf(app, 'factory');
});

const minimumsUrl = '/api/warehouse/inventory/minimums';
const putMinimums = (headers: Headers, payload: unknown) =>
  app.inject({ method: 'PUT', url: minimumsUrl, headers, payload: payload as object });
async function inventory(): Promise<{ data: Count[]; warnings: Warning[] }> {
  const res = await app.inject({ url: '/api/warehouse/inventory', headers: warehouse });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const countOf = (data: Count[], sku: string, place: string | null, state: string) =>
  data.find((c) => c.sku === sku && c.place === place && c.state === state)?.count ?? 0;
const devicesOf = (query: Record<string, string>, headers = warehouse) =>
  app.inject({ url: `/api/warehouse/inventory/devices?${new URLSearchParams(query)}`, headers });

describe('the minimums per SKU', () => {
  it('replaces the whole set at each PUT, 0 removing a SKU, with an audit entry', async () => {
    const first = await putMinimums(warehouse, { TAG7: 5, GW2: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ TAG7: 5 });
    expect((await app.inject({ url: minimumsUrl, headers: warehouse })).json()).toEqual({ TAG7: 5 });

    const second = await putMinimums(warehouse, { GW2: 3, WEAR1: 40 });
    expect(second.json()).toEqual({ GW2: 3, WEAR1: 40 });
    const rows = await app.db.select().from(inventoryMinimums).where(eq(inventoryMinimums.orgId, smp));
    expect(rows.map((r) => [r.sku, r.minimum]).sort()).toEqual([
      ['GW2', 3],
      ['WEAR1', 40],
    ]);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'inventoryMinimums'), eq(auditLog.entityId, smp)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      orgId: smp,
      action: 'update',
      before: { TAG7: 5 },
      after: { GW2: 3, WEAR1: 40 },
    });
    expect((await putMinimums(warehouse, {})).json()).toEqual({});
    expect((await app.inject({ url: minimumsUrl, headers: warehouse })).json()).toEqual({});
  });

  it.each([[{ TAG9: 1 }], [{ TAG5: -1 }], [{ TAG5: 1.5 }], [{ TAG5: '10' }], [{ TAG5: 100_001 }], [[5]]])(
    'answers 400 with a reason for %j and keeps the set',
    async (body) => {
      await putMinimums(warehouse, { TAG5: 7 });
      const res = await putMinimums(warehouse, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().reason).toBe('string');
      expect((await app.inject({ url: minimumsUrl, headers: warehouse })).json()).toEqual({ TAG5: 7 });
      await putMinimums(warehouse, {});
    },
  );

  it('lets only the warehouse organisation’s users who may update Inventory set them', async () => {
    const read = await app.inject({ url: minimumsUrl, headers: reader });
    expect(read.statusCode, read.body).toBe(200);
    expect((await putMinimums(reader, { TAG5: 1 })).statusCode).toBe(403);
    // The factory may update Inventory, in its own organisation only.
    const other = await putMinimums(factory, { TAG5: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().reason).toBe('The inventory minimums are kept in the smpwarehouse organisation');
    expect((await app.inject({ url: minimumsUrl, headers: factory })).statusCode).toBe(403);
    expect((await putMinimums(admin, { TAG5: 1 })).statusCode).toBe(403);
    expect((await app.inject({ url: minimumsUrl, headers: admin })).statusCode).toBe(403);
    expect(await app.db.select().from(inventoryMinimums).where(eq(inventoryMinimums.orgId, smp))).toEqual([]);
  });
});

describe('the inventory’s warnings and a count’s devices', () => {
  const inStock = Array.from({ length: 3 }, freshMac);
  const onOrder = Array.from({ length: 2 }, freshMac);
  const loose = Array.from({ length: 505 }, freshMac);
  const gateway = freshMac();
  const outside = freshMac();

  beforeAll(async () => {
    const tag = (id: string, logistics: object, state = 'available', orgId = smp) => ({
      id,
      orgId,
      config: { state, logistics: { sku: 'TAG7', ...logistics } },
    });
    await app.db.insert(tags).values([
      ...inStock.map((id) => tag(id, { barcode: 'TAG7-20240301-1' })),
      ...onOrder.map((id) => tag(id, { barcode: 'TAG7-20240301-2', order: 98765 })),
      ...loose.map((id) => tag(id, { sku: 'WEAR1' })),
      // In the factory but deployed: a count of no place.
      tag(outside, {}, 'deployed', factoryOrg),
    ]);
    await app.db
      .insert(gateways)
      .values({ id: gateway, orgId: smp, config: { state: 'ready_to_deploy', logistics: { sku: 'GW2' } } });
  });

  it('warns when a SKU’s devices in stock fall below its minimum', async () => {
    const before = await inventory();
    const stock = countOf(before.data, 'TAG7', 'in_stock', 'available');
    expect(stock).toBeGreaterThanOrEqual(3);
    expect(before.warnings.some((w) => w.sku === 'TAG7')).toBe(false);
    expect((await putMinimums(warehouse, { TAG7: stock + 10, GW2: 1 })).statusCode).toBe(200);
    const after = await inventory();
    expect(after.data).toEqual(before.data);
    expect(after.warnings.find((w) => w.sku === 'TAG7')).toEqual({
      sku: 'TAG7',
      inStock: stock,
      minimum: stock + 10,
      text: `TAG7: ${stock} in stock, below the minimum of ${stock + 10}`,
    });
    // The devices on an order are not stock; GW2 has stock enough.
    expect(after.warnings.some((w) => w.sku === 'GW2')).toBe(false);
    await putMinimums(warehouse, { TAG7: stock });
    expect((await inventory()).warnings.some((w) => w.sku === 'TAG7')).toBe(false);
    await putMinimums(warehouse, {});
  });

  it('opens a count’s devices: the same SKU, state, organisation and place', async () => {
    const { data } = await inventory();
    const stock = await devicesOf({
      sku: 'TAG7',
      state: 'available',
      location: 'smpwarehouse',
      place: 'in_stock',
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const body = stock.json() as { data: Device[]; total: number };
    expect(body.total).toBe(countOf(data, 'TAG7', 'in_stock', 'available'));
    const ids = body.data.map((d) => d.id);
    for (const id of inStock) expect(ids).toContain(id);
    for (const id of onOrder) expect(ids).not.toContain(id);
    expect(body.data.find((d) => d.id === inStock[0])).toEqual({
      id: inStock[0],
      kind: 'tag',
      sku: 'TAG7',
      state: 'available',
      location: 'smpwarehouse',
      place: 'in_stock',
      box: 'TAG7-20240301-1',
      order: null,
    });

    const allocated = (
      await devicesOf({ sku: 'TAG7', state: 'available', location: 'smpwarehouse', place: 'allocated' })
    ).json() as { data: Device[] };
    const mine = allocated.data.filter((d) => onOrder.includes(d.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((d) => d.place === 'allocated' && d.order === 98765)).toBe(true);

    const gw = (
      await devicesOf({ sku: 'GW2', state: 'ready_to_deploy', location: 'smpwarehouse', place: 'in_stock' })
    ).json() as { data: Device[] };
    expect(gw.data.find((d) => d.id === gateway)).toMatchObject({ kind: 'gateway', box: null });

    // A count outside the chain (place none) is asked for with an empty or no place.
    const noPlace: Record<string, string>[] = [
      { sku: 'TAG7', state: 'deployed', location: 'factory', place: '' },
      { sku: 'TAG7', state: 'deployed', location: 'factory' },
    ];
    for (const query of noPlace) {
      const none = (await devicesOf(query)).json() as { data: Device[] };
      expect(none.data.map((d) => d.id)).toContain(outside);
      expect(none.data.every((d) => d.place === null)).toBe(true);
    }
    // Its SKU and state narrow it: no deployed TAG7 of the factory is in stock.
    const stockThere = (
      await devicesOf({ sku: 'TAG7', state: 'deployed', location: 'factory', place: 'in_stock' })
    ).json() as { data: Device[]; total: number };
    expect(stockThere).toEqual({ data: [], total: 0 });
  });

  it('lists at most 500 devices of a count, with their total', async () => {
    const { data } = await inventory();
    const res = await devicesOf({
      sku: 'WEAR1',
      state: 'available',
      location: 'smpwarehouse',
      place: 'in_stock',
    });
    const body = res.json() as { data: Device[]; total: number };
    expect(body.total).toBe(countOf(data, 'WEAR1', 'in_stock', 'available'));
    expect(body.total).toBeGreaterThanOrEqual(505);
    expect(body.data).toHaveLength(500);
  });

  it.each([
    [{ sku: 'TAG7', state: 'available', location: 'customer', place: 'in_stock' }],
    [{ sku: 'TAG7', state: 'available', location: 'smpwarehouse', place: 'nowhere' }],
    [{ sku: 'x'.repeat(41), state: 'available', location: 'smpwarehouse', place: 'in_stock' }],
    [{ sku: 'TAG7', state: 'available', place: 'in_stock' }],
  ])('answers 400 with a reason for the query %j', async (query) => {
    const res = await devicesOf(query);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().reason).toBe('string');
  });

  it('refuses a count’s devices to a hospital admin', async () => {
    const query = { sku: 'TAG7', state: 'available', location: 'smpwarehouse', place: 'in_stock' };
    expect((await devicesOf(query, admin)).statusCode).toBe(403);
    expect((await devicesOf(query, reader)).statusCode).toBe(200);
  });
});
