import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpPeer } from './notify-peers';

// The SMTP peer of the notification tests as a process of its own, for the e2e suite (which may not
// import the server's code): `node --import tsx apps/server/test/helpers/notify-peers-main.ts` prints
// one JSON line, `{origin, env}`, once listening (env: the NOTIFY_SMTP_* settings naming the peer),
// and stops on SIGTERM. GET {origin}/mail answers the messages accepted so far, each with
// `receivedAt` (epoch ms when the peer accepted it), for the journey's "within a second".

const smtp = await startSmtpPeer();

/** When each message of `smtp.received` was accepted, by index. */
const receivedAt: number[] = [];
let closing = false;

/**
 * Stamps each message as the peer records it: the peer settles `waitFor` from the handler that
 * records, so the stamp is taken in the same turn of the event loop as the SMTP acceptance.
 */
async function stampArrivals() {
  const DAY_MS = 24 * 3600_000;
  while (!closing) {
    try {
      await smtp.waitFor(receivedAt.length + 1, DAY_MS);
    } catch {
      continue; // A day without mail (or the peer closing: the loop's condition ends it).
    }
    const now = Date.now();
    while (receivedAt.length < smtp.received.length) receivedAt.push(now);
  }
}
void stampArrivals();

const control = http.createServer((req, res) => {
  if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== '/mail')
    return void res.writeHead(404).end();
  const mail = smtp.received.map((m, i) => ({
    to: m.to,
    subject: m.subject,
    text: m.text,
    messageId: m.messageId,
    receivedAt: receivedAt[i] ?? null,
  }));
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(mail));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

const env = {
  NOTIFY_SMTP_HOST: smtp.host,
  NOTIFY_SMTP_PORT: String(smtp.port),
  NOTIFY_SMTP_FROM: 'Vigil <vigil@hospital.test>',
};
process.stdout.write(`${JSON.stringify({ origin, env })}\n`);

process.once('SIGTERM', () => {
  closing = true;
  control.closeAllConnections();
  control.close();
  void smtp.close().then(() => process.exit(0));
});
