import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import {
  CONTACT_CHANNEL,
  DeliveryError,
  buildSubmitRequest,
  channelFor,
  emailChannel,
  pagerText,
  parseConfirmation,
  signWebhook,
  smsChannel,
  verifyWebhookSignature,
  wctpChannel,
  webhookChannel,
} from '../../src/notifications/channels';
import type { Channel, NotificationMessage } from '../../src/notifications/channels';
import { failureError, WCTP_DOCTYPE } from '../../src/notifications/channels/wctp';
import {
  startMjpegCamera,
  startSmsPeer,
  startSmtpPeer,
  startWctpPeer,
  startWebhookPeer,
} from '../helpers/notify-peers';
import type { CameraPeer, SmsPeer, SmtpPeer, WctpPeer, WebhookPeer } from '../helpers/notify-peers';

// The four delivery channels (issue 16) against real local receivers: what the receiver sees, the
// idempotency key on its side, and which failures the outbox worker may retry.

const LINK = 'https://vigil.example/link/a/3q2-x9Z_token';

function message(overrides: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    idempotencyKey: `n-${crypto.randomUUID()}`,
    subject: 'HELP alert: Ward 3 › Room 12 (Jane Doe)',
    text: `HELP alert\nWard 3 › Room 12, floor 2, Cardiology\nJane Doe, 1 min ago\n${LINK}`,
    link: LINK,
    event: { type: 'alert.raised', alertId: 'a-1', kind: 'help' },
    ...overrides,
  };
}

/** The DeliveryError `promise` rejects with (failing the test if it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  return err as DeliveryError;
}

describe('e-mail', () => {
  let smtp: SmtpPeer;
  let channel: Channel;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    channel = emailChannel({ host: smtp.host, port: smtp.port, from: 'Vigil <alerts@vigil.example>' });
  });
  afterAll(async () => {
    await channel.close?.();
    await smtp.close();
  });

  it('sends the subject and text with the idempotency key as Message-ID and header', async () => {
    const msg = message();
    const receipt = await channel.send('nurse@hospital.example', msg);
    const mail = await smtp.waitFor((m) => m.messageId === `<${msg.idempotencyKey}@vigil>`);
    expect(mail).toMatchObject({ from: 'alerts@vigil.example', to: ['nurse@hospital.example'] });
    expect(mail.subject).toBe(msg.subject);
    expect(mail.text.trim()).toBe(msg.text);
    expect(mail.headers['x-vigil-idempotency-key']).toBe(msg.idempotencyKey);
    expect(receipt.providerId).toBe(`<${msg.idempotencyKey}@vigil>`);
  });

  it('a 451 is retryable, and the same message goes through once the relay accepts again', async () => {
    const msg = message();
    smtp.setMode('reject-temporary');
    const err = await failure(channel.send('nurse@hospital.example', msg));
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('451');
    smtp.setMode('ok');
    await channel.send('nurse@hospital.example', msg);
    const mail = await smtp.waitFor((m) => m.messageId === `<${msg.idempotencyKey}@vigil>`);
    expect(smtp.received.filter((m) => m === mail)).toHaveLength(1);
  });

  it('a 550 is permanent', async () => {
    smtp.setMode('reject-permanent');
    try {
      const err = await failure(channel.send('gone@hospital.example', message()));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('550');
    } finally {
      smtp.setMode('ok');
    }
  });

  it('a relay that cannot be reached is retryable; a malformed address is permanent', async () => {
    const closed = await startSmtpPeer();
    await closed.close();
    const nowhere = emailChannel({ host: '127.0.0.1', port: closed.port, from: 'alerts@vigil.example' });
    try {
      expect((await failure(nowhere.send('nurse@hospital.example', message()))).retryable).toBe(true);
    } finally {
      await nowhere.close?.();
    }
    for (const address of ['nurse', 'a@b.example, c@d.example', 'x@y.example\r\nBcc: z@w.example']) {
      expect((await failure(channel.send(address, message()))).retryable).toBe(false);
    }
  });
});

describe('WCTP', () => {
  let wctp: WctpPeer;
  let channel: Channel;

  beforeAll(async () => {
    wctp = await startWctpPeer();
    channel = wctpChannel({ url: wctp.url, senderId: 'vigil', securityCode: 's3cret' });
  });
  afterAll(() => wctp.close());

  it('submits the subject and link to the pager id, the idempotency key as messageID', async () => {
    const msg = message();
    const receipt = await channel.send('4711', msg);
    const [page] = wctp.received.filter((p) => p.messageId === msg.idempotencyKey);
    expect(page).toEqual({
      recipientId: '4711',
      messageId: msg.idempotencyKey,
      senderId: 'vigil',
      text: `${msg.subject}\n${LINK}`,
    });
    expect(receipt).toEqual({ providerId: msg.idempotencyKey, detail: 'WCTP 200 Accepted' });
  });

  it('a wctp-Failure 402 is permanent; HTTP 503 is retryable, then the page goes through', async () => {
    wctp.setMode('fail');
    const refused = await failure(channel.send('4711', message()));
    expect(refused.retryable).toBe(false);
    expect(refused.message).toContain('402');

    const msg = message();
    wctp.setMode('down');
    const down = await failure(channel.send('4711', msg));
    expect(down.retryable).toBe(true);
    expect(down.message).toContain('503');
    wctp.setMode('ok');
    await channel.send('4711', msg);
    expect(await wctp.waitFor((p) => p.messageId === msg.idempotencyKey)).toMatchObject({
      recipientId: '4711',
    });
  });

  it('a server that cannot be reached is retryable', async () => {
    const closed = await startWctpPeer();
    await closed.close();
    const nowhere = wctpChannel({ url: closed.url, senderId: 'vigil' });
    expect((await failure(nowhere.send('4711', message()))).retryable).toBe(true);
  });

  describe('the request document', () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
    });
    const submit = {
      senderId: 'vigil',
      messageId: 'n-1',
      recipientId: '0042',
      text: 'x',
      submitted: new Date('2025-03-04T05:06:07.890Z'),
    };

    it.each([
      ['<&>', '&lt;&amp;&gt;'],
      ['Room <12> & "ICU"', 'Room &lt;12&gt; &amp; &quot;ICU&quot;'],
      ["O'Brien › ward", 'O&apos;Brien › ward'],
      [']]></wctp-Alphanumeric><x/>', ']]&gt;&lt;/wctp-Alphanumeric&gt;&lt;x/&gt;'],
      ['&amp; stays text', '&amp;amp; stays text'],
    ])('escapes %j in the text', (text, escaped) => {
      const xml = buildSubmitRequest({ ...submit, text });
      expect(xml).toContain(`<wctp-Alphanumeric>${escaped}</wctp-Alphanumeric>`);
      const doc = parser.parse(xml);
      expect(doc['wctp-Operation']['wctp-SubmitRequest']['wctp-Payload']['wctp-Alphanumeric']).toBe(text);
    });

    it('escapes attributes, keeps leading zeros, and says which DTD it follows', () => {
      const xml = buildSubmitRequest({ ...submit, senderId: 'a"<&>b', securityCode: 'c&d' });
      expect(xml.split('\n')[1]).toBe(WCTP_DOCTYPE);
      const op = parser.parse(xml)['wctp-Operation'];
      expect(op.wctpVersion).toBe('wctp-dtd-v1r3');
      const header = op['wctp-SubmitRequest']['wctp-SubmitHeader'];
      expect(header.submitTimestamp).toBe('2025-03-04T05:06:07');
      expect(header['wctp-Originator']).toEqual({ senderID: 'a"<&>b', securityCode: 'c&d' });
      expect(header['wctp-MessageControl']).toEqual({
        messageID: 'n-1',
        allowResponse: 'false',
        notifyWhenDelivered: 'false',
      });
      expect(header['wctp-Recipient']).toEqual({ recipientID: '0042' });
    });

    it('leaves out a missing securityCode', () => {
      expect(buildSubmitRequest(submit)).not.toContain('securityCode');
    });
  });

  it.each([
    [
      '<wctp-Confirmation><wctp-Success successCode="200" successText="Accepted"/></wctp-Confirmation>',
      true,
      200,
      undefined,
    ],
    [
      '<wctp-Confirmation><wctp-Failure errorCode="402" errorText="Bad recipient"/></wctp-Confirmation>',
      false,
      402,
      false,
    ],
    [
      '<wctp-Confirmation><wctp-Failure errorCode="302" errorText="Bad version"/></wctp-Confirmation>',
      false,
      302,
      true,
    ],
    [
      '<wctp-Confirmation><wctp-Failure errorCode="500" errorText="Internal error"/></wctp-Confirmation>',
      false,
      500,
      true,
    ],
  ])('reads the confirmation %s', (inner, success, code, retryable) => {
    const confirmation = parseConfirmation(`<?xml version="1.0"?><wctp-Operation>${inner}</wctp-Operation>`);
    expect(confirmation).toMatchObject({ success, code });
    if (retryable !== undefined) expect(failureError(confirmation).retryable).toBe(retryable);
  });

  it('an answer that is no confirmation is retryable', () => {
    for (const body of ['<html><body>Proxy error</body></html>', 'not xml at all', '']) {
      expect(() => parseConfirmation(body)).toThrow(DeliveryError);
    }
  });

  describe('the pager text', () => {
    it('is the subject line, then the link, when it fits', () => {
      expect(pagerText('HELP  alert:\nRoom 12', LINK)).toBe(`HELP alert: Room 12\n${LINK}`);
      expect(pagerText('Test message', undefined)).toBe('Test message');
    });

    it('cuts the subject at a word with an ellipsis, keeping the whole link, within 500 characters', () => {
      const subject = `HELP alert: ${'Ward 3 › Room 12 '.repeat(40)}`;
      const text = pagerText(subject, LINK);
      expect([...text].length).toBeLessThanOrEqual(500);
      expect([...text].length).toBeGreaterThan(480);
      const [line, link] = text.split('\n');
      expect(link).toBe(LINK);
      expect(line).toMatch(/\S…$/);
      expect(subject.startsWith(line.slice(0, -1))).toBe(true);
      expect(subject.charAt(line.length - 1)).toBe(' ');
    });

    it('never splits a character made of two code units', () => {
      const text = pagerText('🚨'.repeat(600), undefined);
      expect([...text]).toHaveLength(500);
      expect(text.endsWith('🚨…')).toBe(true);
    });
  });
});

describe('SMS', () => {
  let sms: SmsPeer;
  let channel: Channel;

  beforeAll(async () => {
    sms = await startSmsPeer();
    channel = smsChannel({
      baseUrl: sms.url,
      accountSid: sms.accountSid,
      authToken: sms.authToken,
      from: '+15550001111',
    });
  });
  afterAll(() => sms.close());

  it('posts To, From and the subject with the link, the idempotency key as a header', async () => {
    const msg = message();
    const receipt = await channel.send('+15551234567', msg);
    const text = await sms.waitFor((m) => m.idempotencyKey === msg.idempotencyKey);
    expect(text).toEqual({
      to: '+15551234567',
      from: '+15550001111',
      body: `${msg.subject}\n${LINK}`,
      idempotencyKey: msg.idempotencyKey,
    });
    expect(receipt).toEqual({ providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), detail: 'queued' });
  });

  it('keeps the body within 1600 characters', async () => {
    const msg = message({ subject: 'x'.repeat(3000) });
    await channel.send('+15551234567', msg);
    const text = await sms.waitFor((m) => m.idempotencyKey === msg.idempotencyKey);
    expect(text.body.length).toBe(1600);
    expect(text.body.endsWith(`…\n${LINK}`)).toBe(true);
  });

  it('refuses an address that is not E.164 without asking the gateway', async () => {
    const before = sms.attempts();
    for (const address of [
      '5551234567',
      '+1 555 123 4567',
      '+1555',
      '+0551234567',
      '+1234567890123456',
      'nurse',
    ]) {
      const err = await failure(channel.send(address, message()));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('E.164');
    }
    expect(sms.attempts()).toBe(before);
  });

  it('a refused number is permanent, with the gateway’s reason', async () => {
    sms.setMode('reject');
    try {
      const err = await failure(channel.send('+15551234567', message()));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('The To number is not valid');
    } finally {
      sms.setMode('ok');
    }
  });

  it('wrong credentials are permanent', async () => {
    const wrong = smsChannel({
      baseUrl: sms.url,
      accountSid: sms.accountSid,
      authToken: 'wrong',
      from: '+15550001111',
    });
    const err = await failure(wrong.send('+15551234567', message()));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('401');
  });

  it('a gateway that is down is retryable, and the text goes through once it is back', async () => {
    const msg = message();
    sms.setMode('down');
    const err = await failure(channel.send('+15551234567', msg));
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('503');
    sms.setMode('ok');
    await channel.send('+15551234567', msg);
    await sms.waitFor((m) => m.idempotencyKey === msg.idempotencyKey);
    expect(sms.received.filter((m) => m.idempotencyKey === msg.idempotencyKey)).toHaveLength(1);
  });
});

describe('webhook', () => {
  const secret = 'whsec_peer-secret';
  let hook: WebhookPeer;
  let channel: Channel;

  beforeAll(async () => {
    hook = await startWebhookPeer(secret);
    channel = webhookChannel({ secret });
  });
  afterAll(() => hook.close());

  it('posts the signed JSON with the idempotency key as id and header', async () => {
    const msg = message();
    const receipt = await channel.send(hook.url, msg);
    const delivery = await hook.waitFor((d) => d.idempotencyKey === msg.idempotencyKey);
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.path).toBe('/hooks/vigil');
    expect(delivery.body).toEqual({
      id: msg.idempotencyKey,
      subject: msg.subject,
      text: msg.text,
      link: LINK,
      event: msg.event,
    });
    expect(receipt.detail).toBe('HTTP 204');
  });

  it('posts to the configured URL instead of the address when there is one', async () => {
    const fixed = webhookChannel({ secret, url: `${hook.url}/fixed` });
    const msg = message({ link: undefined });
    await fixed.send('ignored', msg);
    const delivery = await hook.waitFor((d) => d.idempotencyKey === msg.idempotencyKey);
    expect(delivery.path).toBe('/hooks/vigil/fixed');
    expect(delivery.body).toMatchObject({ link: null });
  });

  it('a receiver that is down is retryable, and the event goes through once it is back', async () => {
    const msg = message();
    hook.setMode('down');
    expect((await failure(channel.send(hook.url, msg))).retryable).toBe(true);
    hook.setMode('ok');
    await channel.send(hook.url, msg);
    await hook.waitFor((d) => d.idempotencyKey === msg.idempotencyKey);
  });

  it('a 400 is permanent; so is an address that is not an http(s) URL', async () => {
    hook.setMode('reject');
    try {
      const err = await failure(channel.send(hook.url, message()));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('unknown integration');
    } finally {
      hook.setMode('ok');
    }
    for (const address of ['ftp://hooks.example/x', 'file:///etc/passwd', 'not a url']) {
      expect((await failure(channel.send(address, message()))).retryable).toBe(false);
    }
  });

  it('a receiver that cannot be reached, or a cancelled send, is retryable', async () => {
    const closed = await startWebhookPeer(secret);
    await closed.close();
    expect((await failure(channel.send(closed.url, message()))).retryable).toBe(true);
    const abort = new AbortController();
    abort.abort();
    const cancelled = await failure(channel.send(hook.url, message(), abort.signal));
    expect(cancelled.retryable).toBe(true);
    expect(cancelled.message).toContain('cancelled');
  });

  describe('the signature', () => {
    const body = JSON.stringify({ id: 'n-1', subject: 'HELP' });
    const t = 1_750_000_000;

    it('verifies the body it was made for, within the tolerance', () => {
      const header = signWebhook(secret, t, body);
      expect(header).toMatch(/^t=1750000000,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(secret, header, body, 300, t)).toBe(true);
      expect(verifyWebhookSignature(secret, header, Buffer.from(body), 300, t + 300)).toBe(true);
      // A second v1 (a receiver rotating its secret) may come first.
      expect(
        verifyWebhookSignature(secret, `t=${t},v1=${'0'.repeat(64)},${header.split(',')[1]}`, body, 300, t),
      ).toBe(true);
    });

    it.each([
      ['a tampered body', (h: string) => [h, body.replace('HELP', 'HELLO'), t] as const],
      ['another secret', () => [signWebhook('other', t, body), body, t] as const],
      ['an old timestamp', (h: string) => [h, body, t + 301] as const],
      ['a future timestamp', (h: string) => [h, body, t - 301] as const],
      ['a changed timestamp', (h: string) => [h.replace(`t=${t}`, `t=${t + 1}`), body, t] as const],
      ['no v1', () => [`t=${t}`, body, t] as const],
      ['a truncated v1', (h: string) => [h.slice(0, -2), body, t] as const],
      ['garbage', () => ['v1=zz,t=abc', body, t] as const],
      ['no header', () => [undefined, body, t] as const],
    ])('fails for %s', (_, make) => {
      const [header, signed, now] = make(signWebhook(secret, t, body));
      expect(verifyWebhookSignature(secret, header, signed, 300, now)).toBe(false);
    });
  });
});

describe('channelFor', () => {
  it('maps every contact kind to a channel', () => {
    expect(CONTACT_CHANNEL).toEqual({
      sms: 'sms',
      email: 'email',
      wctp: 'wctp',
      vocera: 'wctp',
      ascom: 'webhook',
      connexall: 'webhook',
      tiger: 'webhook',
    });
  });

  it('gives the configured channels and null for the others', async () => {
    const settings = {
      wctp: { url: 'http://127.0.0.1:9/wctp', senderId: 'vigil' },
      webhook: { secret: 's' },
    };
    expect(channelFor('wctp', settings)?.kind).toBe('wctp');
    expect(channelFor('webhook', settings)?.kind).toBe('webhook');
    expect(channelFor('email', settings)).toBeNull();
    expect(channelFor('sms', settings)).toBeNull();
    const email = channelFor('email', { email: { host: '127.0.0.1', port: 25, from: 'a@b.example' } });
    expect(email?.kind).toBe('email');
    await email?.close?.();
  });
});

describe('the MJPEG camera stub', () => {
  let camera: CameraPeer;
  const auth = { user: 'viewer', password: 'cam-pass' };
  const authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;

  beforeAll(async () => {
    camera = await startMjpegCamera(auth);
  });
  afterAll(() => camera.close());

  it('streams multipart JPEG frames to a client with the credentials', async () => {
    const abort = new AbortController();
    const res = await fetch(camera.streamUrl, { headers: { authorization }, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('multipart/x-mixed-replace; boundary=frame');
    const reader = res.body!.getReader();
    let bytes = Buffer.alloc(0);
    // Until one whole part (boundary, headers, JPEG from SOI to EOI) has arrived.
    while (
      !/--frame\r\nContent-Type: image\/jpeg\r\n[^]*\xff\xd8[^]*\xff\xd9/.test(bytes.toString('latin1'))
    ) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes = Buffer.concat([bytes, value]);
    }
    abort.abort();
    await reader.cancel().catch(() => undefined);
    expect(bytes.toString('latin1')).toMatch(
      /^--frame\r\nContent-Type: image\/jpeg\r\nContent-Length: \d+\r\n\r\n\xff\xd8/,
    );
    expect(await camera.waitFor(1)).toHaveLength(1);
  });

  it('answers one frame at /snapshot.jpg and 401 without credentials', async () => {
    const snapshot = await fetch(camera.snapshotUrl, { headers: { authorization } });
    expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await snapshot.arrayBuffer());
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await fetch(camera.streamUrl)).status).toBe(401);
    expect((await fetch(camera.snapshotUrl)).status).toBe(401);
  });
});
