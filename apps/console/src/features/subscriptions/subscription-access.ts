import {
  mayManageSubscription,
  subscriptionReach,
  type Subscription,
  type SubscriptionOperation,
} from '@vigil/domain';
import { useSignedIn } from '../../session/session';

// Issue 16 "Users may manage their own": which subscriptions the signed-in caller reaches and may
// change, by the domain's one rule (the server applies the same), so the screen offers only those.

/** The signed-in caller's reach on subscriptions, and what it may do to each. */
export function useSubscriptionAccess() {
  const { me, ability } = useSignedIn();
  // An API key is nobody's "own": its id ('key:…') names no user.
  const callerId = me.kind === 'user' ? me.id : null;
  const reach = (operation: SubscriptionOperation) =>
    subscriptionReach(ability, { userId: callerId }, operation);
  return {
    callerId,
    /** 'own': the screen is the caller's 'My notifications'; 'all': every subscription of its scope. */
    listReach: reach('list'),
    /** Whether the caller may add a subscription at all, and whether only for itself. */
    createReach: reach('create'),
    /** Whether the caller may do `operation` to this subscription (its own, or any with the permission). */
    may: (operation: SubscriptionOperation, sub: Pick<Subscription, 'recipient'>) =>
      mayManageSubscription(reach(operation), callerId, sub.recipient),
  };
}
