import type { ContactKind } from '@vigil/domain';
import type { Channel, ChannelKind, ChannelSettings } from './channel';
import { emailChannel } from './email';
import { smsChannel } from './sms';
import { wctpChannel } from './wctp';
import { webhookChannel } from './webhook';

/**
 * The notifications area's delivery channels: which channel carries each contact kind, and the
 * channel for a kind when the deployment has configured it.
 */

export * from './channel';
export { emailChannel } from './email';
export { smsChannel, isE164 } from './sms';
export { wctpChannel, buildSubmitRequest, parseConfirmation, pagerText } from './wctp';
export { webhookChannel, signWebhook, verifyWebhookSignature } from './webhook';

/**
 * Vocera takes WCTP; Ascom, Connexall and Tiger (TAP gateways) are reached through their HTTP
 * integration endpoints, i.e. the signed webhook (docs/NOTIFICATIONS.md).
 */
export const CONTACT_CHANNEL: Record<ContactKind, ChannelKind> = {
  sms: 'sms',
  email: 'email',
  wctp: 'wctp',
  vocera: 'wctp',
  ascom: 'webhook',
  connexall: 'webhook',
  tiger: 'webhook',
};

/** The channel of `kind`, or null when its settings are missing (that channel is not configured). */
export function channelFor(kind: ChannelKind, settings: ChannelSettings): Channel | null {
  switch (kind) {
    case 'email':
      return settings.email ? emailChannel(settings.email) : null;
    case 'wctp':
      return settings.wctp ? wctpChannel(settings.wctp) : null;
    case 'sms':
      return settings.sms ? smsChannel(settings.sms) : null;
    case 'webhook':
      return settings.webhook ? webhookChannel(settings.webhook) : null;
  }
}
