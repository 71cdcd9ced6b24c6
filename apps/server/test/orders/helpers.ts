import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, credentials, orders, users } from '../../src/db/schema';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { signIn, unique } from '../helpers/app';
import { zoneByName } from '../helpers/alerts';

// Issue 22 orders and the Orders Address Book: the callers and rows the order tests share. Tests
// share one database, so every recipient and order a test makes carries a name of its own.

export type Headers = Record<string, string>;

/** A user of `role` placed at the organisation zone of `slug`, signed in there. */
async function orgUser(app: FastifyInstance, slug: string, role: string): Promise<Headers> {
  const org = await zoneByName(app, slug === 'demo' ? 'Demo Hospital' : 'Acme Clinic', slug);
  const email = `${unique('orders')}@${slug}.example`;
  const [user] = await app.db
    .insert(users)
    .values({ email, name: unique('Orders '), role, zoneId: org.id })
    .returning();
  await app.db
    .insert(credentials)
    .values({ userId: user!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return (await signIn(app, email, slug)).headers;
}

/**
 * SPEC §6 Order: warehouse (list, read, update), warehouseTempo (list, read), admin (none), the
 * super admin in the demo and in acme, and acme's own warehouse user.
 */
export async function callers(app: FastifyInstance) {
  return {
    warehouse: (await signIn(app, 'warehouse@demo.example')).headers,
    tempo: await orgUser(app, 'demo', 'warehouseTempo'),
    admin: (await signIn(app, 'admin@demo.example')).headers,
    superDemo: (await signIn(app, 'superadmin@vigil.example', 'demo')).headers,
    superAcme: (await signIn(app, 'superadmin@vigil.example', 'acme')).headers,
    acmeWarehouse: await orgUser(app, 'acme', 'warehouse'),
  };
}

export async function orgId(app: FastifyInstance, slug: 'demo' | 'acme') {
  return (await zoneByName(app, slug === 'demo' ? 'Demo Hospital' : 'Acme Clinic', slug)).id;
}

type Json = Record<string, unknown>;

/** A call that must succeed: its answer. */
export async function ok(
  app: FastifyInstance,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
) {
  const res = await app.inject({ method, url, headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? (res.json() as Json & { id: string }) : ({} as Json & { id: string });
}

/** A recipient with one address and one sms contact, in the book of `headers`' organisation. */
export async function recipientWithBook(app: FastifyInstance, headers: Headers, name = unique('Stores ')) {
  const recipient = await ok(app, headers, 'POST', '/api/orders/recipients', { name });
  const address = await ok(app, headers, 'POST', '/api/orders/addresses', {
    recipientId: recipient.id,
    line1: '1 Hospital Way',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
  });
  const contact = await ok(app, headers, 'POST', '/api/orders/contacts', {
    recipientId: recipient.id,
    kind: 'sms',
    value: '(201) 555-0123',
    name: 'Dock desk',
  });
  return { recipient, address, contact };
}

export async function storedOrder(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export function auditOf(app: FastifyInstance, entity: string, id: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}
