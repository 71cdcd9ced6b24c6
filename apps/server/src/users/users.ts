import { and, eq, inArray, sql } from 'drizzle-orm';
import type { User, UserCreateBody, UserUpdateBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { credentials, users, zones } from '../db/schema';
import { badRequest, conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { hashPassword } from '../platform/crypto';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { zoneInScope } from '../platform/scope-sql';
import type { Actor } from '../platform/caller';
import { UUID_RE, isUniqueViolation } from '../platform/db/checks';
import { assertAssignable, assertMayManage } from '../roles';
import { findZone, findZones } from '../zones';

type UserRow = typeof users.$inferSelect;

export const userListSpec: ListSpec = {
  fields: {
    role: { sql: users.role, type: 'text' },
    zone: { sql: users.zoneId, type: 'uuid' },
    email: { sql: users.email, type: 'text' },
    name: { sql: users.name, type: 'text' },
  },
  sortable: { name: users.name, email: users.email, role: users.role, createdAt: users.createdAt },
  defaultOrder: 'name',
  idColumn: users.id,
  search: [users.name, users.email],
};

export const EMAIL_TAKEN = 'A user with this e-mail already exists';

/** Users inside the scope: their zone lies in one of the scope's subtrees. */
export function userInScope(scope: Scope) {
  return sql`${users.zoneId} in (select ${zones.id} from ${zones} where ${zoneInScope(scope)})`;
}

/** The API shape of a user (never a password hash). */
export function toUser(row: UserRow, zoneName: string): User {
  return {
    id: row.id,
    userId: row.email,
    email: row.email,
    name: row.name,
    role: row.role,
    zone: { id: row.zoneId, name: zoneName },
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findUser(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select({ user: users, zoneName: zones.name })
    .from(users)
    .innerJoin(zones, eq(zones.id, users.zoneId))
    .where(and(eq(users.id, id), zoneInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: users }) : await query;
  return row;
}

export async function getUser(db: Db, scope: Scope, id: string): Promise<User> {
  const found = await findUser(db, scope, id);
  if (!found) throw notFound('User not found');
  return toUser(found.user, found.zoneName);
}

/** GET /api/users: the list contract inside the caller's scope. */
export async function listUsers(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, userListSpec);
  const page = await runList(db, users, userListSpec, parsed, userInScope(scope));
  const zoneIds = [...new Set(page.data.map((u) => u.zoneId))];
  const names = zoneIds.length
    ? await db.select({ id: zones.id, name: zones.name }).from(zones).where(inArray(zones.id, zoneIds))
    : [];
  const nameById = new Map(names.map((z) => [z.id, z.name]));
  return { ...page, data: page.data.map((u) => toUser(u, nameById.get(u.zoneId) ?? '')) };
}

/** SPEC §3 location: zones of the caller's scope, without repeats. */
async function checkLocation(db: Db, scope: Scope, ids: string[] | undefined) {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const found = unique.length ? await findZones(db, scope, inArray(zones.id, unique), { limit: 500 }) : [];
  if (found.length !== unique.length) throw badRequest('Unknown zone in location', 'location');
  return unique;
}

async function assertEmailFree(db: Db, email: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN, 'email_taken');
}

/** POST /api/users: zone in scope (404), role assignable (SPEC §5), e-mail unique (409). */
export async function createUser(db: Db, actor: Actor, body: UserCreateBody): Promise<User> {
  const caller = actor.caller;
  const zone = await findZone(db, caller.scope, body.zone);
  if (!zone) throw notFound('Zone not found');
  await assertAssignable(db, caller, body.role);
  const location = await checkLocation(db, caller.scope, body.location);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await assertEmailFree(tx, body.email);
      const [row] = await tx
        .insert(users)
        .values({ email: body.email, name: body.name, role: body.role, zoneId: zone.row.id, location })
        .returning();
      if (passwordHash) await tx.insert(credentials).values({ userId: row!.id, passwordHash });
      const user = toUser(row!, zone.row.name);
      await writeAudit(tx, actor, {
        entity: 'user',
        entityId: user.id,
        action: 'create',
        after: { ...user, hasPassword: !!passwordHash },
      });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email_taken');
    throw err;
  }
}

/** PUT /api/users/{id}: partial; only for users whose current role the caller may assign. */
export async function updateUser(db: Db, actor: Actor, id: string, body: UserUpdateBody): Promise<User> {
  const caller = actor.caller;
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await findUser(tx, caller.scope, id, true);
    if (!current) throw notFound('User not found');
    const before = current.user;
    await assertMayManage(tx, caller, before.role, 'user');
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.role !== undefined && body.role !== before.role) {
      await assertAssignable(tx, caller, body.role);
      changes.role = body.role;
    }
    let zoneName = current.zoneName;
    if (body.zone !== undefined && body.zone !== before.zoneId) {
      const zone = await findZone(tx, caller.scope, body.zone);
      if (!zone) throw notFound('Zone not found');
      changes.zoneId = zone.row.id;
      zoneName = zone.row.name;
    }
    const location = await checkLocation(tx, caller.scope, body.location);
    if (location !== undefined) changes.location = location;
    const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    if (passwordHash) {
      await tx
        .insert(credentials)
        .values({ userId: id, passwordHash })
        .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: new Date() } });
    }
    const user = toUser(row!, zoneName);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: id,
      action: 'update',
      before: toUser(before, current.zoneName),
      after: passwordHash ? { ...user, passwordChanged: true } : user,
    });
    return user;
  });
}

/** DELETE /api/users/{id}: never yourself (409); the user's sessions end with it. */
export async function deleteUser(db: Db, actor: Actor, id: string): Promise<void> {
  const caller = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await findUser(tx, caller.scope, id, true);
    if (!current) throw notFound('User not found');
    if (caller.kind === 'user' && caller.userId === id) {
      throw conflict('You cannot delete yourself', 'self_delete');
    }
    await assertMayManage(tx, caller, current.user.role, 'user');
    // Sessions, refresh tokens and credentials cascade with the user: its tokens stop working at once.
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: id,
      action: 'delete',
      before: toUser(current.user, current.zoneName),
    });
  });
}
