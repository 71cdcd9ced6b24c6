import { and, eq, sql } from 'drizzle-orm';
import { type SyncLogEntry } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gatewayCommands, gateways } from '../db/schema';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';

export const syncListSpec: ListSpec = {
  fields: {
    gateway: { sql: gatewayCommands.gatewayId, type: 'text' },
    type: { sql: gatewayCommands.type, type: 'text' },
    'actor.id': { sql: sql`${gatewayCommands.actor}->>'id'`, type: 'text' },
    createdAt: { sql: gatewayCommands.createdAt, type: 'timestamp' },
    deliveredAt: { sql: gatewayCommands.deliveredAt, type: 'timestamp' },
    confirmedAt: { sql: gatewayCommands.confirmedAt, type: 'timestamp' },
  },
  sortable: {
    createdAt: gatewayCommands.createdAt,
    deliveredAt: gatewayCommands.deliveredAt,
    confirmedAt: gatewayCommands.confirmedAt,
    gateway: gatewayCommands.gatewayId,
    type: gatewayCommands.type,
  },
  defaultOrder: '-createdAt',
  idColumn: gatewayCommands.id,
  search: [gatewayCommands.gatewayId, gatewayCommands.type, sql`${gatewayCommands.actor}->>'name'`],
};

/**
 * The commands a caller may see: the organisation's; a caller placed in part of it (ARCHITECTURE §4
 * tenancy), those of the gateways located there now.
 */
function syncInScope(scope: Scope) {
  const inOrg = eq(gatewayCommands.orgId, scope.orgId);
  if (scope.roots.includes(scope.orgId)) return inOrg;
  return and(
    inOrg,
    sql`${gatewayCommands.gatewayId} in (select ${gateways.id} from ${gateways}
      where ${locatedInScope(scope, gateways.zoneId, gateways.orgId)})`,
  )!;
}

/**
 * GET /api/log/sync: each configuration or command pushed to a gateway, when it was handed over
 * (`deliveredAt`, its next heartbeat) and when the gateway confirmed it (`confirmedAt`).
 */
export async function listSyncLog(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, syncListSpec);
  const page = await runList(db, gatewayCommands, syncListSpec, parsed, syncInScope(scope));
  return {
    ...page,
    data: page.data.map(syncEntryOf),
  };
}

/** A command sent to a gateway, as the sync log and the gateway's detail show it. */
export function syncEntryOf(row: typeof gatewayCommands.$inferSelect): SyncLogEntry {
  return {
    id: row.id,
    gatewayId: row.gatewayId,
    type: row.type,
    payload: row.payload,
    actor: row.actor ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
