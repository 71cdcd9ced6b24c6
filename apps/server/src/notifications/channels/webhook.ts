import crypto from 'node:crypto';
import type { Channel, WebhookSettings } from './channel';
import { isSuccess, postOnce, statusError } from './http';

/**
 * The signed-webhook channel (Ascom, Connexall and TAP/Tiger gateways take alerts this way).
 *
 * The body is JSON `{ id, subject, text, link, event }`; `Vigil-Signature: t=<unix s>,v1=<hex>` is
 * an HMAC-SHA256 of `<t>.<raw body>`, as Stripe does: the receiver checks it with
 * `verifyWebhookSignature` (or its own ten lines) and refuses old timestamps, so a recorded
 * request cannot be replayed later.
 */

/** The `Vigil-Signature` header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * Whether `header` is a valid `Vigil-Signature` of `body` no older (or newer) than `toleranceSeconds`
 * around `now` (unix seconds). Several `v1=` entries are allowed (a receiver rotating its secret).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Buffer,
  toleranceSeconds = 300,
  now = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d{1,12}$/.test(t) || Math.abs(now - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, Number(t), body.toString()), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]+$/i.test(value)) return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** POSTs the signed JSON to `settings.url`, or to the contact's address when no URL is set. */
export function webhookChannel(settings: WebhookSettings): Channel {
  return {
    kind: 'webhook',
    async send(address, message, signal) {
      const url = settings.url || address;
      const body = JSON.stringify({
        id: message.idempotencyKey,
        subject: message.subject,
        text: message.text,
        link: message.link ?? null,
        event: message.event,
      });
      const answer = await postOnce(
        url,
        {
          'Content-Type': 'application/json',
          'Idempotency-Key': message.idempotencyKey,
          'Vigil-Signature': signWebhook(settings.secret, Math.floor(Date.now() / 1000), body),
        },
        body,
        signal,
      );
      if (!isSuccess(answer)) throw statusError(answer, 'the webhook');
      return { detail: `HTTP ${answer.status}` };
    },
  };
}

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
