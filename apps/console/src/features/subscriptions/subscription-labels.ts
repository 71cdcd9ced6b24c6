import { SUBSCRIPTION_MOMENT_LABELS, alertModeLabel, recipientLabel, type Subscription } from '@vigil/domain';

// How a subscription reads in its list, its buttons and its dialogs.

/** 'Help, Danger'. */
export const modesText = (sub: Pick<Subscription, 'modes'>) => sub.modes.map(alertModeLabel).join(', ');

/** 'Alert created, Still unacknowledged (120 s)'. */
export const momentsText = (sub: Pick<Subscription, 'moments' | 'unacknowledgedAfterS'>) =>
  sub.moments
    .map((m) =>
      m === 'unacknowledged' && sub.unacknowledgedAfterS !== null
        ? `${SUBSCRIPTION_MOMENT_LABELS[m]} (${sub.unacknowledgedAfterS} s)`
        : SUBSCRIPTION_MOMENT_LABELS[m],
    )
    .join(', ');

/** Where the recipient is reached: the contact's address, or the user's e-mail. */
export const addressText = (sub: Pick<Subscription, 'recipient'>) =>
  sub.recipient.type === 'contact' ? sub.recipient.address : (sub.recipient.email ?? 'No e-mail address');

/** A row's name in its buttons: 'Ward 3 pager (WCTP pager) in Building A'. */
export const subscriptionName = (sub: Pick<Subscription, 'recipient' | 'zone'>) =>
  `${recipientLabel(sub.recipient)} in ${sub.zone.name}`;
