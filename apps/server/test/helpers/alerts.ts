import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { eventsForPattern, type PressPatternName } from '@vigil/domain';
import { credentials, roles, tags, users, zones } from '../../src/db/schema';
import { DEMO_GATEWAY_KEY, DEMO_PASSWORD } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { unique } from './app';

/** Tests share one database: each makes its own tags (fresh MACs) and nonces. */

export const DEMO_GATEWAY = 'b0a710000001';

export function gatewayAuth(key = DEMO_GATEWAY_KEY): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
}

/** A MAC no seeded device carries. */
export function freshMac(): string {
  return `a1${crypto.randomBytes(5).toString('hex')}`;
}

export async function zoneByName(app: FastifyInstance, name: string, slug = 'demo') {
  const [org] = await app.db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  const rows = await app.db.select().from(zones).where(eq(zones.name, name));
  const zone = rows.find((z) => z.path.includes(org!.id));
  if (!zone) throw new Error(`no zone ${name} in ${slug}`);
  return zone;
}

/** A deployed tag of the organisation, located in `zoneName` (null: unlocated), with an owner. */
export async function freshTag(
  app: FastifyInstance,
  zoneName: string | null,
  opts: { slug?: string; owner?: string } = {},
): Promise<string> {
  const slug = opts.slug ?? 'demo';
  const [org] = await app.db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  const zoneId = zoneName ? (await zoneByName(app, zoneName, slug)).id : null;
  const id = freshMac();
  await app.db.insert(tags).values({
    id,
    orgId: org!.id,
    zoneId,
    config: {
      state: 'deployed',
      ...(zoneId ? { location: zoneId } : {}),
      label: `Badge ${id.slice(-4)}`,
      owner: { name: opts.owner ?? unique('Owner '), personId: `P-${id.slice(-4)}` },
    },
  });
  return id;
}

export type PressOptions = {
  nonce?: string | number;
  pattern?: PressPatternName;
  gateway?: string;
  key?: string;
};

export function pressBody(tag: string, opts: PressOptions = {}) {
  return {
    gateway: opts.gateway ?? DEMO_GATEWAY,
    buttonEvents: [
      { tag, nonce: opts.nonce ?? unique('n'), events: eventsForPattern(opts.pattern ?? 'help') },
    ],
  };
}

/** One press through the ingest API, as a gateway sends it. */
export function press(app: FastifyInstance, tag: string, opts: PressOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/button-events',
    headers: gatewayAuth(opts.key),
    payload: pressBody(tag, opts),
  });
}

/** Presses and answers the alert id (the press must open or join an alert). */
export async function pressForAlert(app: FastifyInstance, tag: string, opts: PressOptions = {}) {
  const res = await press(app, tag, opts);
  if (res.statusCode !== 200) throw new Error(`press failed: ${res.statusCode} ${res.body}`);
  return res.json().results[0].alertId as string;
}

/**
 * A user of the demo organisation placed in `zoneName` with `role`, optionally with a location,
 * written straight to the database (the Users API has its own tests).
 */
export async function placedUser(
  app: FastifyInstance,
  opts: { zone: string; role: string; location?: string[] },
): Promise<string> {
  const zone = await zoneByName(app, opts.zone);
  const email = `${unique('u')}@demo.example`;
  const [user] = await app.db
    .insert(users)
    .values({ email, name: unique('User '), role: opts.role, zoneId: zone.id, location: opts.location ?? [] })
    .returning();
  await app.db
    .insert(credentials)
    .values({ userId: user!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return email;
}

export async function customRole(app: FastifyInstance, abilities: unknown[]): Promise<string> {
  const id = unique('role');
  await app.db.insert(roles).values({ id, abilities });
  return id;
}
