import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditChanges, type AuditEntry, type BatchLogEntry, type SyncLogEntry } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import {
  alerts,
  apiKeys,
  auditLog,
  batchOperations,
  gatewayCommands,
  gateways,
  people,
  tags,
  users,
  zones,
} from '../db/schema';
import { badRequest } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locatedInScope, zoneInScope } from '../platform/scope-sql';
import type { Caller } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';

// SPEC §7 GET log/audit, /log/batch and /log/sync (issue 6). Every log is the caller's
// organisation's, whatever zones inside it the caller holds: the logs are an administrator's view.

/** The name of an audit entry's actor: the user's or API key's name, else the stored id. */
const auditActorName = sql<string>`coalesce(
  (select ${users.name} from ${users} where ${users.id}::text = ${auditLog.actor}),
  (select ${apiKeys.name} from ${apiKeys} where 'key:' || ${apiKeys.id}::text = ${auditLog.actor}),
  ${auditLog.actor})`;

const auditListSpec: ListSpec = {
  fields: {
    entity: { sql: auditLog.entity, type: 'text' },
    entityId: { sql: auditLog.entityId, type: 'text' },
    requestId: { sql: auditLog.requestId, type: 'text' },
    action: { sql: auditLog.action, type: 'text' },
    actor: { sql: auditLog.actor, type: 'text' },
    at: { sql: auditLog.at, type: 'timestamp' },
  },
  sortable: { at: auditLog.at, entity: auditLog.entity, action: auditLog.action },
  defaultOrder: '-at',
  idColumn: auditLog.id,
  // The entity's name as recorded (a person's, a station's) finds its changes too.
  search: [
    auditActorName,
    auditLog.entity,
    auditLog.entityId,
    auditLog.action,
    sql`${auditLog.after}->>'name'`,
    sql`${auditLog.before}->>'name'`,
  ],
};

/** The audit log's own parameters beside the list contract (SPEC §7 `id`, `includeDetails`). */
const auditParamsSchema = z.object({
  id: z
    .string({ error: 'id must be a single value' })
    .max(200, 'id must be at most 200 characters')
    .optional(),
  includeDetails: z
    .enum(['true', 'false', '1', '0', ''], { error: 'includeDetails must be true or false' })
    .optional(),
});

type AuditRow = typeof auditLog.$inferSelect;

function labelOf(snapshot: unknown): string | null {
  const name = (snapshot as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : null;
}

/** Names of the page's actors in two queries: user ids, then `key:<id>` API keys. */
async function actorNames(db: Db, actors: string[]): Promise<Map<string, string>> {
  const userIds = [...new Set(actors.filter((a) => UUID_RE.test(a)))];
  const keyIds = [
    ...new Set(actors.filter((a) => a.startsWith('key:') && UUID_RE.test(a.slice(4))).map((a) => a.slice(4))),
  ];
  const [userRows, keyRows] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : [],
    keyIds.length
      ? db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, keyIds))
      : [],
  ]);
  return new Map([
    ...userRows.map((u) => [u.id, u.name] as const),
    ...keyRows.map((k) => [`key:${k.id}`, k.name] as const),
  ]);
}

/**
 * GET /api/log/audit?id=&query=&includeDetails=true&orderBy=at: `id` matches an entity id or a
 * request id; `includeDetails` adds each entry's before/after diff (the domain's auditChanges).
 */
export async function listAudit(
  db: Db,
  caller: Pick<Caller, 'id' | 'scope'>,
  query: Record<string, unknown>,
) {
  const params = auditParamsSchema.safeParse({ id: query.id, includeDetails: query.includeDetails });
  if (!params.success) {
    const issue = params.error.issues[0]!;
    throw badRequest(issue.message, String(issue.path[0]));
  }
  const { id, includeDetails } = params.data;
  const parsed = parseListQueryOrThrow(query, auditListSpec);
  const scope = and(
    auditInScope(caller),
    id ? or(eq(auditLog.entityId, id), eq(auditLog.requestId, id)) : undefined,
  );
  const page = await runList(db, auditLog, auditListSpec, parsed, scope);
  const names = await actorNames(
    db,
    page.data.map((r) => r.actor),
  );
  const details = includeDetails === 'true' || includeDetails === '1';
  return { ...page, data: page.data.map((row) => toAuditEntry(row, names, details)) };
}

/** Zones inside a caller's part of the organisation. */
const zonesInScope = (scope: Scope) => sql`(select ${zones.id} from ${zones} where ${zoneInScope(scope)})`;

/**
 * The entries a caller may read: the organisation's. A caller placed in part of it (ARCHITECTURE §4
 * tenancy) reads those of the located things (tags, gateways, people, users, zones, alerts) that
 * lie there now, and their own; not those of organisation-wide things (roles, keys, stations).
 */
function auditInScope(caller: Pick<Caller, 'id' | 'scope'>): SQL {
  const { scope } = caller;
  const inOrg = eq(auditLog.orgId, scope.orgId);
  if (scope.roots.includes(scope.orgId)) return inOrg;
  const located = (entity: string, ids: SQL) =>
    sql`(${auditLog.entity} = ${entity} and ${auditLog.entityId} in ${ids})`;
  return and(
    inOrg,
    or(
      eq(auditLog.actor, caller.id),
      located(
        'tag',
        sql`(select ${tags.id} from ${tags} where ${locatedInScope(scope, tags.zoneId, tags.orgId)})`,
      ),
      located(
        'gateway',
        sql`(select ${gateways.id} from ${gateways} where ${locatedInScope(scope, gateways.zoneId, gateways.orgId)})`,
      ),
      located(
        'person',
        sql`(select ${people.id}::text from ${people} where ${people.zoneId} in ${zonesInScope(scope)})`,
      ),
      located(
        'user',
        sql`(select ${users.id}::text from ${users} where ${users.zoneId} in ${zonesInScope(scope)})`,
      ),
      located('zone', sql`(select ${zones.id}::text from ${zones} where ${zoneInScope(scope)})`),
      located(
        'alert',
        sql`(select ${alerts.id}::text from ${alerts} where ${alerts.zoneId} in ${zonesInScope(scope)})`,
      ),
    ),
  )!;
}

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

function toAuditEntry(row: AuditRow, names: Map<string, string>, details: boolean): AuditEntry {
  const entry: AuditEntry = {
    id: row.id,
    requestId: row.requestId,
    at: row.at.toISOString(),
    actor: { id: row.actor, name: names.get(row.actor) ?? row.actor },
    entity: row.entity,
    entityId: row.entityId,
    label: labelOf(row.after) ?? labelOf(row.before),
    action: row.action,
  };
  if (details) entry.changes = auditChanges(row.before, row.after);
  return entry;
}

const batchListSpec: ListSpec = {
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

/** GET /api/log/batch: every bulk run of a tag or gateway operation (issue 6 'Batch Operations Log'). */
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

const syncListSpec: ListSpec = {
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
    data: page.data.map((row): SyncLogEntry => ({
      id: row.id,
      gatewayId: row.gatewayId,
      type: row.type,
      payload: row.payload,
      actor: row.actor ?? null,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    })),
  };
}
