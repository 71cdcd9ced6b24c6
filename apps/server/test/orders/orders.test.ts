import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../src/db/schema';
import { getTestApp, unique } from '../helpers/app';
import { auditOf, callers, ok, orgId, recipientWithBook, storedOrder, type Headers } from './helpers';

// Issue 22 orders (SPEC §2.1 /operations/orders): orderable SKUs of SPEC §9 with quantities, for a
// customer organisation, to a recipient of the book; open → picking → qc → shipped, cancelled
// before shipped; changed only while open. SPEC §6 Order; the caller's organisation only.

let app: FastifyInstance;
let who: Awaited<ReturnType<typeof callers>>;
let demo: string;
let acme: string;

beforeAll(async () => {
  app = await getTestApp();
  who = await callers(app);
  demo = await orgId(app, 'demo');
  acme = await orgId(app, 'acme');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, payload });
const TAG5 = [{ sku: 'TAG5', quantity: 20 }];
const newOrder = (headers: Headers = who.warehouse, body: object = {}) =>
  ok(app, headers, 'POST', '/api/orders', { customerOrgId: demo, lines: TAG5, ...body });
const countOrders = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
const setState = (id: string, state: string) => app.db.update(orders).set({ state }).where(eq(orders.id, id));

describe('POST /api/orders', () => {
  it('creates an open order to a recipient, numbered after the organisation’s last, audited', async () => {
    const { recipient, address, contact } = await recipientWithBook(app, who.warehouse);
    const first = await newOrder();
    const res = await call('POST', '/api/orders', who.warehouse, {
      customerOrgId: demo,
      lines: [
        { sku: 'TAG5', quantity: 20 },
        { sku: 'GW2', quantity: 5 },
      ],
      recipientId: recipient.id,
      addressId: address.id,
      contactId: contact.id,
      notes: 'Leave at dock 2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    const number = Number(first.number) + 1;
    expect(order).toMatchObject({
      number,
      reference: `ORD-${number}`,
      state: 'open',
      customer: { id: demo, name: 'Demo Hospital' },
      recipient: { id: recipient.id, name: recipient.name },
      address: { id: address.id, line1: '1 Hospital Way' },
      contact: { id: contact.id, kind: 'sms', value: '+12015550123' },
      lines: [
        { sku: 'TAG5', quantity: 20 },
        { sku: 'GW2', quantity: 5 },
      ],
      notes: 'Leave at dock 2',
      createdBy: { name: 'Wendy Warehouse' },
      shippedAt: null,
    });
    expect(await storedOrder(app, order.id)).toMatchObject({ orgId: demo, number, state: 'open' });
    expect(await auditOf(app, 'order', order.id)).toEqual([
      expect.objectContaining({ action: 'create', orgId: demo, after: expect.objectContaining({ number }) }),
    ]);
  });

  it('numbers each organisation’s orders apart, and concurrent orders all differently', async () => {
    const [{ max }] = (await app.db
      .select({ max: sql<number>`coalesce(max(${orders.number}), 0)::int` })
      .from(orders)
      .where(eq(orders.orgId, acme))) as [{ max: number }];
    const acmeOrder = await newOrder(who.superAcme, { customerOrgId: acme });
    expect(acmeOrder.number).toBe(max + 1);
    expect((await storedOrder(app, acmeOrder.id))!.orgId).toBe(acme);

    const made = await Promise.all(Array.from({ length: 4 }, () => newOrder()));
    const numbers = made.map((o) => Number(o.number)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers[3]! - numbers[0]!).toBe(3);
  });

  it.each([
    [{ lines: [] }, 'lines'],
    [{ lines: [{ sku: 'TAG3', quantity: 1 }] }, 'lines.0.sku'],
    [{ lines: [{ sku: 'TAG5', quantity: 0 }] }, 'lines.0.quantity'],
    [{ lines: [{ sku: 'TAG5', quantity: 10_001 }] }, 'lines.0.quantity'],
    [{ lines: [...TAG5, { sku: 'TAG5', quantity: 1 }] }, 'lines'],
    [{ lines: Array.from({ length: 21 }, () => ({ sku: 'DSK', quantity: 1 })) }, 'lines'],
    [{ customerOrgId: 'demo' }, 'customerOrgId'],
    [{ state: 'shipped' }, 'state'],
  ])('refuses %j naming %s, writing nothing', async (patch, field) => {
    const before = await countOrders();
    const res = await call('POST', '/api/orders', who.warehouse, {
      customerOrgId: demo,
      lines: TAG5,
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await countOrders()).toBe(before);
  });

  it('refuses an address or contact that is not the recipient’s, or without a recipient', async () => {
    const a = await recipientWithBook(app, who.warehouse);
    const b = await recipientWithBook(app, who.warehouse);
    const cases: [object, string, string][] = [
      [
        { recipientId: a.recipient.id, addressId: b.address.id },
        'addressId',
        `This address is not one of ${String(a.recipient.name)}'s`,
      ],
      [
        { recipientId: a.recipient.id, contactId: b.contact.id },
        'contactId',
        `This contact is not one of ${String(a.recipient.name)}'s`,
      ],
      [
        { addressId: a.address.id },
        'recipientId',
        'Invalid recipientId: An address or contact needs its recipient',
      ],
    ];
    for (const [refs, field, reason] of cases) {
      const res = await call('POST', '/api/orders', who.warehouse, {
        customerOrgId: demo,
        lines: TAG5,
        ...refs,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, reason });
    }
  });

  it('refuses another organisation’s recipient and a customer the caller cannot reach', async () => {
    const { recipient } = await recipientWithBook(app, who.superAcme);
    const foreign = await call('POST', '/api/orders', who.warehouse, {
      customerOrgId: demo,
      lines: TAG5,
      recipientId: recipient.id,
    });
    expect(foreign.json()).toMatchObject({ reason: 'Recipient not found', field: 'recipientId' });
    const customer = await call('POST', '/api/orders', who.warehouse, { customerOrgId: acme, lines: TAG5 });
    expect(customer.statusCode).toBe(400);
    expect(customer.json()).toMatchObject({ field: 'customerOrgId' });
  });

  it('needs update Order (SPEC §6): warehouseTempo reads orders but makes none', async () => {
    expect(
      (await call('POST', '/api/orders', who.tempo, { customerOrgId: demo, lines: TAG5 })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/orders', who.admin, { customerOrgId: demo, lines: TAG5 })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/orders and /api/orders/{id}', () => {
  it('filters by state and customer, and finds an order by reference or notes', async () => {
    const note = unique('Ward 3 restock ');
    const open = await newOrder(who.warehouse, { notes: note });
    const cancelled = await newOrder(who.warehouse, { notes: note });
    await ok(app, who.warehouse, 'POST', `/api/orders/${cancelled.id}/cancel`);
    const q = encodeURIComponent(note);
    const all = await call('GET', `/api/orders?query=${q}`, who.tempo);
    expect(all.json()).toMatchObject({ total: 2, data: [{ id: cancelled.id }, { id: open.id }] });
    const onlyOpen = await call('GET', `/api/orders?query=${q}&state=open&customer=${demo}`, who.tempo);
    expect(onlyOpen.json()).toMatchObject({ total: 1, data: [{ id: open.id, state: 'open' }] });
    expect((await call('GET', `/api/orders?query=${q}&customer=${acme}`, who.tempo)).json().total).toBe(0);
    const byRef = await call('GET', `/api/orders?query=${String(open.reference)}`, who.warehouse);
    expect(byRef.json().data.map((o: { id: string }) => o.id)).toContain(open.id);
    expect((await call('GET', '/api/orders?state=lost', who.warehouse)).statusCode).toBe(400);
  });

  it('answers one order with its names; another organisation sees none of it', async () => {
    const { recipient, address } = await recipientWithBook(app, who.warehouse);
    const note = unique('Isolated ');
    const order = await newOrder(who.warehouse, {
      recipientId: recipient.id,
      addressId: address.id,
      notes: note,
    });
    const res = await call('GET', `/api/orders/${order.id}`, who.tempo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      recipient: { name: recipient.name },
      address: { city: 'Springfield' },
      contact: null,
    });
    for (const headers of [who.superAcme, who.acmeWarehouse]) {
      expect((await call('GET', `/api/orders/${order.id}`, headers)).statusCode).toBe(404);
      expect((await call('GET', `/api/orders?query=${encodeURIComponent(note)}`, headers)).json()).toEqual({
        data: [],
        total: 0,
      });
    }
    expect((await call('GET', '/api/orders/ORD-1', who.warehouse)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}`, who.admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders', who.admin)).statusCode).toBe(403);
  });
});

describe('PUT /api/orders/{id} (only while open)', () => {
  it('replaces lines and notes; a new recipient clears the address and contact not sent with it', async () => {
    const a = await recipientWithBook(app, who.warehouse);
    const b = await recipientWithBook(app, who.warehouse);
    const order = await newOrder(who.warehouse, {
      recipientId: a.recipient.id,
      addressId: a.address.id,
      contactId: a.contact.id,
    });
    const lines = await call('PUT', `/api/orders/${order.id}`, who.warehouse, {
      lines: [{ sku: 'NODE1', quantity: 6 }],
      notes: 'Rush',
    });
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json()).toMatchObject({
      lines: [{ sku: 'NODE1', quantity: 6 }],
      notes: 'Rush',
      address: { id: a.address.id },
    });
    const moved = await call('PUT', `/api/orders/${order.id}`, who.warehouse, {
      recipientId: b.recipient.id,
      addressId: b.address.id,
    });
    expect(moved.json()).toMatchObject({
      recipient: { id: b.recipient.id },
      address: { id: b.address.id },
      contact: null,
    });
    expect((await auditOf(app, 'order', order.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'update',
    ]);
  });

  it.each(['picking', 'qc', 'shipped', 'cancelled'])(
    'refuses to change a %s order (409), writing nothing',
    async (state) => {
      const order = await newOrder();
      await setState(order.id, state);
      const res = await call('PUT', `/api/orders/${order.id}`, who.warehouse, { notes: 'Too late' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        reason: 'Only an open order can be changed',
        code: 'order_not_open',
      });
      expect((await storedOrder(app, order.id))!.notes).toBe('');
    },
  );

  it('answers 404 to another organisation and 403 to warehouseTempo', async () => {
    const order = await newOrder();
    expect((await call('PUT', `/api/orders/${order.id}`, who.superAcme, { notes: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/orders/${order.id}`, who.tempo, { notes: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/orders/${order.id}`, who.warehouse, {})).statusCode).toBe(400);
  });
});

describe('POST /api/orders/{id}/cancel', () => {
  it.each(['open', 'picking', 'qc'])('cancels a %s order, audited', async (state) => {
    const order = await newOrder();
    await setState(order.id, state);
    const res = await call('POST', `/api/orders/${order.id}/cancel`, who.warehouse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, state: 'cancelled' });
    expect((await auditOf(app, 'order', order.id)).at(-1)).toMatchObject({
      action: 'cancel',
      before: expect.objectContaining({ state }),
      after: expect.objectContaining({ state: 'cancelled' }),
    });
  });

  it.each(['shipped', 'cancelled'])('refuses to cancel a %s order (409)', async (state) => {
    const order = await newOrder();
    await setState(order.id, state);
    const res = await call('POST', `/api/orders/${order.id}/cancel`, who.warehouse);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('A shipped or cancelled order cannot be cancelled');
    expect((await storedOrder(app, order.id))!.state).toBe(state);
  });

  it('answers 404 to another organisation and 403 to warehouseTempo', async () => {
    const order = await newOrder();
    expect((await call('POST', `/api/orders/${order.id}/cancel`, who.acmeWarehouse)).statusCode).toBe(404);
    expect((await call('POST', `/api/orders/${order.id}/cancel`, who.tempo)).statusCode).toBe(403);
    expect((await storedOrder(app, order.id))!.state).toBe('open');
  });
});

describe('GET /api/orders/customers', () => {
  it('answers the organisations the caller may order for', async () => {
    expect((await call('GET', '/api/orders/customers', who.tempo)).json()).toEqual({
      data: [{ id: demo, name: 'Demo Hospital' }],
    });
    const all = (await call('GET', '/api/orders/customers', who.superDemo)).json().data as { id: string }[];
    expect(all.map((o) => o.id)).toEqual(expect.arrayContaining([demo, acme]));
    expect((await call('GET', '/api/orders/customers', who.admin)).statusCode).toBe(403);
  });
});
