import { z } from 'zod';
import { actorSchema, isoDateSchema, listSchema, uuidSchema, zoneRefSchema } from '../contract/common';
import { alertModeSchema, type AlertMode } from '../alerts/lifecycle';
import { contactKindSchema, type ContactKind } from '../warehouse/enums';
import { parsePhone } from '../validators/phone';

// Issue 16, SPEC §2.4 /subscriptions, §6 Subscription: who is told (a user, or a contact with its
// kind), what (alerts in a zone subtree by mode and moment; gateways disconnected; a daily digest of
// open flagged tags; a distribution station below its minimum inventory, issue 21) and how (the
// contact's channel). docs/NOTIFICATIONS.md.

/**
 * The moments a subscription may name: an alert created, escalated (SPEC §4), still unacknowledged
 * `unacknowledgedAfterS` seconds after it was created, closed; gateways of the subtree disconnected;
 * a daily digest of the open flagged tags; a distribution station of the subtree whose available
 * tags fell below its minimum inventory (issue 21; told once until it is restocked to the minimum).
 */
export const SUBSCRIPTION_MOMENTS = [
  'created',
  'escalated',
  'unacknowledged',
  'closed',
  'gatewaysDisconnected',
  'flaggedDigest',
  'stationBelowMinimum',
] as const;
export const subscriptionMomentSchema = z.enum(SUBSCRIPTION_MOMENTS);
export type SubscriptionMoment = z.infer<typeof subscriptionMomentSchema>;

/** The moments that are about one alert (and carry its link). */
export const ALERT_MOMENTS: readonly SubscriptionMoment[] = [
  'created',
  'escalated',
  'unacknowledged',
  'closed',
];

export const SUBSCRIPTION_MOMENT_LABELS: Record<SubscriptionMoment, string> = {
  created: 'Alert created',
  escalated: 'Alert escalated',
  unacknowledged: 'Still unacknowledged',
  closed: 'Alert closed',
  gatewaysDisconnected: 'Gateways disconnected',
  flaggedDigest: 'Daily digest of flagged tags',
  stationBelowMinimum: 'Distribution station below minimum inventory',
};

export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  email: 'E-mail',
  sms: 'SMS',
  wctp: 'WCTP pager',
  vocera: 'Vocera',
  ascom: 'Ascom',
  connexall: 'Connexall',
  tiger: 'TigerConnect',
};

/** Bounds of "still unacknowledged after N seconds". */
export const UNACKNOWLEDGED_AFTER_MIN_S = 10;
export const UNACKNOWLEDGED_AFTER_MAX_S = 24 * 3600;
export const UNACKNOWLEDGED_AFTER_DEFAULT_S = 120;

export const SUBSCRIPTION_MESSAGES = {
  modesRequired: 'Choose at least one alert mode',
  momentsRequired: 'Choose at least one moment',
  unacknowledgedAfterRequired: `Say after how many seconds (${UNACKNOWLEDGED_AFTER_MIN_S}–${UNACKNOWLEDGED_AFTER_MAX_S})`,
  invalidEmail: 'Invalid e-mail address',
  invalidUrl: 'Enter the http(s) address of the receiving system',
  pagerRequired: 'Enter the pager or device id',
  nameRequired: 'A contact needs a name',
  userHasNoEmail: 'This user has no e-mail address',
  notYours: 'You may only manage your own subscriptions',
} as const;

/** The contact kinds whose address is a URL (the signed webhook, docs/NOTIFICATIONS.md). */
export const WEBHOOK_CONTACT_KINDS: readonly ContactKind[] = ['ascom', 'connexall', 'tiger'];
/** The contact kinds whose address is a pager or device id (WCTP). */
export const PAGER_CONTACT_KINDS: readonly ContactKind[] = ['wctp', 'vocera'];

const EMAIL_RE = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/**
 * A contact's address in the form its kind takes, or the reason it is not one: an e-mail address,
 * a US phone number (normalised to E.164), a pager id, or an http(s) URL.
 */
export function contactAddressError(kind: ContactKind, address: string): string | null {
  const value = address.trim();
  if (kind === 'email') return EMAIL_RE.test(value) ? null : SUBSCRIPTION_MESSAGES.invalidEmail;
  if (kind === 'sms') {
    const parsed = parsePhone(value);
    return parsed.ok ? null : parsed.reason;
  }
  if (PAGER_CONTACT_KINDS.includes(kind))
    return /^[\w.@+-]{1,64}$/.test(value) ? null : SUBSCRIPTION_MESSAGES.pagerRequired;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : SUBSCRIPTION_MESSAGES.invalidUrl;
  } catch {
    return SUBSCRIPTION_MESSAGES.invalidUrl;
  }
}

/** The address as it is stored: trimmed; a phone number in E.164. */
export function normaliseContactAddress(kind: ContactKind, address: string): string {
  if (kind === 'sms') {
    const parsed = parsePhone(address.trim());
    if (parsed.ok) return parsed.value;
  }
  return address.trim();
}

const contactSchema = z.strictObject({
  type: z.literal('contact'),
  name: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, SUBSCRIPTION_MESSAGES.nameRequired)),
  kind: contactKindSchema,
  address: z.string().max(500),
});

/** Who a subscription tells: a user of the organisation (by e-mail), or a contact with its kind. */
export const recipientBodySchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('user'), userId: uuidSchema }),
    contactSchema,
  ])
  .superRefine((r, ctx) => {
    if (r.type !== 'contact') return;
    const error = contactAddressError(r.kind, r.address);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['address'] });
  })
  .transform((r) =>
    r.type === 'contact' ? { ...r, address: normaliseContactAddress(r.kind, r.address) } : r,
  );
export type RecipientBody = z.infer<typeof recipientBodySchema>;

/** POST /api/subscriptions. */
export const subscriptionCreateBodySchema = z
  .strictObject({
    recipient: recipientBodySchema,
    /** The root of the zone subtree whose alerts and gateways it follows. */
    zone: uuidSchema,
    modes: z.array(alertModeSchema).max(3),
    moments: z.array(subscriptionMomentSchema).max(SUBSCRIPTION_MOMENTS.length),
    unacknowledgedAfterS: z.number().int().nullable().optional(),
    paused: z.boolean().optional(),
  })
  .superRefine((body, ctx) => subscriptionRules(body, ctx));
export type SubscriptionCreateBody = z.infer<typeof subscriptionCreateBodySchema>;

/** PUT /api/subscriptions/{id}: the whole subscription again (the edit modal sends every field). */
export const subscriptionUpdateBodySchema = subscriptionCreateBodySchema;
export type SubscriptionUpdateBody = SubscriptionCreateBody;

/** PATCH-like pause and resume: PUT /api/subscriptions/{id}/paused. */
export const subscriptionPausedBodySchema = z.strictObject({ paused: z.boolean() });

function subscriptionRules(
  body: { modes: AlertMode[]; moments: SubscriptionMoment[]; unacknowledgedAfterS?: number | null },
  ctx: z.RefinementCtx,
) {
  if (body.moments.length === 0)
    ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.momentsRequired, path: ['moments'] });
  if (body.moments.some((m) => ALERT_MOMENTS.includes(m)) && body.modes.length === 0)
    ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.modesRequired, path: ['modes'] });
  const after = body.unacknowledgedAfterS;
  if (
    body.moments.includes('unacknowledged') &&
    (after == null || after < UNACKNOWLEDGED_AFTER_MIN_S || after > UNACKNOWLEDGED_AFTER_MAX_S)
  )
    ctx.addIssue({
      code: 'custom',
      message: SUBSCRIPTION_MESSAGES.unacknowledgedAfterRequired,
      path: ['unacknowledgedAfterS'],
    });
}

/** A subscription as listed and read. */
export const subscriptionSchema = z.object({
  id: z.string(),
  recipient: z.discriminatedUnion('type', [
    z.object({ type: z.literal('user'), userId: z.string(), name: z.string(), email: z.string().nullable() }),
    z.object({ type: z.literal('contact'), name: z.string(), kind: contactKindSchema, address: z.string() }),
  ]),
  zone: zoneRefSchema,
  modes: z.array(alertModeSchema),
  moments: z.array(subscriptionMomentSchema),
  unacknowledgedAfterS: z.number().int().nullable(),
  paused: z.boolean(),
  createdBy: actorSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = listSchema(subscriptionSchema);

/**
 * POST /api/subscriptions/{id}/test answers once the test message is queued (its delivery shows in
 * the delivery log a moment later, sent like any other).
 */
export const subscriptionTestAnswerSchema = z.object({ queued: z.literal(true) });
export const SUBSCRIPTION_TEST_QUEUED = 'Test message queued: it shows in the delivery log once sent.';

/** One line naming a subscription's recipient: 'Jane Doe (e-mail)', 'Ward 3 pager (WCTP pager)'. */
export function recipientLabel(recipient: Subscription['recipient']): string {
  return recipient.type === 'user'
    ? `${recipient.name} (e-mail)`
    : `${recipient.name} (${CONTACT_KIND_LABELS[recipient.kind]})`;
}

/**
 * Whether a subscription hears of an alert moment: not paused, the moment and the alert's mode
 * named, and the alert's zone inside the subscription's subtree (its path holds the zone).
 */
export function subscriptionMatches(
  sub: { paused: boolean; zoneId: string; modes: readonly string[]; moments: readonly string[] },
  event: { moment: SubscriptionMoment; mode?: AlertMode | null; zonePath: readonly string[] },
): boolean {
  if (sub.paused || !sub.moments.includes(event.moment)) return false;
  if (ALERT_MOMENTS.includes(event.moment) && (!event.mode || !sub.modes.includes(event.mode))) return false;
  return event.zonePath.includes(sub.zoneId);
}
