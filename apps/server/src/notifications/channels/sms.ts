import { DeliveryError } from './channel';
import type { Channel, SmsSettings } from './channel';
import { pagerText } from './wctp';
import { isSuccess, postOnce, statusError } from './http';
import type { HttpAnswer } from './http';

/**
 * The SMS channel, through an HTTP gateway shaped like Twilio's Messages API (Twilio itself, or a
 * compatible one such as SignalWire or a hospital's own): a form POST with Basic auth. The text is
 * the subject line and the link, as on a pager; the gateway splits it into segments.
 */

/** Twilio refuses longer bodies. */
export const SMS_MAX_TEXT = 1600;

/** E.164: '+', a country code not starting with 0, 8–15 digits in all; no spaces or dashes. */
const E164 = /^\+[1-9]\d{7,14}$/;

export function isE164(address: string): boolean {
  return E164.test(address);
}

export function smsChannel(settings: SmsSettings): Channel {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const url = `${base}/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  return {
    kind: 'sms',
    async send(address, message, signal) {
      if (!isE164(address))
        throw new DeliveryError(`not an E.164 phone number: ${JSON.stringify(address)}`, false);
      const form = new URLSearchParams({
        To: address,
        From: settings.from,
        Body: pagerText(message.subject, message.link, SMS_MAX_TEXT),
      });
      const answer = await postOnce(
        url,
        {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${auth}`,
          'Idempotency-Key': message.idempotencyKey,
        },
        form.toString(),
        signal,
      );
      const json = parseJson(answer);
      if (!isSuccess(answer)) {
        const reason = typeof json?.message === 'string' ? json.message : undefined;
        const code = json?.code === undefined ? '' : ` (code ${String(json.code)})`;
        throw statusError(answer, 'the SMS gateway', reason ? reason + code : undefined);
      }
      return {
        providerId: typeof json?.sid === 'string' ? json.sid : undefined,
        detail: typeof json?.status === 'string' ? json.status : `HTTP ${answer.status}`,
      };
    },
  };
}

function parseJson(answer: HttpAnswer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(answer.body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
