import { and, eq, ne } from 'drizzle-orm';
import { GATEWAY_ALREADY_PLACED, gatewayAssignmentError, parseMac, type Marker } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { markers, zones } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { writeAudits } from '../platform/audit';
import type { Actor } from '../platform/caller';
import { findGateway } from '../gateways';

import { placeGateway, releaseGateway } from './marker-gateway';
import { auditView, findMarker, toMarkers, type MarkerRow } from './marker-rows';
import { assertMayEditCameras } from './marker-rules';

/**
 * SPEC §7 POST markers/{id}/assign/{gatewayId}, §5 Assigning a gateway: the marker must be in an area
 * ('Must specify area', 400) and the gateway, in the caller's scope, must have no coordinates yet
 * ('This gateway is already assigned to another location', 409); a refusal changes nothing. The
 * gateway then takes the marker's area and coordinates (the gateways' own update, which the update
 * Gateway permission guards there and so here too), and the marker links it. The gateway id is a MAC
 * in any of SPEC §5's forms. A gateway the marker held before is released (its coordinates cleared);
 * a stale link of another marker to this gateway (taken off the map on the gateway screen since) is
 * dropped.
 */
export async function assignGateway(db: Db, actor: Actor, id: string, gatewayId: string): Promise<Marker> {
  const caller = actor.caller;
  if (!caller.ability.can('update', 'Gateway')) throw forbidden('Not allowed to update Gateway');
  const mac = parseMac(gatewayId);
  if (!mac.ok) throw badRequest(mac.reason, 'gatewayId');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findMarker(tx, caller.scope, id, true);
    if (!before) throw notFound('Marker not found');
    if (before.camera !== null) assertMayEditCameras(caller);
    const gateway = await findGateway(tx, caller.scope, mac.value, true);
    if (!gateway) throw notFound('Gateway not found');
    const [zone] = await tx.select({ level: zones.level }).from(zones).where(eq(zones.id, before.zoneId));
    const reason = gatewayAssignmentError(zone?.level, gateway.config.coordinates);
    if (reason === GATEWAY_ALREADY_PLACED) throw conflict(reason, 'gateway_already_placed');
    if (reason) throw badRequest(reason, 'location');

    if (before.gatewayId !== gateway.id) await releaseGateway(tx, actor, before.gatewayId);
    const stale = await unlinkOthers(tx, before, gateway.id);
    await placeGateway(tx, actor, gateway.id, { zoneId: before.zoneId, lat: before.lat, lng: before.lng });
    const [row] = await tx
      .update(markers)
      .set({ gatewayId: gateway.id, updatedAt: new Date() })
      .where(eq(markers.id, before.id))
      .returning();
    await writeAudits(tx, actor, [
      ...stale.map((other) => ({
        entity: 'marker',
        entityId: other.id,
        action: 'unassign',
        before: { gateway: gateway.id },
        after: auditView(other),
      })),
      {
        entity: 'marker',
        entityId: before.id,
        action: 'assign',
        before: auditView(before),
        after: auditView(row!),
      },
    ]);
    const [marker] = await toMarkers(tx, [row!]);
    return marker!;
  });
}

/** Drops the links other markers of the organisation still hold to this gateway; answers them. */
function unlinkOthers(tx: Db, marker: MarkerRow, gatewayId: string): Promise<MarkerRow[]> {
  return tx
    .update(markers)
    .set({ gatewayId: null, updatedAt: new Date() })
    .where(and(eq(markers.orgId, marker.orgId), eq(markers.gatewayId, gatewayId), ne(markers.id, marker.id)))
    .returning();
}
