import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { assets, auditLog, gateways } from '../../src/db/schema';
import { signIn, unique } from '../helpers/app';
import { freshMac, placedUser, zoneByName } from '../helpers/alerts';
import { orgIdOf, postSightings } from '../sightings/helpers';

// Issue 20 assets: the callers and the rows the asset tests share. Every asset a test makes sits on
// a fresh tag, so the tests of one shared database never see each other's.

export type Headers = Record<string, string>;

/** Signed-in callers of SPEC §6's roles: three asset-tracking roles, one without Asset, and acme. */
export async function callers(app: FastifyInstance) {
  const as = async (role: string, zone = 'Demo Hospital') =>
    (await signIn(app, await placedUser(app, { zone, role }))).headers;
  return {
    admin: (await signIn(app, 'admin@demo.example')).headers,
    acme: (await signIn(app, 'admin@acme.example', 'acme')).headers,
    security: (await signIn(app, 'security@demo.example')).headers,
    user: await as('assetTrackingUser'),
    tracking: await as('assetTracking'),
    trackingAdmin: await as('assetTrackingAdmin'),
    /** An asset-tracking user whose zone is the unit Ward 3 (Floor 2). */
    ward3: await as('assetTracking', 'Ward 3'),
    /** An asset-tracking administrator whose zone is Ward 3. */
    ward3Admin: await as('assetTrackingAdmin', 'Ward 3'),
  };
}

/** A gateway of the demo organisation in `area`, placed on the map at `coordinates` when given. */
export async function freshGateway(
  app: FastifyInstance,
  area: string,
  coordinates?: { lat: number; lng: number },
): Promise<string> {
  const id = freshMac();
  const zone = await zoneByName(app, area);
  await app.db.insert(gateways).values({
    id,
    orgId: await orgIdOf(app, 'demo'),
    zoneId: zone.id,
    config: {
      state: 'deployed',
      location: zone.id,
      logistics: { sku: 'GW2' },
      ...(coordinates ? { coordinates } : {}),
    },
  });
  return id;
}

/** The tag heard by the gateway now, as the sightings API takes it. */
export async function hear(app: FastifyInstance, gateway: string, tag: string, rssi = -60) {
  const res = await postSightings(app, gateway, [{ tag, rssi, at: Date.now() }]);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ accepted: 1, unknownTags: 0 });
}

/** POST /api/assets as `headers`; the answer's asset. */
export async function newAsset(
  app: FastifyInstance,
  headers: Headers,
  body: { tagId: string; zoneId?: string | null; name?: string; status?: string; notes?: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/assets',
    headers,
    payload: { name: unique('Asset '), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; tagId: string; status: string; notes: string };
}

export async function storedAsset(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(assets).where(eq(assets.id, id));
  return row;
}

export async function countAssets(app: FastifyInstance) {
  return (await app.db.select({ n: sql<number>`count(*)::int` }).from(assets))[0]!.n;
}

export function auditOf(app: FastifyInstance, id: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'asset'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}
