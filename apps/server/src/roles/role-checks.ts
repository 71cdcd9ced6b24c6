import { eq, inArray } from 'drizzle-orm';
import { mayAssignRole, type RawRule } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { roles } from '../db/schema';
import { HttpError, badRequest } from '../platform/errors';
import type { Caller } from '../platform/caller';

/** A role given to a user or key must exist (400) and be one the caller may assign (SPEC §5, 403). */
export async function assertAssignable(db: Db | Tx, caller: Caller, role: string): Promise<void> {
  const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, role)).limit(1);
  if (!found) throw badRequest(`Unknown role ${role}`, 'role');
  const verdict = mayAssignRole(caller.role, role, await customRules(db, caller.role, role));
  if (!verdict.ok) throw new HttpError(403, verdict.reason, 'role_not_assignable', 'role');
}

/** The stored rules of both roles, which a custom role's assignment is judged by (domain rule). */
async function customRules(db: Db | Tx, assigner: string, target: string) {
  const rows = await db
    .select()
    .from(roles)
    .where(inArray(roles.id, [assigner, target]));
  const rulesOf = (id: string) => rows.find((r) => r.id === id)?.abilities as RawRule[] | undefined;
  const [a, t] = [rulesOf(assigner), rulesOf(target)];
  return a && t ? { assigner: a, target: t } : undefined;
}

/**
 * A user or key is changed only by a caller who may assign its current role (SPEC §5), so an admin
 * cannot re-role, re-password or delete a superAdmin placed in its organisation.
 */
export async function assertMayManage(
  db: Db | Tx,
  caller: Caller,
  currentRole: string,
  what: 'user' | 'key',
): Promise<void> {
  const verdict = mayAssignRole(caller.role, currentRole, await customRules(db, caller.role, currentRole));
  if (!verdict.ok) {
    throw new HttpError(
      403,
      `You may not change ${what === 'user' ? 'a user' : 'an API key'} with the role ${currentRole}`,
      'role_not_assignable',
    );
  }
}
