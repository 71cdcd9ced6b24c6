import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { findGateway, updateGateway } from '../gateways';

// A marker's gateway is placed where the marker is: its location and coordinates are the marker's.
// Every change goes through the gateways' own update, so the gateway's rules, its 'config' command
// to the device (the sync log) and its audit entry are the same as an edit on the gateway screen.

type Point = { zoneId: string; lat: number; lng: number };

/** Places the gateway at the marker's zone (an area) and point. */
export async function placeGateway(tx: Db, actor: Actor, gatewayId: string, place: Point): Promise<void> {
  await updateGateway(tx, actor, gatewayId, {
    location: place.zoneId,
    coordinates: { lat: place.lat, lng: place.lng },
  });
}

/**
 * The gateway a marker links, locked, while the link holds: the gateway is in the caller's scope and
 * still placed. One taken off the map or moved away through the gateway screens since is left alone
 * (the marker answers no gateway then, marker-rows.ts).
 */
export async function linkedGateway(tx: Db, actor: Actor, gatewayId: string | null) {
  if (!gatewayId) return undefined;
  const gateway = await findGateway(tx, actor.caller.scope, gatewayId, true);
  return gateway && gateway.config.coordinates != null ? gateway : undefined;
}

/**
 * Takes the gateway off the map: its coordinates are cleared (its area stays), so it may be assigned
 * to a marker again.
 */
export async function releaseGateway(tx: Db, actor: Actor, gatewayId: string | null): Promise<void> {
  const gateway = await linkedGateway(tx, actor, gatewayId);
  if (gateway) await updateGateway(tx, actor, gateway.id, { coordinates: null });
}
