import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  REPLACEMENT_SAME_GATEWAY,
  parseMac,
  replacementRefusal,
  type GatewayReplaceResult,
  type GatewayUnassignBody,
  type ReplacementGateway,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { batchOperations, gatewayCommands, gateways, markers, zones } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../platform/errors';
import { writeAudits, type AuditEntry } from '../platform/audit';
import type { Actor, Caller } from '../platform/caller';

import type { Config, GatewayRow } from './gateway-rows';
import { actorRefOf, gatewayInScope } from './gateway-rows';
import { applyRemoval } from './gateway-removal';
import { toDetail } from './get-gateway';
import { pushedConfig } from './update-gateway';

export type ReplaceRequest = GatewayUnassignBody & { newGatewayId: string };

/**
 * Issue 21 "Device replacement", POST gateways/{id}/replace {newGatewayId, action, rmaReason}: in one
 * transaction the new gateway (ready to deploy) takes the old one's place — location, coordinates,
 * altitude override, labels, notes, and the marker that named it — and becomes deployed; the old one
 * leaves with its SPEC §3 removal action exactly as unassign does (gateway-removal.ts). Both are
 * audited and the run is one entry of the batch log. A refusal or a failure writes nothing.
 */
export async function replaceGateway(
  db: Db,
  actor: Actor,
  id: string,
  body: ReplaceRequest,
): Promise<GatewayReplaceResult> {
  const caller = actor.caller;
  const oldId = parseMac(id);
  if (!oldId.ok) throw notFound('Gateway not found');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { old, fresh } = await lockPair(tx, caller, oldId.value, body.newGatewayId);
    const reason = replacementRefusal(candidateOf(old), candidateOf(fresh));
    if (reason === REPLACEMENT_SAME_GATEWAY) throw badRequest(reason, 'newGatewayId');
    if (reason) throw conflict(reason, 'replacement_refused');

    const now = new Date();
    const placed = await placeNew(tx, caller, old, fresh, now);
    const marker = await handOverMarker(tx, old, fresh.id, now);
    const removal = await applyRemoval(tx, caller, old, body, now);
    await writeAudits(tx, actor, [
      {
        entity: 'gateway',
        entityId: fresh.id,
        action: 'replace',
        before: { config: fresh.config },
        after: { config: placed.config, replaces: old.id },
      },
      {
        entity: 'gateway',
        entityId: old.id,
        action: 'replaced',
        before: { config: old.config },
        after: { config: removal.config, replacedBy: fresh.id, ...removal.payload },
      },
      ...marker.audits,
    ]);
    const batchId = await logReplacement(tx, actor, old, fresh, body, marker.id, now);
    return {
      old: await toDetail(tx, removal.row),
      new: await toDetail(tx, placed),
      markerId: marker.id,
      floorId: await floorOf(tx, old.zoneId),
      batchId,
    };
  });
}

/** Both gateways in the caller's scope, locked in id order (two crossed replacements cannot deadlock). */
async function lockPair(tx: Db, caller: Caller, oldId: string, newId: string) {
  const rows = await tx
    .select()
    .from(gateways)
    .where(and(inArray(gateways.id, [oldId, newId]), gatewayInScope(caller.scope)))
    .orderBy(asc(gateways.id))
    .for('update');
  const old = rows.find((row) => row.id === oldId);
  if (!old) throw notFound('Gateway not found');
  const fresh = rows.find((row) => row.id === newId);
  if (!fresh) throw new HttpError(404, `Gateway ${newId} not found`, 'not_found', 'newGatewayId');
  return { old, fresh };
}

/** What the domain's rule reads of a gateway row; `zone_id` mirrors config.location. */
function candidateOf(row: GatewayRow): ReplacementGateway {
  const state = row.config.state;
  return {
    id: row.id,
    orgId: row.orgId,
    config: {
      state: typeof state === 'string' ? state : null,
      location: row.zoneId,
      coordinates: row.config.coordinates,
    },
  };
}

/** The new gateway in the old one's place, deployed, and told its configuration with its next heartbeat. */
async function placeNew(tx: Db, caller: Caller, old: GatewayRow, fresh: GatewayRow, now: Date) {
  const config = takeOver(old.config, fresh.config);
  const [row] = await tx
    .update(gateways)
    .set({ config, zoneId: old.zoneId, updatedAt: now })
    .where(eq(gateways.id, fresh.id))
    .returning();
  await tx.insert(gatewayCommands).values({
    orgId: fresh.orgId,
    gatewayId: fresh.id,
    type: 'config',
    payload: pushedConfig(config),
    actor: actorRefOf(caller),
  });
  return row!;
}

/** The new gateway's config: the old one's place, labels and notes; deployed. */
function takeOver(old: Config, fresh: Config): Config {
  const { location: _l, coordinates: _c, hasAltitudeOverride: _h, ...kept } = fresh;
  return {
    ...kept,
    state: 'deployed',
    location: old.location,
    ...(old.coordinates != null ? { coordinates: old.coordinates } : {}),
    ...(old.hasAltitudeOverride !== undefined ? { hasAltitudeOverride: old.hasAltitudeOverride } : {}),
    labels: Array.isArray(old.labels) ? old.labels : [],
    notes: typeof old.notes === 'string' ? old.notes : '',
  };
}

/**
 * The marker that named the old gateway names the new one. A stale link of another marker to the new
 * gateway (it was taken off the map since) is dropped first: a gateway is on one marker at most.
 */
async function handOverMarker(tx: Db, old: GatewayRow, newId: string, now: Date) {
  const stale = await tx
    .update(markers)
    .set({ gatewayId: null, updatedAt: now })
    .where(and(eq(markers.orgId, old.orgId), eq(markers.gatewayId, newId)))
    .returning({ id: markers.id });
  const [moved] = await tx
    .update(markers)
    .set({ gatewayId: newId, updatedAt: now })
    .where(and(eq(markers.orgId, old.orgId), eq(markers.gatewayId, old.id)))
    .returning({ id: markers.id });
  const audits: AuditEntry[] = stale.map((m) => ({
    entity: 'marker',
    entityId: m.id,
    action: 'unassign',
    before: { gateway: newId },
    after: { gateway: null },
  }));
  if (moved) {
    audits.push({
      entity: 'marker',
      entityId: moved.id,
      action: 'assign',
      before: { gateway: old.id },
      after: { gateway: newId },
    });
  }
  return { id: moved?.id ?? null, audits };
}

/** The floor a zone lies on (a zone's path runs from the root down to it), for the floor plan link. */
async function floorOf(tx: Db, zoneId: string | null): Promise<string | null> {
  if (!zoneId) return null;
  const [floor] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(
      and(
        eq(zones.level, 'floor'),
        sql`${zones.id} in (select unnest(z.path) from ${zones} z where z.id = ${zoneId}::uuid)`,
      ),
    )
    .limit(1);
  return floor?.id ?? null;
}

/** The batch log's entry (/log/batch) of the replacement: both gateways, the action, the marker. */
async function logReplacement(
  tx: Db,
  actor: Actor,
  old: GatewayRow,
  fresh: GatewayRow,
  body: ReplaceRequest,
  markerId: string | null,
  now: Date,
): Promise<string> {
  const [batch] = await tx
    .insert(batchOperations)
    .values({
      orgId: old.orgId,
      requestId: actor.requestId,
      actor: actorRefOf(actor.caller),
      subject: 'Gateway',
      op: 'replace',
      args: {
        old: old.id,
        new: fresh.id,
        action: body.action,
        ...(body.action === 'rma' ? { rmaReason: body.rmaReason } : {}),
        marker: markerId,
      },
      ids: [old.id, fresh.id],
      count: 2,
      at: now,
    })
    .returning({ id: batchOperations.id });
  return batch!.id;
}
