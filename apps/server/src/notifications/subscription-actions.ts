import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_ACCESS_MESSAGES, type Subscription, type SubscriptionOperation } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor, Caller } from '../platform/caller';
import { subscriptions } from './tables';
import { queueTestNotification, triggerWritten } from './triggers';
import {
  assertMayManage,
  auditView,
  findSubscription,
  reachOf,
  recipientRef,
  toSubscriptions,
  type SubscriptionRow,
} from './subscription-rows';
import { pausedSince } from './write-subscription';

// Issue 16: pause and resume, delete and test one subscription of the caller's reach.

/** The subscription `id` if the caller may do `operation` to it: 404 unseen, 403 not its own. */
async function reachable(
  db: Db,
  caller: Caller,
  operation: SubscriptionOperation,
  id: string,
  forUpdate = false,
): Promise<SubscriptionRow> {
  const reach = reachOf(caller, operation);
  const row = await findSubscription(db, caller.scope, id, forUpdate);
  if (!row) throw notFound(SUBSCRIPTION_ACCESS_MESSAGES.notFound);
  assertMayManage(caller, reach, recipientRef(row));
  return row;
}

/** PUT /api/subscriptions/{id}/paused {paused}: a paused subscription tells no one until resumed. */
export async function setSubscriptionPaused(
  db: Db,
  actor: Actor,
  id: string,
  paused: boolean,
): Promise<Subscription> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await reachable(tx, actor.caller, 'pause', id, true);
    const [row] = await tx
      .update(subscriptions)
      .set({ pausedAt: pausedSince(before, paused), updatedAt: new Date() })
      .where(eq(subscriptions.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'subscription',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    const [subscription] = await toSubscriptions(tx, [row!]);
    return subscription!;
  });
}

/** DELETE /api/subscriptions/{id}: deliveries already written stay in the log (they keep its id). */
export async function deleteSubscription(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await reachable(tx, actor.caller, 'delete', id, true);
    await tx.delete(subscriptions).where(eq(subscriptions.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'subscription',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}

/**
 * POST /api/subscriptions/{id}/test: a test message queued for this subscription alone, paused or
 * not (checking a pager before resuming it is the point); the worker sends it like any other.
 */
export async function testSubscription(db: Db, caller: Caller, id: string): Promise<{ queued: true }> {
  const row = await reachable(db, caller, 'test', id);
  await queueTestNotification(db, { orgId: row.orgId, subscriptionId: row.id });
  triggerWritten();
  return { queued: true };
}
