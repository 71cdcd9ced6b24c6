import nodemailer from 'nodemailer';
import { DeliveryError } from './channel';
import type { Channel, EmailSettings } from './channel';
import { ATTEMPT_TIMEOUT_MS } from './http';

/**
 * The e-mail channel: plain-text mail through the deployment's SMTP relay, over a small pool of
 * kept-open connections (an alert to twenty contacts is twenty messages, not twenty handshakes).
 * The Message-ID is made from the idempotency key, so a repeat after a crash is the same message to
 * the recipient's mail system.
 */

/** One mailbox, nothing that would make nodemailer send to a list or inject a header. */
const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+$/;

export function emailChannel(settings: EmailSettings): Channel {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    host: settings.host,
    port: settings.port,
    secure: settings.secure ?? false,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    tls: settings.allowSelfSigned ? { rejectUnauthorized: false } : undefined,
    connectionTimeout: ATTEMPT_TIMEOUT_MS,
    greetingTimeout: ATTEMPT_TIMEOUT_MS,
    socketTimeout: ATTEMPT_TIMEOUT_MS * 3,
  });
  return {
    kind: 'email',
    async send(address, message, signal) {
      if (!ADDRESS.test(address))
        throw new DeliveryError(`not an e-mail address: ${JSON.stringify(address)}`, false);
      const deadline = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: address,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.idempotencyKey}@vigil>`,
          headers: { 'X-Vigil-Idempotency-Key': message.idempotencyKey },
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        });
        return { providerId: info.messageId, detail: info.response };
      } catch (err) {
        if (signal?.aborted) throw new DeliveryError('sending the e-mail was cancelled', true);
        if (deadline.aborted)
          throw new DeliveryError(
            `the SMTP server did not accept the message within ${ATTEMPT_TIMEOUT_MS / 1000} s`,
            true,
          );
        throw smtpError(err);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * 5xx replies are permanent (RFC 5321): the mailbox does not exist, the relay refuses us. 503 "bad
 * sequence" is the exception: the session was confused, a new connection can do better. Everything
 * else (4xx, refused or dropped connections, timeouts) may pass.
 */
function smtpError(err: unknown): DeliveryError {
  const { responseCode, response, code, message } = err as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  const permanent =
    responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  const what = response?.trim() || message || String(err);
  return new DeliveryError(`SMTP ${responseCode ?? code ?? 'error'}: ${what}`, !permanent);
}
