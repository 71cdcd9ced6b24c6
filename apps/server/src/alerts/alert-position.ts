import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gatewayCoverageRadiusM, type Alert, type AlertPosition } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import type { Caller } from '../platform/caller';
import { gateways, zones } from '../db/schema';

// Issue 15 'The alert on the map': a responder who may read floor plans sees where the alert was
// heard without reading gateways (SPEC §6 security reads Alert, FloorPlan and Zone, not Gateway).
// The point is where the alert's gateway is placed: its coordinates and the floor above its area,
// which are its marker's (assigning a marker places the gateway there, markers/marker-gateway.ts),
// and what the floor map draws its trackers at.

const place = alias(zones, 'place');
const floor = alias(zones, 'floor');

type Coordinates = { lat?: unknown; lng?: unknown };

/**
 * The positions of the gateways these alerts were heard by, by gateway id, in one query: gateways of
 * the caller's organisation with coordinates, located under a floor of the caller's scope.
 */
async function gatewayPositions(db: Db, caller: Caller, ids: string[]): Promise<Map<string, AlertPosition>> {
  const { orgId, roots } = caller.scope;
  const rows = await db
    .select({ id: gateways.id, config: gateways.config, floorId: floor.id })
    .from(gateways)
    .innerJoin(place, eq(place.id, gateways.zoneId))
    .innerJoin(floor, and(sql`${floor.id} = any(${place.path})`, eq(floor.level, 'floor')))
    .where(
      and(
        eq(gateways.orgId, orgId),
        sql`${gateways.id} = any(${jsonArray(ids)})`,
        // Only floors inside the caller's zones: a caller scoped to a unit sees no floor.
        sql`${floor.path} && ${jsonArray(roots, 'uuid')}`,
      ),
    );
  const positions = new Map<string, AlertPosition>();
  for (const row of rows) {
    const { lat, lng } = (row.config.coordinates ?? {}) as Coordinates;
    if (typeof lat !== 'number' || typeof lng !== 'number') continue;
    const logistics = row.config.logistics as { sku?: unknown } | undefined;
    const radius = gatewayCoverageRadiusM({
      category: typeof row.config.category === 'string' ? row.config.category : null,
      sku: typeof logistics?.sku === 'string' ? logistics.sku : null,
    });
    positions.set(row.id, { floorId: row.floorId, lat, lng, radius });
  }
  return positions;
}

/**
 * The alerts with their `position` for a caller who may read FloorPlan (null where the gateway is not
 * placed on a floor in scope); as they are for anyone else. One query for the whole list.
 */
export async function withPositions<T extends Alert>(db: Db, caller: Caller, alerts: T[]): Promise<T[]> {
  if (!caller.ability.can('read', 'FloorPlan')) return alerts;
  const ids = [...new Set(alerts.flatMap((alert) => (alert.gateway ? [alert.gateway] : [])))];
  const positions = ids.length ? await gatewayPositions(db, caller, ids) : new Map<string, AlertPosition>();
  return alerts.map((alert) => ({
    ...alert,
    position: (alert.gateway && positions.get(alert.gateway)) || null,
  }));
}
