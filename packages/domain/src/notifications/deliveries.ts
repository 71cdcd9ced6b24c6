import { z } from 'zod';
import { isoDateSchema, listSchema } from '../contract/common';
import { alertModeSchema } from '../alerts/lifecycle';
import { subscriptionMomentSchema } from './subscriptions';

// Issue 16 "Delivery, never lost": each notification is one delivery to one contact over one
// channel, retried with backoff until delivered (or given up), logged on the alert and in its own
// log screen; a channel failing for more than a minute warns admins.

export const CHANNEL_KINDS = ['email', 'wctp', 'sms', 'webhook'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);
export type ChannelKindName = z.infer<typeof channelKindSchema>;
export const CHANNEL_LABELS: Record<ChannelKindName, string> = {
  email: 'E-mail',
  wctp: 'WCTP',
  sms: 'SMS',
  webhook: 'Webhook',
};

/**
 * A delivery's state: waiting to be sent (or retried), delivered, given up (`failed`: out of
 * attempts or refused for good), or `skipped` (no longer true when due: the alert was acknowledged
 * or closed before "still unacknowledged" came, or the subscription was paused or removed).
 */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export const deliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** Attempts before a delivery is given up, and the backoff between them (doubling, capped). */
export const DELIVERY_MAX_ATTEMPTS = 12;
export const DELIVERY_BACKOFF_FIRST_MS = 1000;
export const DELIVERY_BACKOFF_MAX_MS = 5 * 60_000;

/** The wait before attempt `attempt + 1` after `attempt` failed ones: 1 s, 2 s, 4 s … at most 5 min. */
export function deliveryBackoffMs(attempt: number): number {
  return Math.min(DELIVERY_BACKOFF_MAX_MS, DELIVERY_BACKOFF_FIRST_MS * 2 ** Math.max(0, attempt - 1));
}

/** A channel whose deliveries have been failing this long warns admins with a banner. */
export const CHANNEL_FAILING_WARN_MS = 60_000;

export const deliverySchema = z.object({
  id: z.string(),
  /** Who: the subscription's recipient as a line ('Jane Doe (e-mail)'). */
  recipient: z.string(),
  subscriptionId: z.string().nullable(),
  alertId: z.string().nullable(),
  mode: alertModeSchema.nullable(),
  /** What: the moment, or `test` for a test message. */
  moment: z.union([subscriptionMomentSchema, z.literal('test')]),
  subject: z.string(),
  channel: channelKindSchema,
  address: z.string(),
  state: deliveryStateSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDateSchema,
  /** When it is (or was) due: later than createdAt for "still unacknowledged" and retries. */
  dueAt: isoDateSchema,
  deliveredAt: isoDateSchema.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = listSchema(deliverySchema);

/** GET /api/notifications/health: each configured channel, and since when it has been failing. */
export const channelHealthSchema = z.object({
  channels: z.array(
    z.object({
      channel: channelKindSchema,
      configured: z.boolean(),
      /** The oldest failed attempt since the channel last delivered, or null when healthy. */
      failingSince: isoDateSchema.nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** The channels failing for longer than CHANNEL_FAILING_WARN_MS at `now`. */
export function failingChannels(health: ChannelHealth, now: number): ChannelHealth['channels'] {
  return health.channels.filter(
    (c) => c.failingSince !== null && now - Date.parse(c.failingSince) >= CHANNEL_FAILING_WARN_MS,
  );
}
