import type { z } from 'zod';
import { eq, inArray } from 'drizzle-orm';
import type { zoneGetQuerySchema } from '@vigil/domain';
import { uuidSchema } from '@vigil/domain';
import { zones } from '../db/schema';
import { notFound } from '../platform/errors';
import { findZone, findZones, toZone, zoneContext } from './zones';

import type { Db } from '../platform/db/client';
import type { Scope } from '../platform/scope';

type ZoneGetQuery = z.infer<typeof zoneGetQuerySchema>;

/**
 * GET /api/zones/{id}: a zone of the caller's scope, with its children, its context (the path's
 * zones) and its peers when asked.
 */
export async function getZone(db: Db, scope: Scope, id: string, query: ZoneGetQuery) {
  const zone = uuidSchema.safeParse(id).success ? await findZone(db, scope, id) : undefined;
  if (!zone) throw notFound('Zone not found');
  const children = query.children
    ? (await findZones(db, scope, eq(zones.parentId, zone.row.id))).map((c) => toZone(c.row, c.isLeaf))
    : undefined;
  const context = query.context ? await zoneContext(db, zone.row, scope) : undefined;
  const peerZones =
    query.peers && zone.row.peers.length
      ? (await findZones(db, scope, inArray(zones.id, zone.row.peers))).map((p) => toZone(p.row, p.isLeaf))
      : query.peers
        ? []
        : undefined;
  return { ...toZone(zone.row, zone.isLeaf, { children, context }), ...(peerZones ? { peerZones } : {}) };
}
