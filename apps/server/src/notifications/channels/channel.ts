/**
 * One delivery channel of the notifications area (issue 16): e-mail over SMTP, WCTP 1.3, an HTTP
 * SMS gateway, or a signed webhook. Every contact kind of SPEC §3 (sms, email, ascom, connexall,
 * vocera, wctp, tiger) maps to one of these (docs/NOTIFICATIONS.md).
 *
 * A channel sends one message to one address and either resolves (the receiver accepted it) or
 * throws a DeliveryError. The outbox worker retries with backoff; the receiver sees the same
 * `idempotencyKey` on every attempt of one (notification, contact), so a repeat after a crash is
 * recognisable (e-mail Message-ID, WCTP messageID, webhook/SMS `Idempotency-Key` header).
 */

export type ChannelKind = 'email' | 'wctp' | 'sms' | 'webhook';

/** What a notification says, already written out (the worker composes it from the alert). */
export type NotificationMessage = {
  /** Stable for one (notification, contact): the receiver's deduplication key. Letters, digits, '-'. */
  idempotencyKey: string;
  /** One line: what and where, e.g. "HELP alert: Ward 3 › Room 12 (Jane Doe)". */
  subject: string;
  /** Plain text: what, where (location path, floor and unit), who, how long ago, the link. */
  text: string;
  /** The no-login alert link (`/link/a/{token}`), also inside `text`; absent for a test message. */
  link?: string;
  /** The structured event for webhooks (JSON body). */
  event: Record<string, unknown>;
};

export type EmailSettings = {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Accept a self-signed certificate (a hospital's internal relay). */
  allowSelfSigned?: boolean;
};

export type WctpSettings = {
  /** The carrier's or the paging server's WCTP endpoint, e.g. https://paging.example/wctp */
  url: string;
  /** wctp-Originator senderID. */
  senderId: string;
  /** Optional securityCode of wctp-Originator. */
  securityCode?: string;
};

export type SmsSettings = {
  /** The gateway's base URL; messages are POSTed to `${baseUrl}/Accounts/${accountSid}/Messages.json`. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number, E.164. */
  from: string;
};

export type WebhookSettings = {
  /** Where the JSON is POSTed (the contact's address is the URL when this is absent). */
  url?: string;
  /** HMAC-SHA256 key of the signature header. */
  secret: string;
};

export type ChannelSettings = {
  email?: EmailSettings;
  wctp?: WctpSettings;
  sms?: SmsSettings;
  webhook?: WebhookSettings;
};

/** A failed attempt. `retryable` false: retrying cannot help (bad address, refused for good). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What the receiver answered, for the delivery log. */
export type DeliveryReceipt = { providerId?: string; detail?: string };

export type Channel = {
  kind: ChannelKind;
  /** Sends `message` to `address` (an e-mail address, a pager id, an E.164 number, a URL). */
  send(address: string, message: NotificationMessage, signal?: AbortSignal): Promise<DeliveryReceipt>;
  /** Frees connections (the SMTP pool). */
  close?(): Promise<void>;
};
