import { eq } from 'drizzle-orm';
import {
  GATEWAY_AREA_REQUIRED,
  gatewayLocationError,
  mayOverrideAltitude,
  type GatewayDetail,
  type GatewayUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gateways } from '../db/schema';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Caller, Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { findZone } from '../zones';

import type { Config } from './gateway-rows';
import { actorRefOf, objectOf, sameJson } from './gateway-rows';
import { findGateway, toDetail } from './get-gateway';

/** What a gateway is told of its configuration (SPEC §3 config; the sync log shows it). */
export function pushedConfig(config: Config) {
  return {
    location: config.location ?? null,
    labels: config.labels ?? [],
    notes: config.notes ?? null,
    coordinates: config.coordinates ?? null,
    hasAltitudeOverride: config.hasAltitudeOverride === true,
  };
}

/**
 * SPEC §7 PUT gateways/{id} {location, labels, notes, coordinates, hasAltitudeOverride}, stored in
 * `config`. SPEC §5: the location must be an area; the altitude override is an integer, its flag set
 * exactly when there is one, and only outdoor users with update Gateway outdoor may change either.
 * A changed configuration is queued for the gateway as a 'config' command (the sync log).
 */
export async function updateGateway(
  db: Db,
  actor: Actor,
  id: string,
  body: GatewayUpdateBody,
): Promise<GatewayDetail> {
  const caller = actor.caller;
  let area: string | undefined;
  if (body.location !== undefined) {
    if (body.location === null || !UUID_RE.test(body.location))
      throw badRequest(GATEWAY_AREA_REQUIRED, 'location');
    const zone = await findZone(db, caller.scope, body.location);
    const reason = gatewayLocationError(zone?.row.level);
    if (!zone || reason) throw badRequest(reason ?? GATEWAY_AREA_REQUIRED, 'location');
    area = zone.row.id;
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findGateway(tx, caller.scope, id, true);
    if (!before) throw notFound('Gateway not found');
    const config: Config = { ...before.config };
    if (body.labels !== undefined) config.labels = [...new Set(body.labels)];
    if (body.notes !== undefined) config.notes = body.notes ?? '';
    if (area) config.location = area;
    applyCoordinates(config, body, caller);
    const changes: Partial<typeof gateways.$inferInsert> = { config, updatedAt: new Date() };
    if (area) changes.zoneId = area;
    const [row] = await tx.update(gateways).set(changes).where(eq(gateways.id, before.id)).returning();
    if (!sameJson(pushedConfig(before.config), pushedConfig(config))) {
      await tx.insert(gatewayCommands).values({
        orgId: before.orgId,
        gatewayId: before.id,
        type: 'config',
        payload: pushedConfig(config),
        actor: actorRefOf(caller),
      });
    }
    await writeAudit(tx, actor, {
      entity: 'gateway',
      entityId: before.id,
      action: 'update',
      before: { config: before.config },
      after: { config },
    });
    return toDetail(tx, row!);
  });
}

/**
 * Coordinates and the altitude override (SPEC §5). `coordinates` without `alt` keeps the stored
 * altitude; `alt: null` or `hasAltitudeOverride: false` clears it. The flag is derived, and a flag
 * sent that disagrees with the altitude is refused.
 */
function applyCoordinates(config: Config, body: GatewayUpdateBody, caller: Caller): void {
  if (body.coordinates === undefined && body.hasAltitudeOverride === undefined) return;
  const stored = objectOf(config.coordinates);
  const storedAlt = typeof stored.alt === 'number' ? stored.alt : null;
  const storedFlag = config.hasAltitudeOverride === true;
  let alt = storedAlt;
  if (body.coordinates === null) {
    delete config.coordinates;
    alt = null;
  } else if (body.coordinates) {
    if (body.coordinates.alt !== undefined) alt = body.coordinates.alt;
    config.coordinates = {
      lat: body.coordinates.lat,
      lng: body.coordinates.lng,
      ...(alt === null ? {} : { alt }),
    };
  }
  if (body.hasAltitudeOverride === false && body.coordinates?.alt === undefined) alt = null;
  const flag = Number.isInteger(alt);
  if (body.hasAltitudeOverride !== undefined && body.hasAltitudeOverride !== flag) {
    throw badRequest(
      'The altitude override is set exactly when the altitude is a whole number',
      'hasAltitudeOverride',
    );
  }
  if ((alt !== storedAlt || flag !== storedFlag) && !mayOverrideAltitude(caller.ability, caller.flags)) {
    throw forbidden('Only outdoor users who may update outdoor gateways may override the altitude');
  }
  if (config.coordinates) {
    const coordinates = { ...objectOf(config.coordinates) };
    if (alt === null) delete coordinates.alt;
    else coordinates.alt = alt;
    config.coordinates = coordinates;
  }
  config.hasAltitudeOverride = flag;
}

/** Clears where a gateway was: location, coordinates and the altitude override. */
export function withoutPlace(config: Config): Config {
  const { location: _l, coordinates: _c, hasAltitudeOverride: _h, ...rest } = config;
  return rest;
}
