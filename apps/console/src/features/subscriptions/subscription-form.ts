import {
  PAGER_CONTACT_KINDS,
  UNACKNOWLEDGED_AFTER_DEFAULT_S,
  WEBHOOK_CONTACT_KINDS,
  contactAddressError,
  subscriptionCreateBodySchema,
  type AlertMode,
  type ContactKind,
  type Subscription,
  type SubscriptionCreateBody,
  type SubscriptionMoment,
} from '@vigil/domain';
import { ApiError } from '../../api/errors';

// The subscription edit modal's state, the body it sends, and which field each problem belongs to,
// whether the domain's rules found it as the user typed or the server named it in its answer.

/** What the modal edits: both kinds of recipient are kept, so switching back loses nothing. */
export type SubscriptionDraft = {
  recipientType: 'user' | 'contact';
  userId: string | null;
  contactName: string;
  kind: ContactKind;
  address: string;
  zone: string | null;
  modes: AlertMode[];
  moments: SubscriptionMoment[];
  /** The seconds field's text-free value; '' while the field is empty. */
  unacknowledgedAfterS: number | '';
};

/** The modal's fields, each of which may show a problem. */
export type DraftField = 'user' | 'contactName' | 'address' | 'zone' | 'modes' | 'moments' | 'after';
export type FieldErrors = Partial<Record<DraftField, string>>;

/** A new subscription: a help and danger alert created in the caller's zone, to the recipient chosen. */
export function newDraft(zone: string | null, recipientType: SubscriptionDraft['recipientType']) {
  return {
    recipientType,
    userId: null,
    contactName: '',
    kind: 'email',
    address: '',
    zone,
    modes: ['help', 'danger'],
    moments: ['created'],
    unacknowledgedAfterS: UNACKNOWLEDGED_AFTER_DEFAULT_S,
  } satisfies SubscriptionDraft;
}

/** An existing subscription as the modal edits it. */
export function draftOf(sub: Subscription): SubscriptionDraft {
  const r = sub.recipient;
  return {
    recipientType: r.type,
    userId: r.type === 'user' ? r.userId : null,
    contactName: r.type === 'contact' ? r.name : '',
    kind: r.type === 'contact' ? r.kind : 'email',
    address: r.type === 'contact' ? r.address : '',
    zone: sub.zone.id,
    modes: [...sub.modes],
    moments: [...sub.moments],
    unacknowledgedAfterS: sub.unacknowledgedAfterS ?? UNACKNOWLEDGED_AFTER_DEFAULT_S,
  };
}

/** POST and PUT's body: the seconds only with 'Still unacknowledged', the address as typed (the server normalises it). */
export function bodyOf(draft: SubscriptionDraft): SubscriptionCreateBody {
  const recipient: SubscriptionCreateBody['recipient'] =
    draft.recipientType === 'user'
      ? { type: 'user', userId: draft.userId ?? '' }
      : { type: 'contact', name: draft.contactName, kind: draft.kind, address: draft.address };
  const after = draft.unacknowledgedAfterS;
  return {
    recipient,
    zone: draft.zone ?? '',
    modes: draft.modes,
    moments: draft.moments,
    unacknowledgedAfterS: draft.moments.includes('unacknowledged') && after !== '' ? after : null,
  };
}

/**
 * The field a problem's path (the server's `field`, 'recipient.address', 'modes.0', or a zod issue
 * path) belongs to, if any.
 */
export function fieldOfPath(path: string | undefined, recipientType: SubscriptionDraft['recipientType']) {
  const [head, sub] = (path ?? '').split('.');
  if (head === 'recipient') {
    if (sub === 'address' || sub === 'kind') return 'address';
    if (sub === 'name') return 'contactName';
    return recipientType === 'user' ? 'user' : sub === undefined ? 'address' : undefined;
  }
  const fields: Record<string, DraftField> = {
    zone: 'zone',
    modes: 'modes',
    moments: 'moments',
    unacknowledgedAfterS: 'after',
  };
  return head ? fields[head] : undefined;
}

/**
 * The draft's problems by the domain's rules (those the server applies too): the contact's name and
 * address (contactAddressError, in the form the kind takes), the modes, moments and seconds. Which
 * user and zone are checked by presence only: the server knows whether they exist.
 */
export function draftErrors(draft: SubscriptionDraft): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = subscriptionCreateBodySchema.safeParse(bodyOf(draft));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfPath(issue.path.join('.'), draft.recipientType);
    if (field && field !== 'user' && field !== 'zone') errors[field] ??= issue.message;
  }
  if (draft.recipientType === 'contact') {
    const address = contactAddressError(draft.kind, draft.address);
    if (address) errors.address = address;
  }
  if (draft.recipientType === 'user' && !draft.userId) errors.user = 'Choose a user';
  if (!draft.zone) errors.zone = 'Choose a zone';
  return errors;
}

/** The server's refusal as a field's problem, when its answer names a field of the modal. */
export function serverFieldError(
  error: unknown,
  recipientType: SubscriptionDraft['recipientType'],
): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const field = fieldOfPath(error.field, recipientType);
  return field ? { [field]: error.reason } : {};
}

/** How the address field reads for a kind of contact: what to type, and an example. */
export function addressHint(kind: ContactKind): { description: string; placeholder: string } {
  if (kind === 'email')
    return { description: 'The e-mail address to write to.', placeholder: 'ward3@example.org' };
  if (kind === 'sms')
    return { description: 'A US mobile number; it is stored as +1….', placeholder: '(201) 555-0123' };
  if (PAGER_CONTACT_KINDS.includes(kind))
    return { description: 'The pager or device id the paging system knows.', placeholder: '5551234' };
  if (WEBHOOK_CONTACT_KINDS.includes(kind))
    return {
      description: 'The http(s) address of the receiving system; each message is signed.',
      placeholder: 'https://receiver.example.org/vigil',
    };
  return { description: '', placeholder: '' };
}
