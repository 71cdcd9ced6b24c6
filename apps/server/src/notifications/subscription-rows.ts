import { and, eq, inArray, type SQL } from 'drizzle-orm';
import {
  SUBSCRIPTION_MESSAGES,
  mayManageSubscription,
  subscriptionReach,
  subscriptionRefusal,
  type AlertMode,
  type ContactKind,
  type Subscription,
  type SubscriptionMoment,
  type SubscriptionOperation,
  type SubscriptionReach,
  type SubscriptionRecipientRef,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { users, zones } from '../db/schema';
import { forbidden } from '../platform/errors';
import type { Caller } from '../platform/caller';
import type { Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { UUID_RE } from '../platform/db/checks';
import { subscriptions } from './tables';

// What every subscription operation shares (issue 16): the scope condition, who may manage which
// subscription (the domain's rule, applied here because the routes admit any signed-in caller),
// finding one, and its API shape with the recipient user's name and the zone's name joined in.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Subscriptions of the caller's organisation following a zone of its scope. */
export function subscriptionInScope(scope: Scope): SQL {
  return and(
    eq(subscriptions.orgId, scope.orgId),
    locatedInScope(scope, subscriptions.zoneId, subscriptions.orgId),
  )!;
}

/**
 * How far the caller reaches for this operation (domain subscriptionReach); reaching none is a 403
 * in the words of the permission hook.
 */
export function reachOf(caller: Caller, operation: SubscriptionOperation): SubscriptionReach {
  const reach = subscriptionReach(caller.ability, caller, operation);
  if (reach === 'none') throw forbidden(subscriptionRefusal(operation));
  return reach;
}

/** The recipient of a row as the domain's access rule reads it. */
export function recipientRef(row: Pick<SubscriptionRow, 'userId'>): SubscriptionRecipientRef {
  return row.userId ? { type: 'user', userId: row.userId } : { type: 'contact' };
}

/** Refuses a caller of `reach` a subscription that is not its to manage (issue 16 "their own"). */
export function assertMayManage(
  caller: Caller,
  reach: SubscriptionReach,
  recipient: SubscriptionRecipientRef,
): void {
  if (!mayManageSubscription(reach, caller.userId, recipient))
    throw forbidden(SUBSCRIPTION_MESSAGES.notYours);
}

/** One subscription in the caller's scope (locked for a write when asked), or undefined. */
export async function findSubscription(
  db: Db,
  scope: Scope,
  id: string,
  forUpdate = false,
): Promise<SubscriptionRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), subscriptionInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Subscriptions in their API shape, recipient users and zones read in one query each. */
export async function toSubscriptions(db: Db, rows: SubscriptionRow[]): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const zoneIds = [...new Set(rows.map((row) => row.zoneId))];
  const [people, places] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    db.select({ id: zones.id, name: zones.name }).from(zones).where(inArray(zones.id, zoneIds)),
  ]);
  const userById = new Map(people.map((u) => [u.id, u]));
  const zoneName = new Map(places.map((z) => [z.id, z.name]));
  return rows.map((row) =>
    toSubscription(row, userById.get(row.userId ?? ''), zoneName.get(row.zoneId) ?? ''),
  );
}

function toSubscription(
  row: SubscriptionRow,
  user: { name: string; email: string } | undefined,
  zoneName: string,
): Subscription {
  const recipient: Subscription['recipient'] = row.userId
    ? { type: 'user', userId: row.userId, name: user?.name ?? '', email: user?.email ?? null }
    : {
        type: 'contact',
        name: row.contactName ?? '',
        kind: row.contactKind as ContactKind,
        address: row.contactAddress ?? '',
      };
  return {
    id: row.id,
    recipient,
    zone: { id: row.zoneId, name: zoneName },
    modes: row.modes as AlertMode[],
    moments: row.moments as SubscriptionMoment[],
    unacknowledgedAfterS: row.unacknowledgedAfterS,
    paused: row.pausedAt !== null,
    createdBy: row.createdBy ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A subscription as its audit entries record it. */
export function auditView(row: SubscriptionRow) {
  return {
    zone: row.zoneId,
    recipient: row.userId
      ? { type: 'user', userId: row.userId }
      : { type: 'contact', name: row.contactName, kind: row.contactKind, address: row.contactAddress },
    modes: row.modes,
    moments: row.moments,
    unacknowledgedAfterS: row.unacknowledgedAfterS,
    paused: row.pausedAt !== null,
  };
}
