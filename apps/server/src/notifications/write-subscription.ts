import { and, eq, sql } from 'drizzle-orm';
import {
  SUBSCRIPTION_ACCESS_MESSAGES,
  type Subscription,
  type SubscriptionCreateBody,
  type SubscriptionReach,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { users, zones } from '../db/schema';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor, Caller } from '../platform/caller';
import { findZone } from '../zones';
import { subscriptions } from './tables';
import {
  assertMayManage,
  auditView,
  findSubscription,
  reachOf,
  recipientRef,
  toSubscriptions,
  type SubscriptionRow,
} from './subscription-rows';

// Issue 16: POST /api/subscriptions and PUT /api/subscriptions/{id} (the whole subscription again).
// The body is already checked by the domain's schema (moments, modes, bounds, the contact's address).

type Columns = Pick<
  typeof subscriptions.$inferInsert,
  | 'zoneId'
  | 'userId'
  | 'contactName'
  | 'contactKind'
  | 'contactAddress'
  | 'modes'
  | 'moments'
  | 'unacknowledgedAfterS'
>;

/**
 * What a body stores, once the caller may: its own recipient when it reaches only its own, a zone of
 * its scope (403 otherwise), a user of this organisation (400 on recipient.userId otherwise). The
 * caller itself always counts as one (a superadmin signed in to the organisation lives above it),
 * and so does the user the subscription already tells.
 */
async function columnsOf(
  db: Db,
  caller: Caller,
  reach: SubscriptionReach,
  body: SubscriptionCreateBody,
  current?: SubscriptionRow,
): Promise<Columns> {
  const r = body.recipient;
  assertMayManage(
    caller,
    reach,
    r.type === 'user' ? { type: 'user', userId: r.userId } : { type: 'contact' },
  );
  const zone = await findZone(db, caller.scope, body.zone);
  if (!zone) throw forbidden(SUBSCRIPTION_ACCESS_MESSAGES.zoneOutOfScope);
  if (r.type === 'user' && r.userId !== caller.userId && r.userId !== current?.userId) {
    await assertOrgUser(db, caller.org.id, r.userId);
  }
  return {
    zoneId: zone.row.id,
    userId: r.type === 'user' ? r.userId : null,
    contactName: r.type === 'contact' ? r.name : null,
    contactKind: r.type === 'contact' ? r.kind : null,
    contactAddress: r.type === 'contact' ? r.address : null,
    modes: [...new Set(body.modes)],
    moments: [...new Set(body.moments)],
    // Kept only where it means something, so a later edit adding 'unacknowledged' asks again.
    unacknowledgedAfterS: body.moments.includes('unacknowledged')
      ? (body.unacknowledgedAfterS ?? null)
      : null,
  };
}

async function assertOrgUser(db: Db, orgId: string, userId: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(zones, eq(zones.id, users.zoneId))
    .where(and(eq(users.id, userId), sql`${orgId}::uuid = any(${zones.path})`))
    .limit(1);
  if (!user) throw badRequest(SUBSCRIPTION_ACCESS_MESSAGES.unknownUser, 'recipient.userId');
}

/** POST /api/subscriptions: a new subscription, paused if asked, made by the caller. */
export async function createSubscription(
  db: Db,
  actor: Actor,
  body: SubscriptionCreateBody,
): Promise<Subscription> {
  const caller = actor.caller;
  const reach = reachOf(caller, 'create');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const columns = await columnsOf(tx, caller, reach, body);
    const [row] = await tx
      .insert(subscriptions)
      .values({
        ...columns,
        orgId: caller.org.id,
        pausedAt: body.paused ? new Date() : null,
        createdBy: { id: caller.id, name: caller.name },
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'subscription',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    const [subscription] = await toSubscriptions(tx, [row!]);
    return subscription!;
  });
}

/** PUT /api/subscriptions/{id}: every field again; `paused` absent keeps the pause as it is. */
export async function updateSubscription(
  db: Db,
  actor: Actor,
  id: string,
  body: SubscriptionCreateBody,
): Promise<Subscription> {
  const caller = actor.caller;
  const reach = reachOf(caller, 'update');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findSubscription(tx, caller.scope, id, true);
    if (!before) throw notFound(SUBSCRIPTION_ACCESS_MESSAGES.notFound);
    assertMayManage(caller, reach, recipientRef(before));
    const columns = await columnsOf(tx, caller, reach, body, before);
    const pausedAt = body.paused === undefined ? before.pausedAt : pausedSince(before, body.paused);
    const [row] = await tx
      .update(subscriptions)
      .set({ ...columns, pausedAt, updatedAt: new Date() })
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

/** When a subscription is paused since: kept while it stays paused, now when it becomes so. */
export function pausedSince(row: Pick<SubscriptionRow, 'pausedAt'>, paused: boolean): Date | null {
  return paused ? (row.pausedAt ?? new Date()) : null;
}
