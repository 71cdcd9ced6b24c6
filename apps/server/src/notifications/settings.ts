import type { ChannelSettings } from './channels';

// The deployment's notification channels, from its NOTIFY_* settings (docs/NOTIFICATIONS.md). A
// channel whose required settings are missing is not configured: its deliveries fail with a reason
// that names what to set, and the console's banner says so.

/** What each channel needs before it is configured, for the reason a delivery gives. */
export const REQUIRED_SETTINGS = {
  email: ['NOTIFY_SMTP_HOST', 'NOTIFY_SMTP_FROM'],
  wctp: ['NOTIFY_WCTP_URL', 'NOTIFY_WCTP_SENDER_ID'],
  sms: ['NOTIFY_SMS_URL', 'NOTIFY_SMS_ACCOUNT_SID', 'NOTIFY_SMS_AUTH_TOKEN', 'NOTIFY_SMS_FROM'],
  webhook: ['NOTIFY_WEBHOOK_SECRET'],
} as const;

/** The channel settings the NOTIFY_* variables describe. */
export function channelSettingsFrom(env: Record<string, string>): ChannelSettings {
  const has = (keys: readonly string[]) => keys.every((key) => !!env[key]);
  const settings: ChannelSettings = {};
  if (has(REQUIRED_SETTINGS.email))
    settings.email = {
      host: env.NOTIFY_SMTP_HOST!,
      port: Number(env.NOTIFY_SMTP_PORT ?? (env.NOTIFY_SMTP_SECURE === 'true' ? 465 : 587)),
      secure: env.NOTIFY_SMTP_SECURE === 'true',
      user: env.NOTIFY_SMTP_USER,
      password: env.NOTIFY_SMTP_PASSWORD,
      from: env.NOTIFY_SMTP_FROM!,
      allowSelfSigned: env.NOTIFY_SMTP_ALLOW_SELF_SIGNED === 'true',
    };
  if (has(REQUIRED_SETTINGS.wctp))
    settings.wctp = {
      url: env.NOTIFY_WCTP_URL!,
      senderId: env.NOTIFY_WCTP_SENDER_ID!,
      securityCode: env.NOTIFY_WCTP_SECURITY_CODE,
    };
  if (has(REQUIRED_SETTINGS.sms))
    settings.sms = {
      baseUrl: env.NOTIFY_SMS_URL!,
      accountSid: env.NOTIFY_SMS_ACCOUNT_SID!,
      authToken: env.NOTIFY_SMS_AUTH_TOKEN!,
      from: env.NOTIFY_SMS_FROM!,
    };
  if (has(REQUIRED_SETTINGS.webhook))
    settings.webhook = { secret: env.NOTIFY_WEBHOOK_SECRET!, url: env.NOTIFY_WEBHOOK_URL };
  return settings;
}
