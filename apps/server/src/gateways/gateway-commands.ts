import { and, asc, sql } from 'drizzle-orm';
import { type GatewayCommandResult } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gateways, zones } from '../db/schema';
import { notFound } from '../platform/errors';
import { writeAudits } from '../platform/audit';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { findZone } from '../zones';

import { actorRefOf, gatewayInScope } from './gateway-rows';
import { findGateway } from './get-gateway';

async function queueDiag(db: Db, actor: Actor, ids: { id: string; orgId: string }[]) {
  const caller = actor.caller;
  if (ids.length > 0) {
    await db.insert(gatewayCommands).values(
      ids.map((g) => ({
        orgId: g.orgId,
        gatewayId: g.id,
        type: 'diag',
        payload: {},
        actor: actorRefOf(caller),
      })),
    );
    await writeAudits(
      db,
      actor,
      ids.map((g) => ({ entity: 'gateway', entityId: g.id, action: 'diag', after: { command: 'diag' } })),
    );
  }
  return { count: ids.length, gateways: ids.map((g) => g.id) };
}

/** SPEC §7 POST zones/{id}/command/diag: a 'diag' command for every gateway located in the zone's subtree. */
export async function diagZone(db: Db, actor: Actor, zoneId: string): Promise<GatewayCommandResult> {
  const caller = actor.caller;
  const zone = UUID_RE.test(zoneId) ? await findZone(db, caller.scope, zoneId) : undefined;
  if (!zone) throw notFound('Zone not found');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const found = await tx
      .select({ id: gateways.id, orgId: gateways.orgId })
      .from(gateways)
      .where(
        and(
          gatewayInScope(caller.scope),
          sql`${gateways.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${zone.row.id}}`}::uuid[])`,
        ),
      )
      .orderBy(asc(gateways.id));
    return queueDiag(tx, actor, found);
  });
}

/** POST gateways/{id}/command/diag: the detail screen's 'Run diagnostics' for one gateway. */
export async function diagGateway(db: Db, actor: Actor, id: string): Promise<GatewayCommandResult> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await findGateway(tx, caller.scope, id);
    if (!row) throw notFound('Gateway not found');
    return queueDiag(tx, actor, [row]);
  });
}
