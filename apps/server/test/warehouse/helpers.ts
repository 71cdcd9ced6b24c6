import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { credentials, tags, users, zones } from '../../src/db/schema';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { signIn, unique } from '../helpers/app';

// Issue 22 warehouse scans: the callers and calls the scan tests share (one database for all tests:
// every device a test makes has an id of its own).

export type Headers = Record<string, string>;
export type Answer = {
  step: string;
  understood: { kind: string; id: string | null; text: string };
  changed: { outcome: 'changed' | 'nothing' | 'refused'; text: string; code?: string; devices: string[] };
  next: string;
  print: { barcode: string; sku: string; repack: boolean } | null;
  order: { number: number; state: string; complete: boolean; qcDone: boolean } | null;
  repeat: boolean;
};

export async function orgIdOf(app: FastifyInstance, slug: string): Promise<string> {
  const [org] = await app.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  return org!.id;
}

/** A new user of `role` in the organisation of `slug`, signed in there. */
export async function userIn(app: FastifyInstance, slug: string, role: string): Promise<Headers> {
  const email = `${unique('scans')}@${slug}.example`;
  const [user] = await app.db
    .insert(users)
    .values({ email, name: unique('Scans '), role, zoneId: await orgIdOf(app, slug) })
    .returning();
  await app.db
    .insert(credentials)
    .values({ userId: user!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return (await signIn(app, email, slug)).headers;
}

/** 12 lower-case hex no other test uses. */
export function freshMac(): string {
  return `5c${crypto.randomBytes(5).toString('hex')}`;
}

export type Scan = { step: string; text: string; idempotencyKey?: string } & Record<string, unknown>;

export function scanner(app: FastifyInstance) {
  const post = (headers: Headers, body: Scan) =>
    app.inject({
      method: 'POST',
      url: '/api/warehouse/scan',
      headers,
      payload: { idempotencyKey: crypto.randomUUID(), ...body },
    });
  /** A scan answered 200: its answer. */
  const scan = async (headers: Headers, body: Scan): Promise<Answer> => {
    const res = await post(headers, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
  return { post, scan };
}

export async function tagRows(app: FastifyInstance, ids: string[]) {
  const rows = await app.db.select().from(tags).where(inArray(tags.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export const logisticsOf = (row: { config: Record<string, unknown> } | undefined) =>
  (row?.config.logistics ?? {}) as Record<string, unknown>;
