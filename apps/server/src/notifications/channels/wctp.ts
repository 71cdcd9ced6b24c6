import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { DeliveryError } from './channel';
import type { Channel, WctpSettings } from './channel';
import { isSuccess, postOnce, statusError } from './http';

/**
 * The WCTP 1.3 channel: pagers and paging servers (Vocera, Spok and carriers' gateways) take a
 * `wctp-SubmitRequest` POSTed as XML and answer a `wctp-Confirmation`. The builder and the parser
 * are pure and exported, so their edge cases (escaping, codes) are table-tested without a server.
 */

/** Pagers have short screens: the subject line and the link, at most this many characters. */
export const WCTP_MAX_TEXT = 500;
export const WCTP_DOCTYPE = '<!DOCTYPE wctp-Operation SYSTEM "http://dtd.wctp.org/wctp-dtd-v1r3.dtd">';

export type WctpSubmit = {
  senderId: string;
  securityCode?: string;
  /** wctp-MessageControl messageID: the idempotency key, the same on every attempt. */
  messageId: string;
  recipientId: string;
  text: string;
  submitted: Date;
};

/** What a wctp-Confirmation said: wctp-Success or wctp-Failure, with its code and text. */
export type WctpConfirmation = { success: boolean; code: number; text: string };

const ATTRIBUTE = '@_';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: ATTRIBUTE, format: true });
// Everything stays a string: a recipient id like 0012 must not become the number 12.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
});

/** The request document; the builder escapes `<&>"'` in text and attributes. */
export function buildSubmitRequest(submit: WctpSubmit): string {
  const originator: Record<string, string> = { [`${ATTRIBUTE}senderID`]: submit.senderId };
  if (submit.securityCode) originator[`${ATTRIBUTE}securityCode`] = submit.securityCode;
  const operation = {
    'wctp-Operation': {
      [`${ATTRIBUTE}wctpVersion`]: 'wctp-dtd-v1r3',
      'wctp-SubmitRequest': {
        'wctp-SubmitHeader': {
          [`${ATTRIBUTE}submitTimestamp`]: wctpTimestamp(submit.submitted),
          'wctp-Originator': originator,
          'wctp-MessageControl': {
            [`${ATTRIBUTE}messageID`]: submit.messageId,
            [`${ATTRIBUTE}allowResponse`]: 'false',
            [`${ATTRIBUTE}notifyWhenDelivered`]: 'false',
          },
          'wctp-Recipient': { [`${ATTRIBUTE}recipientID`]: submit.recipientId },
        },
        'wctp-Payload': { 'wctp-Alphanumeric': submit.text },
      },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${WCTP_DOCTYPE}\n${builder.build(operation)}`;
}

/** Reads a wctp-Confirmation; throws a retryable DeliveryError for anything else (a proxy's page …). */
export function parseConfirmation(xml: string): WctpConfirmation {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new DeliveryError('the WCTP server answered with something that is not XML', true);
  }
  const confirmation = child(child(doc, 'wctp-Operation'), 'wctp-Confirmation');
  const success = child(confirmation, 'wctp-Success');
  const failure = child(confirmation, 'wctp-Failure');
  const answer = success ?? failure;
  if (!answer) throw new DeliveryError('the WCTP server answered without a wctp-Confirmation', true);
  const kind = success ? 'success' : 'error';
  const text = [answer[`${ATTRIBUTE}${kind}Text`], answer['#text']].find((t) => typeof t === 'string');
  return {
    success: Boolean(success),
    code: Number(answer[`${ATTRIBUTE}${kind}Code`]),
    text: typeof text === 'string' ? text.trim() : '',
  };
}

/**
 * The error for a wctp-Failure: 400–499 are about this message or recipient (unknown pager, message
 * refused), which a retry gets again; 300-series protocol errors and 500-series server trouble may pass.
 */
export function failureError(failure: WctpConfirmation): DeliveryError {
  const permanent = failure.code >= 400 && failure.code < 500;
  return new DeliveryError(`WCTP error ${failure.code}: ${failure.text || 'no details'}`, !permanent);
}

/**
 * The subject line, then the link, within `max` characters (code points, so no emoji is split). The
 * link is what the reader acts on, so the subject gives way: cut at a word where one is near, with
 * an ellipsis. Without room for the link, only the (cut) subject goes.
 */
export function pagerText(subject: string, link: string | undefined, max = WCTP_MAX_TEXT): string {
  const line = subject.replace(/\s+/g, ' ').trim();
  const full = link ? `${line}\n${link}` : line;
  if ([...full].length <= max) return full;
  if (!link || [...link].length + 2 > max) return cut(line, max);
  return `${cut(line, max - [...link].length - 1)}\n${link}`;
}

/** Sends `pagerText` of the message to the pager id `address`. */
export function wctpChannel(settings: WctpSettings): Channel {
  return {
    kind: 'wctp',
    async send(address, message, signal) {
      const recipientId = address.trim();
      if (!recipientId) throw new DeliveryError('no pager id', false);
      const xml = buildSubmitRequest({
        senderId: settings.senderId,
        securityCode: settings.securityCode,
        messageId: message.idempotencyKey,
        recipientId,
        text: pagerText(message.subject, message.link),
        submitted: new Date(),
      });
      const answer = await postOnce(settings.url, { 'Content-Type': 'text/xml; charset=utf-8' }, xml, signal);
      if (!isSuccess(answer)) throw statusError(answer, 'the WCTP server');
      const confirmation = parseConfirmation(answer.body);
      if (!confirmation.success) throw failureError(confirmation);
      return {
        providerId: message.idempotencyKey,
        detail: `WCTP ${confirmation.code}${confirmation.text ? ` ${confirmation.text}` : ''}`,
      };
    },
  };
}

/** WCTP's submitTimestamp: yyyy-mm-ddThh:mm:ss, UTC. */
function wctpTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19);
}

function child(node: unknown, name: string): Record<string, unknown> | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as Record<string, unknown>)[name];
  // An empty element (<wctp-Success/>) parses to ''.
  if (value === '') return {};
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/** At most `max` code points of `text`, ending in '…' when cut, at a space when one is close. */
function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const kept = chars.slice(0, Math.max(0, max - 1)).join('');
  const space = kept.lastIndexOf(' ');
  const clean = space >= kept.length - 20 && space > 0 ? kept.slice(0, space) : kept;
  return `${clean.trimEnd()}…`;
}
