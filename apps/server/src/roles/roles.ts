import { and, eq, sql } from 'drizzle-orm';
import { isRoleName, type RoleCreateBody, type RoleDetail, type RoleUpdateBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { apiKeys, roles, users } from '../db/schema';
import { HttpError, conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Scope } from '../platform/scope';
import type { Actor } from '../platform/caller';
import { isUniqueViolation } from '../platform/db/checks';
import { userInScope } from '../users';
import { roleAbilityCache } from '../auth';

type RoleRow = typeof roles.$inferSelect;

const toRole = (row: RoleRow) => ({ id: row.id, abilities: row.abilities, builtIn: isRoleName(row.id) });

async function findRole(db: Db, id: string, forUpdate = false): Promise<RoleRow | undefined> {
  const query = db.select().from(roles).where(eq(roles.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** How many users of the caller's scope hold the role (roles are global, users are not). */
async function usersInScope(db: Db, scope: Scope, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, id), userInScope(scope)));
  return row?.n ?? 0;
}

export async function getRole(db: Db, scope: Scope, id: string): Promise<RoleDetail> {
  const row = await findRole(db, id);
  if (!row) throw notFound('Role not found');
  return { ...toRole(row), users: await usersInScope(db, scope, id) };
}

// Roles belong to the installation, not to an organisation: their audit rows carry no org.
const audit = (entityId: string, action: string, before?: unknown, after?: unknown) => ({
  entity: 'role',
  entityId,
  action,
  before,
  after,
  orgId: null,
});

/** POST /api/roles: a new role name (409 when taken, whatever its case) with validated rules. */
export async function createRole(db: Db, actor: Actor, body: RoleCreateBody): Promise<RoleDetail> {
  const { scope } = actor.caller;
  try {
    const row = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [taken] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(sql`lower(${roles.id})`, body.id.toLowerCase()))
        .limit(1);
      if (taken) throw roleTaken(taken.id);
      const [created] = await tx.insert(roles).values({ id: body.id, abilities: body.abilities }).returning();
      await writeAudit(tx, actor, audit(body.id, 'create', undefined, toRole(created!)));
      return created!;
    });
    roleAbilityCache.delete(body.id);
    return { ...toRole(row), users: await usersInScope(db, scope, body.id) };
  } catch (err) {
    if (isUniqueViolation(err)) throw roleTaken(body.id);
    throw err;
  }
}

const roleTaken = (id: string) => conflict(`A role named ${id} already exists`, 'role_taken');

/**
 * PUT /api/roles/{id}: replaces a custom role's rules. The built-in roles keep the abilities of
 * docs/ROLES.md: every start re-seeds them, so an edit would silently vanish.
 */
export async function updateRole(
  db: Db,
  actor: Actor,
  id: string,
  body: RoleUpdateBody,
): Promise<RoleDetail> {
  const { scope } = actor.caller;
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findRole(tx, id, true);
    if (!before) throw notFound('Role not found');
    if (isRoleName(id)) throw new HttpError(403, 'Built-in roles cannot be changed', 'built_in_role');
    const [updated] = await tx
      .update(roles)
      .set({ abilities: body.abilities, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning();
    await writeAudit(tx, actor, audit(id, 'update', toRole(before), toRole(updated!)));
    return updated!;
  });
  roleAbilityCache.delete(id);
  return { ...toRole(row), users: await usersInScope(db, scope, id) };
}

/** DELETE /api/roles/{id}: never a built-in role (403), nor one still held by users or keys (409). */
export async function deleteRole(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findRole(tx, id, true);
    if (!before) throw notFound('Role not found');
    if (isRoleName(id)) throw new HttpError(403, 'Built-in roles cannot be deleted', 'built_in_role');
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, id));
    const [keys] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(eq(apiKeys.role, id));
    const userCount = held?.n ?? 0;
    const keyCount = keys?.n ?? 0;
    if (userCount > 0 || keyCount > 0) {
      throw conflict(
        `Role ${id} is still held by ${userCount} user(s) and ${keyCount} API key(s)`,
        'role_in_use',
      );
    }
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, actor, audit(id, 'delete', toRole(before)));
  });
  roleAbilityCache.delete(id);
}
