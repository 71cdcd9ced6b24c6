import { eq } from 'drizzle-orm';
import { UNASSIGN_STATE, type GatewayDetail, type GatewayUnassignBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gateways } from '../db/schema';
import { notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor, Caller } from '../platform/caller';

import type { Config, GatewayRow } from './gateway-rows';
import { actorRefOf } from './gateway-rows';
import { findGateway, toDetail } from './get-gateway';
import { withoutPlace } from './update-gateway';

/** What a removal left: the gateway's row and config, and the command it will hear. */
export type Removal = { row: GatewayRow; config: Config; payload: Record<string, unknown> };

/**
 * SPEC §3 Gateway removal actions, on a gateway row the caller's transaction holds locked: clears
 * the location and coordinates, sets the config state of the action (`UNASSIGN_STATE`), keeps an
 * RMA's reason, and queues an 'unassign' command the gateway receives with its next heartbeat's
 * answer. Unassign and replacement (replace-gateway.ts) both leave a gateway this way.
 */
export async function applyRemoval(
  tx: Db,
  caller: Caller,
  before: GatewayRow,
  body: GatewayUnassignBody,
  now: Date,
): Promise<Removal> {
  const { rma: _rma, ...rest } = withoutPlace(before.config);
  const config: Config = { ...rest, state: UNASSIGN_STATE[body.action] };
  if (body.action === 'rma') config.rma = { reason: body.rmaReason, at: now.toISOString() };
  const [row] = await tx
    .update(gateways)
    .set({ config, zoneId: null, updatedAt: now })
    .where(eq(gateways.id, before.id))
    .returning();
  const payload =
    body.action === 'rma' ? { action: body.action, rmaReason: body.rmaReason } : { action: body.action };
  await tx.insert(gatewayCommands).values({
    orgId: before.orgId,
    gatewayId: before.id,
    type: 'unassign',
    payload,
    actor: actorRefOf(caller),
  });
  return { row: row!, config, payload };
}

/** SPEC §7 POST gateways/{id}/unassign {action, rmaReason}: the removal action, audited. */
export async function unassignGateway(
  db: Db,
  actor: Actor,
  id: string,
  body: GatewayUnassignBody,
): Promise<GatewayDetail> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findGateway(tx, caller.scope, id, true);
    if (!before) throw notFound('Gateway not found');
    const { row, config, payload } = await applyRemoval(tx, caller, before, body, new Date());
    await writeAudit(tx, actor, {
      entity: 'gateway',
      entityId: before.id,
      action: 'unassign',
      before: { config: before.config },
      after: { config, ...payload },
    });
    return toDetail(tx, row);
  });
}
