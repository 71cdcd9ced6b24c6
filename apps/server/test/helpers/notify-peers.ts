import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { verifyWebhookSignature } from '../../src/notifications/channels/webhook';

// Stand-ins for the receivers of notifications (issue 16) and for a network camera: an SMTP relay,
// a WCTP paging server, a Twilio-shaped SMS gateway, a webhook receiver and an MJPEG camera, each
// a real server on 127.0.0.1 (port 0: any free one). Each records what it accepted and can be
// switched into failing (`setMode`). `waitFor` is settled by the handler that records, not by
// polling. No test framework is imported here: the API tests and the e2e suite both use it.

/** What every peer offers: what it accepted, how it answers, and a way to wait for deliveries. */
export type Peer<T, M extends string> = {
  /** What the peer accepted, in arrival order (refused attempts are only counted). */
  received: T[];
  /** Every request or message that reached the peer, accepted or not. */
  attempts(): number;
  mode(): M;
  setMode(mode: M): void;
  /** Resolves with `received` once it holds `count` entries; rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<T[]>;
  /** Resolves with the first entry `match` accepts, one already received or one to come. */
  waitFor(match: (item: T) => boolean, ms?: number): Promise<T>;
  close(): Promise<void>;
};

export type SmtpMessage = {
  /** Envelope sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** As in the header, with its angle brackets. */
  messageId: string;
  /** Header names in lower case, values as sent (single-valued text headers only). */
  headers: Record<string, string>;
};
export type SmtpMode = 'ok' | 'reject-temporary' | 'reject-permanent';

export type WctpMessage = { recipientId: string; messageId: string; senderId: string; text: string };
export type WctpMode = 'ok' | 'fail' | 'down';

export type SmsMessage = { to: string; from: string; body: string; idempotencyKey: string };
export type SmsMode = 'ok' | 'down' | 'reject';

export type WebhookDelivery = {
  path: string;
  body: unknown;
  idempotencyKey: string;
  signatureValid: boolean;
};
/** 'hang': the request is read and never answered (a receiver stuck mid-delivery). */
export type WebhookMode = 'ok' | 'down' | 'reject' | 'hang';

export type CameraClient = { path: string; user?: string };
export type CameraMode = 'ok' | 'down';

export type SmtpPeer = Peer<SmtpMessage, SmtpMode> & { host: string; port: number };
export type WctpPeer = Peer<WctpMessage, WctpMode> & { url: string; port: number };
export type SmsPeer = Peer<SmsMessage, SmsMode> & {
  /** The base URL a deployment would configure (Twilio's is https://api.twilio.com/2010-04-01). */
  url: string;
  port: number;
  accountSid: string;
  authToken: string;
};
export type WebhookPeer = Peer<WebhookDelivery, WebhookMode> & { url: string; port: number };
export type CameraPeer = Peer<CameraClient, CameraMode> & {
  url: string;
  port: number;
  streamUrl: string;
  snapshotUrl: string;
};

/** An SMTP relay without TLS or required AUTH; 'reject-…' refuses at the end of DATA (451 or 550). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer = recorder<SmtpMessage, SmtpMode>('the SMTP peer', 'ok');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      peer.attempt();
      simpleParser(stream).then(
        (mail) => {
          const mode = peer.mode();
          if (mode !== 'ok') {
            const code = mode === 'reject-temporary' ? 451 : 550;
            const refusal = mode === 'reject-temporary' ? 'Try again later' : 'Mailbox unavailable';
            return callback(Object.assign(new Error(refusal), { responseCode: code }));
          }
          const headers: Record<string, string> = {};
          for (const [name, value] of mail.headers) if (typeof value === 'string') headers[name] = value;
          peer.record({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
            headers,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(peer.api, {
    host: '127.0.0.1',
    port,
    close: async () => {
      peer.reject();
      // Connections a client keeps pooled would otherwise hold the server open for its close timeout.
      for (const connection of server.connections) connection.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A WCTP 1.3 paging server at /wctp: wctp-Success 200, wctp-Failure 402 ('fail') or HTTP 503 ('down'). */
export async function startWctpPeer(): Promise<WctpPeer> {
  const peer = recorder<WctpMessage, WctpMode>('the WCTP peer', 'ok');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
  });
  const http = await startHttp(async (req, res) => {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/wctp')
      return void res.writeHead(404).end();
    peer.attempt();
    const body = await readBody(req);
    if (peer.mode() === 'down') return void res.writeHead(503, { 'Content-Type': 'text/plain' }).end('down');
    const request = xmlPath(parser.parse(body), 'wctp-Operation', 'wctp-SubmitRequest');
    const header = xmlPath(request, 'wctp-SubmitHeader');
    const payload = xmlPath(request, 'wctp-Payload');
    if (!header || !payload) return answerWctp(res, { errorCode: '301', errorText: 'Cannot parse input' });
    if (peer.mode() === 'fail')
      return answerWctp(res, { errorCode: '402', errorText: 'Invalid recipientID' });
    const message = {
      recipientId: String(xmlPath(header, 'wctp-Recipient')?.recipientID ?? ''),
      messageId: String(xmlPath(header, 'wctp-MessageControl')?.messageID ?? ''),
      senderId: String(xmlPath(header, 'wctp-Originator')?.senderID ?? ''),
      text: String(payload['wctp-Alphanumeric'] ?? ''),
    };
    answerWctp(res, { successCode: '200', successText: 'Accepted' });
    peer.record(message);
  });
  return Object.assign(peer.api, { url: `${http.origin}/wctp`, port: http.port, close: http.close(peer) });
}

/** A Twilio-shaped SMS gateway: POST {url}/Accounts/{sid}/Messages.json with Basic auth, answers 201. */
export async function startSmsPeer(
  credentials = { accountSid: 'AC0123456789abcdef', authToken: 'sms-peer-token' },
): Promise<SmsPeer> {
  const peer = recorder<SmsMessage, SmsMode>('the SMS peer', 'ok');
  const basic = basicAuth(credentials.accountSid, credentials.authToken);
  let sids = 0;
  const http = await startHttp(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`)
      return json(res, 404, { code: 20404, message: 'The requested resource was not found' });
    peer.attempt();
    const form = new URLSearchParams(await readBody(req));
    if (req.headers.authorization !== basic) return json(res, 401, { code: 20003, message: 'Authenticate' });
    if (peer.mode() === 'down') return json(res, 503, { message: 'Service unavailable' });
    if (peer.mode() === 'reject')
      return json(res, 400, { code: 21211, message: 'The To number is not valid' });
    const message = {
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
    };
    const sid = `SM${String(++sids).padStart(32, '0')}`;
    json(res, 201, { sid, status: 'queued', to: message.to, from: message.from, body: message.body });
    peer.record(message);
  });
  return Object.assign(peer.api, {
    url: `${http.origin}/2010-04-01`,
    port: http.port,
    ...credentials,
    close: http.close(peer),
  });
}

/** A webhook receiver at any path: checks `Vigil-Signature` with `secret` and records the verdict. */
export async function startWebhookPeer(secret: string): Promise<WebhookPeer> {
  const peer = recorder<WebhookDelivery, WebhookMode>('the webhook peer', 'ok');
  const http = await startHttp(async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    peer.attempt();
    const raw = await readBody(req);
    if (peer.mode() === 'hang') return;
    if (peer.mode() === 'down') return void res.writeHead(503, { 'Content-Type': 'text/plain' }).end('down');
    if (peer.mode() === 'reject') return json(res, 400, { error: 'unknown integration' });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: 'not JSON' });
    }
    res.writeHead(204).end();
    peer.record({
      path: new URL(req.url ?? '/', 'http://x').pathname,
      body,
      idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
      signatureValid: verifyWebhookSignature(secret, header(req, 'vigil-signature'), raw),
    });
  });
  return Object.assign(peer.api, {
    url: `${http.origin}/hooks/vigil`,
    port: http.port,
    close: http.close(peer),
  });
}

/**
 * An MJPEG network camera: GET /stream is `multipart/x-mixed-replace` with a frame every 100 ms
 * until the client goes; GET /snapshot.jpg is one frame. With `auth`, both want Basic auth (401
 * otherwise). `received` holds one entry per stream client that connected.
 */
export async function startMjpegCamera(auth?: { user: string; password: string }): Promise<CameraPeer> {
  const peer = recorder<CameraClient, CameraMode>('the camera', 'ok');
  const frame = await cameraFrame();
  const expected = auth && basicAuth(auth.user, auth.password);
  const timers = new Set<NodeJS.Timeout>();
  const http = await startHttp(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'GET' || (path !== '/stream' && path !== '/snapshot.jpg'))
      return void res.writeHead(404).end();
    peer.attempt();
    if (expected && req.headers.authorization !== expected)
      return void res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="camera"' }).end();
    if (peer.mode() === 'down') return void res.writeHead(503).end();
    if (path === '/snapshot.jpg') return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(frame);
    res.writeHead(200, {
      'Content-Type': 'multipart/x-mixed-replace; boundary=frame',
      'Cache-Control': 'no-cache',
    });
    const part = Buffer.concat([
      Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${frame.length}\r\n\r\n`),
      frame,
      Buffer.from('\r\n'),
    ]);
    res.write(part);
    const timer = setInterval(() => res.write(part), 100);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
    peer.record({ path, user: auth?.user });
  });
  const close = http.close(peer);
  return Object.assign(peer.api, {
    url: http.origin,
    port: http.port,
    streamUrl: `${http.origin}/stream`,
    snapshotUrl: `${http.origin}/snapshot.jpg`,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      return close();
    },
  });
}

let jpeg: Promise<Buffer> | undefined;

/** The camera's picture: 64×48, one colour, made once. */
export function cameraFrame(): Promise<Buffer> {
  jpeg ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
  return jpeg;
}

type Waiter<T> = {
  done: (received: T[]) => boolean;
  resolve: () => void;
  reject: (err: Error) => void;
};

/** The shared part of a peer: `received`, the mode, and waiters settled when something is recorded. */
function recorder<T, M extends string>(name: string, initial: M) {
  const received: T[] = [];
  const waiters = new Set<Waiter<T>>();
  let mode = initial;
  let attempts = 0;

  function wait(done: (items: T[]) => boolean, what: string, ms: number): Promise<void> {
    if (done(received)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = `${received.length} accepted of ${attempts} attempts`;
        reject(new Error(`${name}: waited ${ms} ms for ${what}; ${seen} (mode ${mode})`));
      }, ms);
      const waiter: Waiter<T> = {
        done,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      waiters.add(waiter);
    });
  }

  function waitFor(count: number, ms?: number): Promise<T[]>;
  function waitFor(match: (item: T) => boolean, ms?: number): Promise<T>;
  async function waitFor(until: number | ((item: T) => boolean), ms = 5000): Promise<T[] | T> {
    if (typeof until === 'number') {
      await wait((items) => items.length >= until, `${until} deliveries`, ms);
      return received;
    }
    await wait((items) => items.some(until), 'a matching delivery', ms);
    return received.find(until) as T;
  }

  const api = {
    received,
    attempts: () => attempts,
    mode: () => mode,
    setMode(next: M) {
      mode = next;
    },
    waitFor,
  };
  return {
    api,
    mode: () => mode,
    attempt: () => void attempts++,
    record(item: T) {
      received.push(item);
      for (const waiter of [...waiters]) {
        if (!waiter.done(received)) continue;
        waiters.delete(waiter);
        waiter.resolve();
      }
    },
    /** Fails the waits still open: the peer is closing. */
    reject() {
      for (const waiter of waiters) waiter.reject(new Error(`${name} was closed`));
      waiters.clear();
    },
  };
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** An HTTP server on 127.0.0.1; a handler that throws answers 500 instead of leaving the client waiting. */
async function startHttp(handler: Handler) {
  const server = http.createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: (peer: { reject(): void }) => () =>
      new Promise<void>((resolve) => {
        peer.reject();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const WCTP_DOCTYPE = '<!DOCTYPE wctp-Operation SYSTEM "http://dtd.wctp.org/wctp-dtd-v1r3.dtd">';
const wctpBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });

function answerWctp(res: http.ServerResponse, result: Record<string, string>) {
  const element = 'successCode' in result ? 'wctp-Success' : 'wctp-Failure';
  const attributes = Object.fromEntries(Object.entries(result).map(([key, value]) => [`@_${key}`, value]));
  const xml = wctpBuilder.build({
    'wctp-Operation': {
      '@_wctpVersion': 'wctp-dtd-v1r3',
      'wctp-Confirmation': { [element]: { ...attributes, '#text': result.successText ?? result.errorText } },
    },
  });
  res.writeHead(200, { 'Content-Type': 'text/xml' }).end(`<?xml version="1.0"?>\n${WCTP_DOCTYPE}\n${xml}`);
}

/** The object at `path` in a parsed document, if every step is an element. */
function xmlPath(node: unknown, ...path: string[]): Record<string, unknown> | undefined {
  let at = node;
  for (const step of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[step];
    if (at === '') at = {};
  }
  return at && typeof at === 'object' ? (at as Record<string, unknown>) : undefined;
}
