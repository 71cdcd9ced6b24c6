import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type BatchLogEntry } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { batchOperations, gateways, tags } from '../db/schema';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';

/**
 * The batch runs a caller may read: the organisation's; a caller placed in part of it, those whose
 * every tag or gateway lies there now (a run's ids are shown, so one reaching outside is not).
 */
function batchInScope(scope: Scope): SQL {
  const inOrg = eq(batchOperations.orgId, scope.orgId);
  if (scope.roots.includes(scope.orgId)) return inOrg;
  const outside = (table: typeof tags | typeof gateways) =>
    sql`exists (select 1 from unnest(${batchOperations.ids}) as i(id)
      where i.id not in (select ${table.id} from ${table} where ${locatedInScope(scope, table.zoneId, table.orgId)}))`;
  return and(
    inOrg,
    sql`case ${batchOperations.subject} when 'Tag' then not ${outside(tags)}
      when 'Gateway' then not ${outside(gateways)} else false end`,
  )!;
}

export const batchListSpec: ListSpec = {
  fields: {
    subject: { sql: batchOperations.subject, type: 'text' },
    op: { sql: batchOperations.op, type: 'text' },
    requestId: { sql: batchOperations.requestId, type: 'text' },
    'actor.id': { sql: sql`${batchOperations.actor}->>'id'`, type: 'text' },
    at: { sql: batchOperations.at, type: 'timestamp' },
  },
  sortable: {
    at: batchOperations.at,
    subject: batchOperations.subject,
    op: batchOperations.op,
    count: batchOperations.count,
  },
  defaultOrder: '-at',
  idColumn: batchOperations.id,
  search: [batchOperations.op, batchOperations.subject, sql`${batchOperations.actor}->>'name'`],
};

/** GET /api/log/batch: every bulk run of a tag or gateway operation ('Batch Operations Log'). */
export async function listBatchLog(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, batchListSpec);
  const page = await runList(db, batchOperations, batchListSpec, parsed, batchInScope(scope));
  return {
    ...page,
    data: page.data.map((row): BatchLogEntry => ({
      id: row.id,
      requestId: row.requestId,
      at: row.at.toISOString(),
      actor: row.actor,
      subject: row.subject === 'Gateway' ? 'Gateway' : 'Tag',
      op: row.op,
      args: row.args,
      ids: row.ids,
      count: row.count,
    })),
  };
}
