import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_SECRET_PREFIX,
  type ApiKey,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { apiKeys, zones } from '../db/schema';
import { conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { randomSecret, sha256 } from '../platform/crypto';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { zoneInScope } from '../platform/scope-sql';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { assertAssignable, assertMayManage } from '../roles';
import { findZone } from '../zones';

// SPEC §2.4 'API Keys': console keys only; gateway keys (ingest) are not managed here.
type KeyRow = typeof apiKeys.$inferSelect;

export const keyListSpec: ListSpec = {
  fields: {
    name: { sql: apiKeys.name, type: 'text' },
    role: { sql: apiKeys.role, type: 'text' },
    zone: { sql: apiKeys.zoneId, type: 'uuid' },
  },
  sortable: {
    name: apiKeys.name,
    role: apiKeys.role,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
  },
  defaultOrder: 'name',
  idColumn: apiKeys.id,
  search: [apiKeys.name, apiKeys.prefix],
};

function keyInScope(scope: Scope) {
  return sql`${apiKeys.kind} = 'console' and ${apiKeys.zoneId} in (select ${zones.id} from ${zones} where ${zoneInScope(scope)})`;
}

/** The API shape of a key: never its hash. */
function toKey(row: KeyRow, zoneName: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    zone: { id: row.zoneId, name: zoneName },
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function findKey(db: Db, scope: Scope, id: string) {
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db
    .select({ key: apiKeys, zoneName: zones.name })
    .from(apiKeys)
    .innerJoin(zones, eq(zones.id, apiKeys.zoneId))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.kind, 'console'), zoneInScope(scope)))
    .limit(1)
    .for('update', { of: apiKeys });
  return row;
}

export async function listKeys(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, keyListSpec);
  const page = await runList(db, apiKeys, keyListSpec, parsed, keyInScope(scope));
  const zoneIds = [...new Set(page.data.map((k) => k.zoneId))];
  const names = zoneIds.length
    ? await db.select({ id: zones.id, name: zones.name }).from(zones).where(inArray(zones.id, zoneIds))
    : [];
  const nameById = new Map(names.map((z) => [z.id, z.name]));
  return { ...page, data: page.data.map((k) => toKey(k, nameById.get(k.zoneId) ?? '')) };
}

/** POST /api/keys: answers the secret this once; only its SHA-256 and first characters are kept. */
export async function createKey(db: Db, actor: Actor, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  const caller = actor.caller;
  const zone = await findZone(db, caller.scope, body.zone);
  if (!zone) throw notFound('Zone not found');
  await assertAssignable(db, caller, body.role);
  const secret = `${API_KEY_SECRET_PREFIX}${randomSecret(32)}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: body.name,
        kind: 'console',
        zoneId: zone.row.id,
        role: body.role,
        keyHash: sha256(secret),
        prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
        createdBy: caller.id,
      })
      .returning();
    const key = toKey(row!, zone.row.name);
    await writeAudit(tx, actor, { entity: 'apiKey', entityId: key.id, action: 'create', after: key });
    return { ...key, secret };
  });
}

/** PUT /api/keys/{id}: rename or re-role, for keys whose current role the caller may assign. */
export async function updateKey(db: Db, actor: Actor, id: string, body: ApiKeyUpdateBody): Promise<ApiKey> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await findKey(tx, caller.scope, id);
    if (!current) throw notFound('API key not found');
    await assertMayManage(tx, caller, current.key.role, 'key');
    const changes: Partial<typeof apiKeys.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.role !== undefined && body.role !== current.key.role) {
      await assertAssignable(tx, caller, body.role);
      changes.role = body.role;
    }
    const [row] = await tx.update(apiKeys).set(changes).where(eq(apiKeys.id, id)).returning();
    const key = toKey(row!, current.zoneName);
    await writeAudit(tx, actor, {
      entity: 'apiKey',
      entityId: id,
      action: 'update',
      before: toKey(current.key, current.zoneName),
      after: key,
    });
    return key;
  });
}

/** DELETE /api/keys/{id}: the key stops working at once; a key cannot delete itself (409). */
export async function deleteKey(db: Db, actor: Actor, id: string): Promise<void> {
  const caller = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await findKey(tx, caller.scope, id);
    if (!current) throw notFound('API key not found');
    if (caller.keyId === id) throw conflict('An API key cannot delete itself', 'self_delete');
    await assertMayManage(tx, caller, current.key.role, 'key');
    await tx.delete(apiKeys).where(eq(apiKeys.id, id));
    await writeAudit(tx, actor, {
      entity: 'apiKey',
      entityId: id,
      action: 'delete',
      before: toKey(current.key, current.zoneName),
    });
  });
}
