import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orderContacts, orders } from '../../src/db/schema';
import { getTestApp, unique } from '../helpers/app';
import { auditOf, callers, ok, orgId, recipientWithBook, type Headers } from './helpers';

// Issue 22 Orders Address Book: SPEC §7 GET orders/recipients, orders/addresses, orders/contacts and
// their writes; SPEC §3 contact kinds; SPEC §5 'Invalid phone number'; SPEC §6 Order; the caller's
// organisation only.

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

describe('GET and POST /api/orders/recipients', () => {
  it('adds a recipient to the caller’s book, audited, and finds it by name with its counts', async () => {
    const name = unique('Central Stores ');
    const res = await call('POST', '/api/orders/recipients', who.warehouse, {
      name: `  ${name} `,
      notes: 'Dock 2',
      customerOrgId: demo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const recipient = res.json();
    expect(recipient).toMatchObject({
      name,
      notes: 'Dock 2',
      customer: { id: demo, name: 'Demo Hospital' },
      addresses: 0,
      contacts: 0,
    });
    expect(await auditOf(app, 'orderRecipient', recipient.id)).toEqual([
      expect.objectContaining({ action: 'create', orgId: demo, after: expect.objectContaining({ name }) }),
    ]);

    await ok(app, who.warehouse, 'POST', '/api/orders/addresses', {
      recipientId: recipient.id,
      line1: '1 Main St',
      city: 'Springfield',
    });
    const list = await call('GET', `/api/orders/recipients?query=${encodeURIComponent(name)}`, who.tempo);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: recipient.id, addresses: 1, contacts: 0 }] });
  });

  it('shows nothing of another organisation’s book', async () => {
    const { recipient } = await recipientWithBook(app, who.warehouse);
    for (const headers of [who.superAcme, who.acmeWarehouse]) {
      const res = await call(
        'GET',
        `/api/orders/recipients?query=${encodeURIComponent(String(recipient.name))}`,
        headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], total: 0 });
      const addresses = await call('GET', `/api/orders/addresses?recipient=${recipient.id}`, headers);
      expect(addresses.json()).toEqual({ data: [], total: 0 });
      const contacts = await call('GET', `/api/orders/contacts?recipient=${recipient.id}`, headers);
      expect(contacts.json()).toEqual({ data: [], total: 0 });
    }
  });

  it('takes only a customer organisation the caller’s grants reach', async () => {
    const refused = await call('POST', '/api/orders/recipients', who.warehouse, {
      name: 'Acme stores',
      customerOrgId: acme,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      reason: 'Choose a customer organisation you may see',
      field: 'customerOrgId',
    });
    // Internal staff at the root reach every organisation.
    const res = await call('POST', '/api/orders/recipients', who.superDemo, {
      name: unique('Acme '),
      customerOrgId: acme,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toEqual({ id: acme, name: 'Acme Clinic' });
  });

  it.each([
    [{ name: '  ' }, 'name'],
    [{ name: 'Stores', colour: 'red' }, 'colour'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'Stores', customerOrgId: 'demo' }, 'customerOrgId'],
  ])('refuses %j naming %s', async (payload, field) => {
    const res = await call('POST', '/api/orders/recipients', who.warehouse, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('needs list Order to read and update Order to write (SPEC §6)', async () => {
    expect((await call('GET', '/api/orders/recipients', who.admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders/recipients', who.tempo)).statusCode).toBe(200);
    expect((await call('POST', '/api/orders/recipients', who.tempo, { name: 'Tempo' })).statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/orders/recipients/{id}', () => {
  it('replaces name, notes and customer, audited with before and after', async () => {
    const { recipient } = await recipientWithBook(app, who.warehouse);
    const name = unique('Renamed ');
    const res = await call('PUT', `/api/orders/recipients/${recipient.id}`, who.warehouse, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, notes: '', customer: null, addresses: 1, contacts: 1 });
    const [, entry] = await auditOf(app, 'orderRecipient', recipient.id);
    expect(entry).toMatchObject({ action: 'update', before: { name: recipient.name }, after: { name } });
  });

  it('answers 404 for another organisation’s recipient or a bad id, and writes nothing', async () => {
    const { recipient } = await recipientWithBook(app, who.warehouse);
    for (const url of [`/api/orders/recipients/${recipient.id}`, '/api/orders/recipients/nope']) {
      expect((await call('PUT', url, who.superAcme, { name: 'Taken' })).statusCode).toBe(404);
      expect((await call('DELETE', url, who.acmeWarehouse)).statusCode).toBe(404);
    }
    expect((await auditOf(app, 'orderRecipient', recipient.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('deletes a recipient with its addresses and contacts; refused while an order not yet shipped names it', async () => {
    const { recipient, address, contact } = await recipientWithBook(app, who.warehouse);
    const order = await ok(app, who.warehouse, 'POST', '/api/orders', {
      customerOrgId: demo,
      lines: [{ sku: 'TAG5', quantity: 20 }],
      recipientId: recipient.id,
      addressId: address.id,
      contactId: contact.id,
    });
    expect((await call('DELETE', `/api/orders/recipients/${recipient.id}`, who.tempo)).statusCode).toBe(403);
    const refused = await call('DELETE', `/api/orders/recipients/${recipient.id}`, who.warehouse);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'in_use',
      reason: expect.stringContaining(String(order.reference)),
    });
    for (const [url, what] of [
      [`/api/orders/addresses/${address.id}`, 'address'],
      [`/api/orders/contacts/${contact.id}`, 'contact'],
    ]) {
      const res = await call('DELETE', url!, who.warehouse);
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe(
        `This ${what} is on order ${String(order.reference)}, which is not shipped yet`,
      );
    }

    await ok(app, who.warehouse, 'POST', `/api/orders/${order.id}/cancel`);
    const res = await call('DELETE', `/api/orders/recipients/${recipient.id}`, who.warehouse);
    expect(res.statusCode, res.body).toBe(204);
    expect(
      (await call('GET', `/api/orders/addresses?recipient=${recipient.id}`, who.warehouse)).json().total,
    ).toBe(0);
    expect(
      (await call('GET', `/api/orders/contacts?recipient=${recipient.id}`, who.warehouse)).json().total,
    ).toBe(0);
    // The cancelled order stays, without its recipient.
    const [kept] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ state: 'cancelled', recipientId: null, addressId: null, contactId: null });
    expect((await auditOf(app, 'orderRecipient', recipient.id)).at(-1)).toMatchObject({ action: 'delete' });
  });
});

describe('/api/orders/addresses (SPEC §3 Order address)', () => {
  it('lists one recipient’s addresses, edits one and deletes one', async () => {
    const { recipient, address } = await recipientWithBook(app, who.warehouse);
    const list = await call('GET', `/api/orders/addresses?recipient=${recipient.id}`, who.tempo);
    expect(list.json()).toMatchObject({
      total: 1,
      data: [
        {
          id: address.id,
          line1: '1 Hospital Way',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          country: 'US',
        },
      ],
    });
    const res = await call('PUT', `/api/orders/addresses/${address.id}`, who.warehouse, {
      line1: '9 Rue Cler',
      city: 'Paris',
      postalCode: '75007',
      country: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      recipientId: recipient.id,
      line1: '9 Rue Cler',
      region: '',
      country: 'FR',
    });
    expect((await call('DELETE', `/api/orders/addresses/${address.id}`, who.warehouse)).statusCode).toBe(204);
    expect((await auditOf(app, 'orderAddress', address.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('refuses a recipient of another organisation, a bad filter and a missing city', async () => {
    const { recipient, address } = await recipientWithBook(app, who.warehouse);
    const foreign = await call('POST', '/api/orders/addresses', who.acmeWarehouse, {
      recipientId: recipient.id,
      line1: '1 Main St',
      city: 'Springfield',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().reason).toBe('Recipient not found');
    expect(
      (await call('PUT', `/api/orders/addresses/${address.id}`, who.superAcme, { line1: 'a', city: 'b' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/orders/addresses?recipient=stores', who.warehouse)).statusCode).toBe(400);
    const noCity = await call('POST', '/api/orders/addresses', who.warehouse, {
      recipientId: recipient.id,
      line1: '1 Main St',
    });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().field).toBe('city');
    expect(
      (
        await call('POST', '/api/orders/addresses', who.tempo, {
          recipientId: recipient.id,
          line1: 'a',
          city: 'b',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('/api/orders/contacts (SPEC §3 contact kinds, SPEC §5 phone numbers)', () => {
  const contactsOf = (recipientId: string) =>
    app.db.select().from(orderContacts).where(eq(orderContacts.recipientId, recipientId));

  it('keeps an sms number in E.164, parsed as a US number', async () => {
    const { recipient, contact } = await recipientWithBook(app, who.warehouse);
    expect(contact).toMatchObject({
      recipientId: recipient.id,
      kind: 'sms',
      value: '+12015550123',
      name: 'Dock desk',
    });
    const list = await call('GET', `/api/orders/contacts?recipient=${recipient.id}`, who.tempo);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: contact.id, value: '+12015550123' }] });
  });

  it.each([
    ['sms', '555-0123', 'Invalid phone number'],
    ['email', 'stores@', 'Invalid e-mail address'],
    ['wctp', 'pager 12', 'Enter the pager or device id'],
    ['tiger', 'tiger-4411', 'Enter the http(s) address of the receiving system'],
  ])('refuses a %s contact %j with %j and writes nothing', async (kind, value, reason) => {
    const { recipient } = await recipientWithBook(app, who.warehouse);
    const res = await call('POST', '/api/orders/contacts', who.warehouse, {
      recipientId: recipient.id,
      kind,
      value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason, field: 'value' });
    expect(await contactsOf(recipient.id)).toHaveLength(1);
  });

  it('takes the seven kinds of SPEC §3 only', async () => {
    const { recipient } = await recipientWithBook(app, who.warehouse);
    const res = await call('POST', '/api/orders/contacts', who.warehouse, {
      recipientId: recipient.id,
      kind: 'fax',
      value: '2015550123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('kind');
  });

  it('changes a contact’s kind and value, refusing an invalid phone number on the way', async () => {
    const { contact } = await recipientWithBook(app, who.warehouse);
    const bad = await call('PUT', `/api/orders/contacts/${contact.id}`, who.warehouse, {
      kind: 'sms',
      value: '12',
    });
    expect(bad.json()).toMatchObject({ reason: 'Invalid phone number' });
    const res = await call('PUT', `/api/orders/contacts/${contact.id}`, who.warehouse, {
      kind: 'email',
      value: ' stores@demo.example ',
      name: 'Stores',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'email', value: 'stores@demo.example', name: 'Stores' });
    expect((await call('DELETE', `/api/orders/contacts/${contact.id}`, who.superAcme)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/orders/contacts/${contact.id}`, who.tempo)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/orders/contacts/${contact.id}`, who.warehouse)).statusCode).toBe(204);
    expect((await auditOf(app, 'orderContact', contact.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});
