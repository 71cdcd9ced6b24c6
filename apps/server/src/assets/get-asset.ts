import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gatewayCoverageRadiusM, type AssetDetail, type AssetTracker } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Caller } from '../platform/caller';
import { jsonArray } from '../platform/db/json-params';
import { notFound } from '../platform/errors';
import { gateways, zones } from '../db/schema';
import { findAsset, lastSeenOf, toAssets, type AssetRow } from './asset-rows';

// SPEC §3 Map tracker of type asset (issue 20): the asset is drawn where the gateway that heard its
// tag best is placed, as the alert detail draws an alert at its gateway (alerts/alert-position.ts):
// the gateway's coordinates and the floor above its area, a floor of the caller's zones.

export const ASSET_NOT_FOUND = 'Asset not found';

const place = alias(zones, 'place');
const floor = alias(zones, 'floor');

type Coordinates = { lat?: unknown; lng?: unknown };

/** Where this gateway of the caller's organisation is placed on a floor of the caller's scope, if it is. */
async function gatewayTracker(db: Db, caller: Caller, gatewayId: string): Promise<AssetTracker | null> {
  const { orgId, roots } = caller.scope;
  const [row] = await db
    .select({ config: gateways.config, floorId: floor.id })
    .from(gateways)
    .innerJoin(place, eq(place.id, gateways.zoneId))
    .innerJoin(floor, and(sql`${floor.id} = any(${place.path})`, eq(floor.level, 'floor')))
    .where(
      and(
        eq(gateways.orgId, orgId),
        eq(gateways.id, gatewayId),
        sql`${floor.path} && ${jsonArray(roots, 'uuid')}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const { lat, lng } = (row.config.coordinates ?? {}) as Coordinates;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const logistics = row.config.logistics as { sku?: unknown } | undefined;
  const radius = gatewayCoverageRadiusM({
    category: typeof row.config.category === 'string' ? row.config.category : null,
    sku: typeof logistics?.sku === 'string' ? logistics.sku : null,
  });
  return { floorId: row.floorId, gateway: gatewayId, lat, lng, radius };
}

/**
 * One asset with its tracker: to a caller who may read floor plans, where its tag was last heard
 * by a gateway placed on a floor in scope; null otherwise.
 */
export async function assetDetail(db: Db, caller: Caller, row: AssetRow): Promise<AssetDetail> {
  const [asset] = await toAssets(db, caller.scope, [row]);
  let tracker: AssetTracker | null = null;
  if (row.tagId && caller.ability.can('read', 'FloorPlan')) {
    const seen = (await lastSeenOf(db, caller.scope, [row.tagId])).get(row.tagId);
    if (seen?.lastSeen.zoneId) tracker = await gatewayTracker(db, caller, seen.position.gateway);
  }
  return { ...asset!, tracker };
}

/** GET /api/assets/{id}: `{data}` (SPEC §7 data.data); another organisation's or scope's asset is a 404. */
export async function getAsset(db: Db, caller: Caller, id: string): Promise<{ data: AssetDetail }> {
  const row = await findAsset(db, caller.scope, id);
  if (!row) throw notFound(ASSET_NOT_FOUND);
  return { data: await assetDetail(db, caller, row) };
}
