import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { apiKeys, gateways, zones } from '../../src/db/schema';
import { sha256 } from '../../src/platform/crypto';
import { gatewayAuth } from '../helpers/alerts';
import { unique } from '../helpers/app';

/** A sighting as posted: the tag, its strength and the time (ms since the epoch). */
export type Posted = { tag: string; rssi: number; at: number };

/** One sightings post of `gateway` (a fresh batch id unless given), as a gateway sends it. */
export function postSightings(
  app: FastifyInstance,
  gateway: string,
  sightings: Posted[],
  opts: { batch?: string; key?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/sightings',
    headers: gatewayAuth(opts.key),
    payload: {
      gateway,
      batch: opts.batch ?? unique('batch-'),
      sightings: sightings.map((s) => ({ tag: s.tag, rssi: s.rssi, at: new Date(s.at).toISOString() })),
    },
  });
}

/** A gateway key and a gateway of another organisation (the seed gives `acme` neither). */
export async function otherOrgGateway(app: FastifyInstance, slug = 'acme') {
  const [org] = await app.db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  const key = `vg_test_${crypto.randomBytes(12).toString('hex')}`;
  await app.db.insert(apiKeys).values({
    name: unique('Test gateways '),
    kind: 'gateway',
    zoneId: org!.id,
    role: 'default',
    keyHash: sha256(key),
    prefix: key.slice(0, 10),
  });
  const gateway = `b1${crypto.randomBytes(5).toString('hex')}`;
  await app.db.insert(gateways).values({ id: gateway, orgId: org!.id });
  return { key, gateway, orgId: org!.id };
}

export async function orgIdOf(app: FastifyInstance, slug: string): Promise<string> {
  const [org] = await app.db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')));
  return org!.id;
}
