import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Marker, MarkerCamera } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways, markers } from '../db/schema';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { UUID_RE } from '../platform/db/checks';

// What every marker operation shares: the scope condition, finding one marker, and its API shape
// (SPEC §3 Marker) with the assigned gateway's state for the map's colour rule (SPEC §4).

export type MarkerRow = typeof markers.$inferSelect;
type GatewayState = Record<string, unknown>;

/** Markers the caller may see: its organisation, located in a zone of its scope. */
export function markerInScope(scope: Scope): SQL {
  return and(eq(markers.orgId, scope.orgId), locatedInScope(scope, markers.zoneId, markers.orgId))!;
}

/** One marker in the caller's scope (locked for a write when asked), or undefined. */
export async function findMarker(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(markers)
    .where(and(eq(markers.id, id), markerInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The state of the gateways these markers link, by gateway id. A link counts while its gateway is
 * still placed (has coordinates) in the marker's organisation: one taken off the map or transferred
 * through the gateway screens since is no longer on this marker (and its state may be another
 * organisation's), so the marker reads as having none (SPEC §4: gray) and may be assigned again.
 */
async function gatewayStates(db: Db, rows: MarkerRow[]): Promise<Map<string, GatewayState>> {
  const linked = rows.filter((row) => row.gatewayId !== null);
  if (linked.length === 0) return new Map();
  const found = await db
    .select({ id: gateways.id, orgId: gateways.orgId, config: gateways.config, state: gateways.state })
    .from(gateways)
    .where(inArray(gateways.id, [...new Set(linked.map((row) => row.gatewayId!))]));
  const orgOf = new Map(linked.map((row) => [row.gatewayId!, row.orgId]));
  const placed = found.filter((g) => orgOf.get(g.id) === g.orgId && g.config.coordinates != null);
  return new Map(placed.map((g) => [g.id, g.state]));
}

/** SPEC §3 Marker: `gateway` and `state` are null until a gateway is assigned. */
export function toMarker(row: MarkerRow, gatewayState?: GatewayState): Marker {
  const gateway = gatewayState && row.gatewayId ? row.gatewayId : null;
  return {
    id: row.id,
    config: {
      location: row.zoneId,
      coordinates: { lat: row.lat, lng: row.lng },
      labels: row.labels,
      notes: row.notes,
      camera: (row.camera as MarkerCamera | null) ?? null,
    },
    gateway,
    state: gateway ? gatewayState! : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Markers in their API shape, their gateways' states read in one query. */
export async function toMarkers(db: Db, rows: MarkerRow[]): Promise<Marker[]> {
  const states = await gatewayStates(db, rows);
  return rows.map((row) => toMarker(row, row.gatewayId ? states.get(row.gatewayId) : undefined));
}

/** A marker as its audit entries record it. */
export function auditView(row: MarkerRow) {
  return {
    location: row.zoneId,
    coordinates: { lat: row.lat, lng: row.lng },
    labels: row.labels,
    notes: row.notes,
    camera: row.camera,
    gateway: row.gatewayId,
  };
}
