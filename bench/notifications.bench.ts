// Issue 16 "Speed and load": a press reaches the contacts subscribed to it, through the real
// pipeline (trigger in the ingest transaction, fan-out, delivery workers, channels) of a
// `vigil serve` process on embedded PGlite, to local protocol peers in this process (an SMTP server
// and a webhook receiver, apps/server/test/helpers/notify-peers.ts).
//
//  1. press → e-mail accepted by the SMTP peer, target p99 < 1 s; press → webhook received, target
//     p99 < 250 ms: one e-mail and one webhook subscription, BENCH_PRESSES presses one after another.
//  2. 1,000 subscriptions matching each press (webhooks: ascom contacts), BENCH_LOAD_PRESSES presses
//     at BENCH_RATE a second: every delivery arrives (counted at the receiver, one per key), and press
//     → console (the alert's event on the stream of a console) p99 against the same presses on a
//     server without subscriptions, in the same run.
//
// BENCH_PRESSES (100), BENCH_LOAD_PRESSES (30), BENCH_SUBSCRIPTIONS (1000), BENCH_RATE (0.5: a press every 2 s; each fans out to 1,000 deliveries).
// Figures: docs/BENCHMARKS.md "Notifications".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, openDatabase } from '../apps/server/src/platform/db/client';
import { subscriptions, zones } from '../apps/server/src/db/schema';
import { percentile, timedConsole, type TimedConsole } from '../apps/server/test/helpers/instances';
import { startSmtpPeer, startWebhookPeer } from '../apps/server/test/helpers/notify-peers';
import {
  killAllServers,
  prepareDatabase,
  press,
  startServer,
  type ServerProcess,
} from '../apps/server/test/helpers/spawn';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const LOAD_PRESSES = Number(process.env.BENCH_LOAD_PRESSES ?? 30);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 0.5);
const WARMUP = 5;
const SECRET = 'bench-webhook-secret';
const TARGET = { emailP99: 1000, webhookP99: 250 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const smtp = await startSmtpPeer();
const hook = await startWebhookPeer(SECRET);
const env = {
  NOTIFY_SMTP_HOST: '127.0.0.1',
  NOTIFY_SMTP_PORT: String(smtp.port),
  NOTIFY_SMTP_FROM: 'vigil@bench.test',
  NOTIFY_WEBHOOK_SECRET: SECRET,
};
const dirs: string[] = [];

type Contact = { contactName: string; contactKind: string; contactAddress: string };

/** A fresh data folder with the demo, `tags` burst tags, and these subscriptions on the organisation. */
async function world(prefix: string, tags: number, contacts: Contact[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-bench-notify-${prefix}-`));
  dirs.push(dataDir);
  const tagIds = await prepareDatabase({ dataDir, tags, prefix, escalationDelayS: 3600 });
  const database = await openDatabase({ dataDir });
  try {
    const [org] = await database.db.select().from(zones).where(eq(zones.slug, 'demo'));
    for (let i = 0; i < contacts.length; i += 500) {
      await database.db.insert(subscriptions).values(
        contacts.slice(i, i + 500).map((c) => ({
          ...c,
          orgId: org!.id,
          zoneId: org!.id,
          modes: ['help', 'danger', 'test'],
          moments: ['created'],
        })),
      );
    }
  } finally {
    await database.close();
  }
  return { dataDir, tagIds };
}

function stats(values: number[]) {
  return {
    p50: percentile(values, 50).toFixed(1),
    p95: percentile(values, 95).toFixed(1),
    p99: percentile(values, 99).toFixed(1),
    max: Math.max(...values).toFixed(1),
  };
}
const ratio = (value: number, target: number) =>
  `${(value / target).toFixed(2)}× (${value < target ? 'met' : 'MISSED'})`;

/** Presses each tag in turn, `rate` a second; answers each press's post time and its alert id. */
async function pressAll(server: ServerProcess, tags: string[], rate: number) {
  const sent: { tag: string; sentAt: number; alertId: string }[] = [];
  for (const tag of tags) {
    const started = performance.now();
    const res = await press(server.url, tag, `bench-${tag}`);
    if (res.status !== 200 || !res.result?.alertId) throw new Error(`press of ${tag}: ${res.status}`);
    sent.push({ tag, sentAt: res.sentAt, alertId: res.result.alertId });
    const wait = 1000 / rate - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  }
  return sent;
}

/** Press → the alert's event on a console stream, for each press. */
async function consoleTimes(stream: TimedConsole, sent: { tag: string; sentAt: number }[]) {
  const deadline = Date.now() + 10_000;
  while (sent.some((s) => !stream.arrivals.has(s.tag)) && Date.now() < deadline) await sleep(5);
  return sent.map((s) => (stream.arrivals.get(s.tag) ?? Infinity) - s.sentAt);
}

try {
  // ── 1. Press → e-mail, press → webhook ───────────────────────────────────────────────────────
  const one = await world('d1', WARMUP + PRESSES, [
    { contactName: 'Desk', contactKind: 'email', contactAddress: 'desk@bench.test' },
    { contactName: 'Ascom', contactKind: 'ascom', contactAddress: hook.url },
  ]);
  const s1 = await startServer({ name: 'latency', port: 8340, dataDir: one.dataDir, env });
  const email: number[] = [];
  const webhook: number[] = [];
  console.log(`press → e-mail and webhook: ${WARMUP} warm-up + ${PRESSES} presses, one after another …`);
  for (const [i, tag] of one.tagIds.entries()) {
    const res = await press(s1.url, tag, `bench-${tag}`);
    if (res.status !== 200) throw new Error(`press ${res.status}`);
    const [mail, posted] = await Promise.all([
      smtp.waitFor((m) => m.text.includes(tag), 10_000).then(() => performance.now()),
      hook
        .waitFor((h) => JSON.stringify(h.body).includes(res.result!.alertId!), 10_000)
        .then(() => performance.now()),
    ]);
    if (i < WARMUP) continue;
    email.push(mail - res.sentAt);
    webhook.push(posted - res.sentAt);
  }
  await s1.stop();

  // ── 2. 1,000 subscriptions matching each press, against none ────────────────────────────────
  const loadContacts = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({
    contactName: `Handset ${i}`,
    contactKind: 'ascom',
    contactAddress: `${hook.url}/${i}`,
  }));
  const runs: Record<string, { console: number[]; delivered?: number; drainS?: number }> = {};
  for (const [name, contacts, port] of [
    ['without subscriptions', [] as Contact[], 8341],
    [`with ${SUBSCRIPTIONS} subscriptions matching each press`, loadContacts, 8342],
  ] as const) {
    const w = await world(port === 8341 ? 'd2' : 'd3', WARMUP + LOAD_PRESSES, contacts);
    const server = await startServer({ name, port, dataDir: w.dataDir, env, readyMs: 120_000 });
    const stream = await timedConsole(server.url);
    const before = hook.received.length;
    console.log(`${name}: ${WARMUP} warm-up + ${LOAD_PRESSES} presses at ${RATE}/s …`);
    await pressAll(server, w.tagIds.slice(0, WARMUP), RATE);
    const sent = await pressAll(server, w.tagIds.slice(WARMUP), RATE);
    const times = await consoleTimes(stream, sent);
    const run: (typeof runs)[string] = { console: times };
    if (contacts.length > 0) {
      const expected = contacts.length * (WARMUP + LOAD_PRESSES);
      const start = performance.now();
      await hook.waitFor(before + expected, 600_000);
      run.delivered = new Set(hook.received.slice(before).map((h) => h.idempotencyKey)).size;
      run.drainS = (performance.now() - start) / 1000;
      if (run.delivered !== expected) throw new Error(`${run.delivered} distinct deliveries of ${expected}`);
    }
    runs[name] = run;
    stream.close();
    await server.stop();
  }

  // ── Figures ──────────────────────────────────────────────────────────────────────────────────
  console.log(`\nnotifications, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.table([
    {
      measure: `press → e-mail accepted (${PRESSES})`,
      ...stats(email),
      target: 'p99 < 1000 ms',
      ratio: ratio(percentile(email, 99), TARGET.emailP99),
    },
    {
      measure: `press → webhook received (${PRESSES})`,
      ...stats(webhook),
      target: 'p99 < 250 ms',
      ratio: ratio(percentile(webhook, 99), TARGET.webhookP99),
    },
  ]);
  const [base, loaded] = Object.values(runs);
  console.table(
    Object.entries(runs).map(([name, r]) => ({
      'press → console': name,
      ...stats(r.console),
      ...(r.delivered !== undefined
        ? { delivered: r.delivered, 'drained after the last press (s)': r.drainS!.toFixed(1) }
        : {}),
    })),
  );
  console.log(
    `press → console p99 with the subscriptions / without: ${(percentile(loaded!.console, 99) / percentile(base!.console, 99)).toFixed(2)}×`,
  );
} finally {
  await killAllServers();
  await smtp.close();
  await hook.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
