import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { auditChanges, type AuditEntry } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { alerts, apiKeys, auditLog, gateways, people, tags, users, zones } from '../db/schema';
import { badRequest } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locatedInScope, zoneInScope } from '../platform/scope-sql';
import type { Caller } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';

// SPEC §7 GET log/audit, /log/batch and /log/sync. Every log is the caller's
// organisation's, whatever zones inside it the caller holds: the logs are an administrator's view.

/** The name of an audit entry's actor: the user's or API key's name, else the stored id. */
const auditActorName = sql<string>`coalesce(
  (select ${users.name} from ${users} where ${users.id}::text = ${auditLog.actor}),
  (select ${apiKeys.name} from ${apiKeys} where 'key:' || ${apiKeys.id}::text = ${auditLog.actor}),
  ${auditLog.actor})`;

export const auditListSpec: ListSpec = {
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
