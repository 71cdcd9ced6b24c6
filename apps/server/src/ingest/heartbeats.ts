import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type HeartbeatBody, type HeartbeatResult } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gatewayHeartbeats, gateways } from '../db/schema';
import { HttpError } from '../platform/errors';
import { mergePatch } from '../platform/config-merge';

import type { GatewayKey } from './gateway-keys';

async function findGateway(db: Db, key: GatewayKey, id: string) {
  const [gateway] = await db
    .select({ id: gateways.id, zoneId: gateways.zoneId, state: gateways.state })
    .from(gateways)
    .where(and(eq(gateways.id, id), eq(gateways.orgId, key.orgId)))
    .limit(1);
  if (!gateway) throw new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');
  return gateway;
}

/**
 * POST /api/ingest/heartbeats: the gateway's SPEC §3 state (status, updatedAt, version,
 * hardware.revision, adminMode, debug.rebootInfo.lastResetReason, diagnostics, neighbors), a
 * heartbeat row kept over time, and the commands waiting for it (marked delivered).
 */
export async function ingestHeartbeat(
  db: Db,
  key: GatewayKey,
  body: HeartbeatBody,
): Promise<HeartbeatResult> {
  const gateway = await findGateway(db, key, body.gateway);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [current] = await tx
      .select({ state: gateways.state })
      .from(gateways)
      .where(eq(gateways.id, gateway.id))
      .for('update');
    await tx
      .update(gateways)
      .set({ state: nextGatewayState(current?.state ?? {}, body, now) })
      .where(eq(gateways.id, gateway.id));
    await tx
      .insert(gatewayHeartbeats)
      .values({ orgId: key.orgId, gatewayId: gateway.id, status: body.status, payload: body, at: now });
    if (body.confirmed?.length) {
      // The sync log's confirmation: only this gateway's own commands, each confirmed once.
      await tx
        .update(gatewayCommands)
        .set({ confirmedAt: now })
        .where(
          and(
            inArray(gatewayCommands.id, body.confirmed),
            eq(gatewayCommands.gatewayId, gateway.id),
            eq(gatewayCommands.orgId, key.orgId),
            isNull(gatewayCommands.confirmedAt),
          ),
        );
    }
    const pending = tx
      .select({ id: gatewayCommands.id })
      .from(gatewayCommands)
      .where(
        and(
          eq(gatewayCommands.gatewayId, gateway.id),
          eq(gatewayCommands.orgId, key.orgId),
          isNull(gatewayCommands.deliveredAt),
        ),
      )
      .orderBy(asc(gatewayCommands.createdAt))
      .for('update', { skipLocked: true });
    const delivered = await tx
      .update(gatewayCommands)
      .set({ deliveredAt: now })
      .where(inArray(gatewayCommands.id, pending))
      .returning();
    delivered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return { commands: delivered.map((c) => ({ id: c.id, type: c.type, payload: c.payload })) };
  });
}

const objectOf = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** SPEC §3 Gateway state after a heartbeat: reported parts replace, nested siblings are kept. */
function nextGatewayState(
  state: Record<string, unknown>,
  body: HeartbeatBody,
  now: Date,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...state, status: body.status, updatedAt: now.toISOString() };
  if (body.version) next.version = body.version;
  if (body.hardware?.revision)
    next.hardware = { ...objectOf(state.hardware), revision: body.hardware.revision };
  if (body.adminMode !== undefined) next.adminMode = body.adminMode;
  if (body.rebootReason !== undefined) {
    next.debug = mergePatch(objectOf(state.debug), { rebootInfo: { lastResetReason: body.rebootReason } });
  }
  if (body.diagnostics) next.diagnostics = body.diagnostics;
  if (body.neighbors) next.neighbors = body.neighbors;
  return next;
}
