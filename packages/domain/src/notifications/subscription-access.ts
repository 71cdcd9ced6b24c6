import { can, type Action, type AppAbility } from '../permissions/model';

// Issue 16 "Subscriptions", SPEC §6 Subscription: "Users may manage their own; admins everyone's in
// their scope". One rule for who may do what to which subscription: the server enforces it, the
// console asks it which actions to offer. Zone scope is the server's query layer, as for every subject.

/** What one can do to subscriptions (issue 16: list, add, edit, pause, delete, test). */
export const SUBSCRIPTION_OPERATIONS = [
  'list',
  'read',
  'create',
  'update',
  'pause',
  'delete',
  'test',
] as const;
export type SubscriptionOperation = (typeof SUBSCRIPTION_OPERATIONS)[number];

/**
 * SPEC §6: the action checked on Subscription for each operation. Adding, editing, pausing and
 * testing change (or act on) a subscription, so they are update, as every area's writes are.
 */
export const SUBSCRIPTION_OPERATION_ACTION: Readonly<Record<SubscriptionOperation, Action>> = {
  list: 'list',
  read: 'read',
  create: 'update',
  update: 'update',
  pause: 'update',
  delete: 'delete',
  test: 'update',
};

/**
 * How far a caller reaches: every subscription of its scope ('all'), those telling itself ('own'),
 * or none at all.
 */
export type SubscriptionReach = 'all' | 'own' | 'none';

/**
 * Issue 16, SPEC §6: a caller allowed (action, 'Subscription') reaches every subscription of its
 * scope; any other signed-in user still reaches its own; an API key without the permission, none
 * (it is nobody's "own").
 */
export function subscriptionReach(
  ability: AppAbility,
  caller: { userId?: string | null },
  operation: SubscriptionOperation,
): SubscriptionReach {
  if (can(ability, [SUBSCRIPTION_OPERATION_ACTION[operation], 'Subscription'])) return 'all';
  return caller.userId ? 'own' : 'none';
}

/** Who a subscription tells, as far as this rule cares. */
export type SubscriptionRecipientRef = { type: 'user'; userId: string } | { type: 'contact' };

/**
 * Issue 16: whether a caller of this reach may manage a subscription telling `recipient`: 'own'
 * means a user recipient that is the caller itself; a contact is never anyone's own.
 */
export function mayManageSubscription(
  reach: SubscriptionReach,
  callerUserId: string | null | undefined,
  recipient: SubscriptionRecipientRef,
): boolean {
  if (reach === 'all') return true;
  if (reach === 'none' || !callerUserId) return false;
  return recipient.type === 'user' && recipient.userId === callerUserId;
}

export const SUBSCRIPTION_ACCESS_MESSAGES = {
  notFound: 'Subscription not found',
  zoneOutOfScope: 'This zone is not one of your zones',
  unknownUser: 'This user is not a user of this organisation',
} as const;

/** The refusal of a caller reaching no subscription, in the words of the permission check (SPEC §6). */
export function subscriptionRefusal(operation: SubscriptionOperation): string {
  return `Not allowed to ${SUBSCRIPTION_OPERATION_ACTION[operation]} Subscription`;
}
