import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, zones } from '../../src/db/schema';
import { openDatabase } from '../../src/platform/db/client';
import { startWebhookPeer, type WebhookPeer } from '../helpers/notify-peers';
import {
  consoleHeaders,
  freshPostgresDatabase,
  killAllServers,
  prepareDatabase,
  press,
  startServer,
} from '../helpers/spawn';

// Issue 16 "Crash or restart mid-delivery: delivered after restart, never dropped, at worst repeated
// with the same key": a server whose webhook receiver hangs is killed (SIGKILL) while its deliveries
// are in flight; a restarted server on the same data delivers every one of them once the receiver
// answers. On the embedded database (a temp DATA_DIR) or, with DATABASE_URL, a fresh PostgreSQL
// database of its own.

const PORT = Number(process.env.VIGIL_NOTIFY_CRASH_PORT ?? 8312);
const PRESSES = 12;
const SECRET = 'crash-test-secret';
const pg = !!process.env.DATABASE_URL;

let dataDir: string | undefined;
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;
let tagIds: string[];
let hook: WebhookPeer;

beforeAll(async () => {
  hook = await startWebhookPeer(SECRET);
  if (pg) {
    const fresh = await freshPostgresDatabase('vigil_notify_crash');
    databaseUrl = fresh.url;
    drop = fresh.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-notify-crash-'));
  }
  tagIds = await prepareDatabase({
    dataDir,
    databaseUrl,
    tags: PRESSES,
    prefix: 'dc',
    escalationDelayS: 3600,
  });
  // Subscribed before the server starts (PGlite has one owner): Ascom, a signed webhook, on the
  // demo organisation (the burst's tags are where the demo's first tag is).
  const database = await openDatabase({ databaseUrl, dataDir: dataDir ?? ':memory:' });
  try {
    const [org] = await database.db.select().from(zones).where(eq(zones.slug, 'demo'));
    await database.db.insert(subscriptions).values({
      orgId: org!.id,
      zoneId: org!.id,
      contactName: 'Ascom gateway',
      contactKind: 'ascom',
      contactAddress: hook.url,
      modes: ['help', 'danger', 'test'],
      moments: ['created'],
    });
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await killAllServers();
  await hook.close();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = { NOTIFY_WEBHOOK_SECRET: SECRET, NOTIFY_LEASE_MS: '2000' };

describe(`kill -9 mid-delivery, then restart (${pg ? 'PostgreSQL' : 'embedded PGlite on disk'})`, () => {
  it('delivers every notification after the restart, each with its one key', async () => {
    hook.setMode('hang');
    const first = await startServer({ name: 'first', port: PORT, dataDir, databaseUrl, env });
    const alertIds: string[] = [];
    for (const tag of tagIds) {
      const res = await press(first.url, tag, `notify-crash-${tag}`);
      expect(res.status).toBe(200);
      alertIds.push(res.result!.alertId!);
    }
    // The receiver holds the first deliveries: the server is mid-send when it dies.
    const deadline = Date.now() + 10_000;
    while (hook.attempts() < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(hook.attempts()).toBeGreaterThan(0);
    await first.kill9();

    hook.setMode('ok');
    const second = await startServer({ name: 'restarted', port: PORT, dataDir, databaseUrl, env });
    // Every alert's notification arrives, whatever the first server had done with it.
    await hook.waitFor(
      () => alertIds.every((id) => hook.received.some((h) => JSON.stringify(h.body).includes(id))),
      30_000,
    );
    const keysByAlert = new Map<string, Set<string>>();
    for (const h of hook.received) {
      const id = (h.body as { event: { alert: { id: string } } }).event.alert.id;
      keysByAlert.set(id, new Set([...(keysByAlert.get(id) ?? []), h.idempotencyKey]));
      expect(h.signatureValid).toBe(true);
    }
    // At worst repeated, never with another key.
    for (const id of alertIds) expect(keysByAlert.get(id)?.size).toBe(1);
    // And the log says so: each delivered.
    for (const id of alertIds) {
      const res = await fetch(`${second.url}/api/notifications/deliveries?alertId=${id}`, {
        headers: consoleHeaders,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { state: string }[] };
      expect(body.data.map((d) => d.state)).toEqual(['delivered']);
    }
    await second.stop();
  });
});
