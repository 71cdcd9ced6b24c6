import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { eq } from 'drizzle-orm';
import { type UserStateBody } from '@vigil/domain';
import { users } from '../db/schema';
import { HttpError } from '../platform/errors';
import { writeAudit } from '../platform/audit';

/** PUT /api/users/state: the notes a user closed, kept with the user (an API key keeps none). */
export async function updateUserState(db: Db, actor: Actor, body: UserStateBody) {
  const { caller } = actor;
  if (caller.kind !== 'user' || !caller.userId) {
    throw new HttpError(403, 'An API key session keeps no user state', 'no_user_state');
  }
  const userId = caller.userId;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: users.state })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const previous = (before?.state ?? {}) as { closedNotes?: Record<string, boolean> };
    const state = { ...previous, closedNotes: { ...previous.closedNotes, ...body.closedNotes } };
    await tx.update(users).set({ state, updatedAt: new Date() }).where(eq(users.id, userId));
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'update',
      before: previous,
      after: state,
    });
    return { closedNotes: state.closedNotes };
  });
}
