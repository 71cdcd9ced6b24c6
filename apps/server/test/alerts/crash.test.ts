import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, type SseEvent } from '../helpers/sse';
import {
  alertOf,
  burst,
  consoleHeaders,
  freshPostgresDatabase,
  killAllServers,
  ok,
  prepareDatabase,
  press,
  startServer,
  type PressResult,
} from '../helpers/spawn';

/**
 * Crash safety: `kill -9` of the server in the middle of a burst of presses, then a restart
 * on the same data. On the embedded database (a temp DATA_DIR) or, when DATABASE_URL is set (the
 * PostgreSQL pass of the suite), on a fresh database of its own on that server.
 */

const PORT = Number(process.env.VIGIL_CRASH_PORT ?? 8302);
const TAGS = 400;
/** Every alert of the burst falls due this long after it was opened: during the outage. */
const DELAY_S = 6;
/** The kill comes once 40 presses are answered, or this long after the burst started. */
const KILL_BY_MS = 4000;
const pg = !!process.env.DATABASE_URL;

let dataDir: string | undefined;
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;
let tagIds: string[];

beforeAll(async () => {
  if (pg) {
    const fresh = await freshPostgresDatabase('vigil_crash');
    databaseUrl = fresh.url;
    drop = fresh.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'));
  }
  tagIds = await prepareDatabase({
    dataDir,
    databaseUrl,
    tags: TAGS,
    prefix: 'cc',
    escalationDelayS: DELAY_S,
  });
}, 120_000);

afterAll(async () => {
  await killAllServers();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type AlertDetail = {
  id: string;
  state: string;
  createdAt: string;
  escalatedAt: string | null;
  history: { action: string; at: string }[];
};

async function getAlert(url: string, id: string): Promise<AlertDetail> {
  const res = await fetch(`${url}/api/alerts/${id}`, { headers: consoleHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as AlertDetail;
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

describe(`kill -9 mid-burst, then restart (${pg ? 'PostgreSQL' : 'embedded PGlite on disk'})`, () => {
  it('loses no acknowledged press, escalates once what fell due in the outage, and replays what a console missed', async () => {
    const t0 = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const first = await startServer({ name: 'first', port: PORT, dataDir, databaseUrl });
    phase('started');
    const before = await collectEvents(first.url, consoleHeaders);
    // Warm the ingest path with a press of a demo tag (its alert is not part of the burst).
    expect((await press(first.url, 'c0ffee000008', 'crash-warm-up')).status).toBe(200);

    // The burst: 24 posts in flight, each press a new tag (so each 2xx press opened its own alert).
    const startedAt = Date.now();
    const b = burst({ tags: tagIds, nonce: (t) => `crash-${t}`, concurrency: 24, pick: () => first.url });
    const answered = () => b.results.filter(ok).length;
    while (answered() < 40 && (Date.now() - startedAt < KILL_BY_MS || answered() < 5)) await sleep(10);
    const killedAt = Date.now();
    await first.kill9();
    phase('killed');
    await b.done;
    await before.ended;

    const acked = b.results.filter(ok);
    const unsure = b.results.filter((r) => !ok(r));
    expect(acked.length).toBeGreaterThanOrEqual(5);
    // Mid-burst: posts were in flight when the process died.
    expect(unsure.length).toBeGreaterThan(0);
    for (const r of acked) expect(r.result?.status).toBe('created');
    const alertByNonce = new Map(acked.map((r) => [r.nonce, r.result!.alertId!]));
    expect(new Set(alertByNonce.values()).size).toBe(acked.length);

    // Stay down until every acknowledged alert has fallen due.
    await sleep(Math.max(0, killedAt + DELAY_S * 1000 + 300 - Date.now()));
    const second = await startServer({ name: 'restarted', port: PORT, dataDir, databaseUrl });
    const restartedAt = Date.now();
    phase('restarted');
    const lastSeen = before.lastId();
    expect(lastSeen).toBeDefined();
    const after = await collectEvents(second.url, consoleHeaders, lastSeen);

    // Every press answered 2xx is stored once: the same nonce again is that press, same alert.
    const reposted = await pool(acked, 8, (r) => press(second.url, r.tag, r.nonce));
    for (const r of reposted) {
      expect(r.status).toBe(200);
      expect(r.result).toMatchObject({ status: 'duplicate', alertId: alertByNonce.get(r.nonce) });
    }
    // A press whose answer was lost is sent again (as a gateway does): stored once either way.
    const resent: PressResult[] = await pool(unsure, 8, (r) => press(second.url, r.tag, r.nonce));
    for (const r of resent) {
      expect(r.status).toBe(200);
      expect(['created', 'duplicate']).toContain(r.result?.status);
    }
    const committedUnanswered = resent.filter((r) => r.result?.status === 'duplicate');

    // Escalations due during the outage happen after the restart, exactly once each.
    const stored = [...alertByNonce.values(), ...committedUnanswered.map((r) => r.result!.alertId!)];
    const deadline = Date.now() + 15_000;
    let details: AlertDetail[] = [];
    for (;;) {
      details = await pool(stored, 8, (id) => getAlert(second.url, id));
      if (details.every((d) => d.state === 'escalated') || Date.now() > deadline) break;
      await sleep(250);
    }
    let fellDueInOutage = 0;
    for (const d of details) {
      expect(d.state).toBe('escalated');
      const escalations = d.history.filter((h) => h.action === 'escalated');
      expect(escalations).toHaveLength(1);
      const dueAt = Date.parse(d.createdAt) + DELAY_S * 1000;
      expect(dueAt).toBeLessThan(restartedAt);
      // On a slow machine the first alerts of the burst may fall due before the kill (escalated
      // then, once); those that fell due while nothing ran escalate after the restart.
      if (dueAt > killedAt) {
        fellDueInOutage++;
        expect(Date.parse(escalations[0]!.at)).toBeGreaterThan(killedAt);
      }
    }
    expect(fellDueInOutage).toBeGreaterThan(0);

    phase('escalated');
    // The console that reconnected with Last-Event-ID got everything it missed: each alert's
    // opening (if the first stream had not carried it) and each escalation.
    const seen = (events: SseEvent[], state: string) =>
      new Set(
        events
          .map((e) => alertOf(e.data))
          .filter((a) => a?.state === state)
          .map((a) => a!.id),
      );
    const both = (state: string) => new Set([...seen(before.events, state), ...seen(after.events, state)]);
    await after.waitFor(() => stored.every((id) => both('escalated').has(id)), 10_000);
    const notified = both('notified');
    for (const id of stored) expect(notified.has(id), `opening of ${id} on the console`).toBe(true);
    expect(after.events[0]?.id).toBeGreaterThan(lastSeen!);

    // …and exactly the outbox: a replay from the start holds the same events, none more, none twice.
    const ids = [...before.events, ...after.events].map((e) => e.id!);
    expect(new Set(ids).size).toBe(ids.length);
    const maxId = Math.max(...ids);
    const full = await collectEvents(second.url, consoleHeaders, 0);
    await full.waitFor((events) => events.some((e) => e.id! >= maxId), 10_000);
    full.close();
    after.close();
    const outbox = full.events.map((e) => e.id!).filter((id) => id <= maxId);
    expect([...ids].sort((a, b) => a - b)).toEqual(outbox);

    console.log(
      `crash (${pg ? 'PostgreSQL' : 'PGlite'}): ${acked.length} presses answered 2xx before the kill, ` +
        `${unsure.length} cut (${committedUnanswered.length} of them had committed), ` +
        `${fellDueInOutage} escalations due in the outage done once after the restart, ` +
        `${after.events.length} events replayed; ` +
        phases.join(', '),
    );

    // A graceful stop still works on the recovered data.
    await second.stop();
    expect(await second.exited).toBe('0');
  }, 120_000);
});
