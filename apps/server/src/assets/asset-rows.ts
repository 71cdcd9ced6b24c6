import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Asset, AssetLastSeen } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { assets, zones } from '../db/schema';
import { UUID_RE } from '../platform/db/checks';
import { isZoneInScope, type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { positionsOf, type TagPosition } from '../sightings';
import { locationNamesOf } from '../zones';

// SPEC §3 Asset (issue 20): an asset is in the caller's scope by the zone it belongs to; where it is
// now is its tag's position, told only as far as the caller's zones reach.

export type AssetRow = typeof assets.$inferSelect;

export function assetInScope(scope: Scope) {
  return and(eq(assets.orgId, scope.orgId), locatedInScope(scope, assets.zoneId, assets.orgId))!;
}

/** The asset of the caller's scope with this id (undefined for another organisation's or a bad id). */
export async function findAsset(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(assets)
    .where(and(eq(assets.id, id), assetInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const floor = alias(zones, 'floor');

/** Each zone's path and the floor it is (or is under), for the zones of these positions. */
async function placesOf(db: Db, zoneIds: string[]) {
  if (zoneIds.length === 0) return new Map<string, { path: string[]; floorId: string | null }>();
  const rows = await db
    .select({ id: zones.id, path: zones.path, floorId: floor.id })
    .from(zones)
    .leftJoin(floor, and(sql`${floor.id} = any(${zones.path})`, eq(floor.level, 'floor')))
    .where(inArray(zones.id, zoneIds));
  return new Map(rows.map((row) => [row.id, { path: row.path, floorId: row.floorId }]));
}

/**
 * The last location of each of these tags (by tag id): the position's time, and its zone, names
 * and floor where that zone lies inside the caller's scope. Four queries for a whole page.
 */
export async function lastSeenOf(
  db: Db,
  scope: Scope,
  tagIds: readonly (string | null)[],
): Promise<Map<string, { position: TagPosition; lastSeen: AssetLastSeen }>> {
  const ids = [...new Set(tagIds.filter((id): id is string => !!id))];
  const positions = await positionsOf(db, scope.orgId, ids);
  const places = await placesOf(db, [...new Set(positions.flatMap((p) => (p.zoneId ? [p.zoneId] : [])))]);
  const visible = (zoneId: string | null) => {
    const place = zoneId ? places.get(zoneId) : undefined;
    return place && isZoneInScope(scope, { id: zoneId!, path: place.path }) ? place : undefined;
  };
  const names = await locationNamesOf(
    db,
    positions.map((p) => (visible(p.zoneId) ? p.zoneId : null)),
  );
  const out = new Map<string, { position: TagPosition; lastSeen: AssetLastSeen }>();
  for (const position of positions) {
    const place = visible(position.zoneId);
    const zoneNames = place ? names.get(position.zoneId!) : undefined;
    out.set(position.tag, {
      position,
      lastSeen: {
        at: position.seenAt.toISOString(),
        zoneId: place ? position.zoneId : null,
        path: zoneNames?.path ?? null,
        floor: zoneNames?.floor ?? null,
        floorId: place?.floorId ?? null,
      },
    });
  }
  return out;
}

/** The API shape of a page of assets, with the names of the zones they belong to and their last location. */
export async function toAssets(db: Db, scope: Scope, rows: AssetRow[]): Promise<Asset[]> {
  // One after the other: inside a transaction the queries share one connection.
  const belongs = await locationNamesOf(
    db,
    rows.map((r) => r.zoneId),
  );
  const seen = await lastSeenOf(
    db,
    scope,
    rows.map((r) => r.tagId),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tagId: row.tagId,
    status: row.status,
    notes: row.notes,
    zoneId: row.zoneId,
    zonePath: row.zoneId ? (belongs.get(row.zoneId)?.path ?? null) : null,
    lastSeen: row.tagId ? (seen.get(row.tagId)?.lastSeen ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What the audit log keeps of an asset. */
export function auditView(row: Pick<AssetRow, 'name' | 'tagId' | 'zoneId' | 'status' | 'notes'>) {
  return { name: row.name, tagId: row.tagId, zoneId: row.zoneId, status: row.status, notes: row.notes };
}
