import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withStartupLock, type Database } from '../../src/platform/db/client';
import { seedDemo } from '../../src/db/seed';
import { createJobQueue } from '../../src/platform/jobs';
import { appendEvent, RealtimeBus } from '../../src/platform/realtime/bus';
import {
  percentile,
  pressToConsole,
  startInstances,
  timedConsole,
  type TimedConsole,
} from '../helpers/instances';
import {
  alertOf,
  burst,
  freshPostgresDatabase,
  killAllServers,
  ok,
  postgresAnswers,
  postgresServerUrl,
  prepareDatabase,
  type ServerProcess,
} from '../helpers/spawn';

/**
 * Several instances: three `vigil serve` processes on one PostgreSQL, each behind nothing
 * but its own port, and the realtime bus's ordering under concurrent writers. Runs when PostgreSQL
 * answers (DATABASE_URL's server, else 127.0.0.1:5432), each time on a fresh database of its own;
 * in CI only in the PostgreSQL pass.
 */

// CI runs the suite twice, the second time with DATABASE_URL (.ci/run): these run in that pass.
const pgUp = !(process.env.CI && !process.env.DATABASE_URL) && (await postgresAnswers());
const DELAY_S = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let url: string;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!pgUp) return;
  const fresh = await freshPostgresDatabase('vigil_instances');
  url = fresh.url;
  drop = fresh.drop;
});

afterAll(async () => {
  await killAllServers();
  await drop?.();
});

describe.skipIf(!pgUp)('several instances starting at once on an empty database', () => {
  it('migrate, seed and install the job queue once, taking turns', async () => {
    const empty = await freshPostgresDatabase('vigil_start');
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(async () => {
          const database = await openDatabase({ databaseUrl: empty.url, dataDir: '' });
          await withStartupLock(database, (db) => seedDemo(db));
          const jobs = await withStartupLock(database, () => createJobQueue(database.sql, { start: false }));
          return { database, jobs };
        }),
      );
      const demo = await opened[0]!.database.sql.query<{ n: number }>(
        `select count(*)::int as n from zones where slug = 'demo'`,
      );
      expect(demo.rows[0]!.n).toBe(1);
      for (const { database: d, jobs } of opened) {
        await jobs.stop();
        await d.close();
      }
    } finally {
      await empty.drop();
    }
  }, 60_000);
});

describe.skipIf(!pgUp)('realtime bus on PostgreSQL: writers commit out of sequence order', () => {
  let database: Database;
  let bus: RealtimeBus;
  const seen: number[] = [];
  const org = crypto.randomUUID();
  const event = (type: string) => ({ orgId: org, zoneId: null, zonePath: null, type, payload: { type } });

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, dataDir: '' });
    bus = new RealtimeBus(database, { warn: () => undefined });
    await bus.start();
    bus.subscribe((e) => {
      if (e.orgId === org) seen.push(e.seq);
    });
  });
  afterAll(async () => {
    await bus?.stop();
    await database?.close();
  });

  /** Another connection's transaction that has taken an outbox sequence number and not committed. */
  async function openWriter() {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('begin');
    await client.query('select pg_current_xact_id()');
    const { rows } = await client.query<{ seq: string }>(
      `insert into outbox (org_id, type, payload) values ($1, 'slow', '{}') returning seq`,
      [org],
    );
    return { client, seq: Number(rows[0]!.seq) };
  }
  const appendCommitted = () => database.db.transaction((tx) => appendEvent(tx, event('fast')));
  const lastSeq = async () =>
    Number((await database.sql.query<{ m: string }>('select max(seq) as m from outbox')).rows[0]!.m);

  it('holds a later event until the earlier one commits, so no console misses it', async () => {
    const slow = await openWriter();
    await appendCommitted();
    const fast = await lastSeq();
    expect(fast).toBeGreaterThan(slow.seq);
    await bus.wake();
    await sleep(100);
    expect(seen).toEqual([]);
    // A reconnecting console's replay does not run ahead of the live stream either.
    const replay = await bus.replay(database.db, slow.seq - 1, { orgId: org, roots: [org] });
    expect(replay.events).toEqual([]);

    await slow.client.query('commit');
    await slow.client.end();
    for (let i = 0; i < 50 && seen.length < 2; i++) await sleep(20);
    expect(seen).toEqual([slow.seq, fast]);
  });

  it('passes a hole left by a rolled-back writer once that writer has ended', async () => {
    seen.length = 0;
    const slow = await openWriter();
    await appendCommitted();
    const fast = await lastSeq();
    await bus.wake();
    await sleep(100);
    expect(seen).toEqual([]);
    await slow.client.query('rollback');
    await slow.client.end();
    for (let i = 0; i < 50 && seen.length < 1; i++) await sleep(20);
    expect(seen).toEqual([fast]);
  });

  it('is not held up by a long transaction of another database on the same server', async () => {
    seen.length = 0;
    const other = new pg.Client({ connectionString: postgresServerUrl().toString() });
    await other.connect();
    await other.query('begin');
    await other.query('select pg_current_xact_id()');
    try {
      const slow = await openWriter();
      await appendCommitted();
      const fast = await lastSeq();
      await bus.wake();
      await slow.client.query('rollback');
      await slow.client.end();
      for (let i = 0; i < 50 && seen.length < 1; i++) await sleep(20);
      expect(seen).toEqual([fast]);
    } finally {
      await other.query('rollback');
      await other.end();
    }
  });
});

describe.skipIf(!pgUp)('three instances on one PostgreSQL', () => {
  let servers: ServerProcess[];
  let tags: string[];
  let onC: TimedConsole;
  let db: pg.Pool;

  beforeAll(async () => {
    // All three start at once on the empty database: migrations and demo seeding take turns.
    servers = await startInstances(url, [8303, 8304, 8305]);
    tags = await prepareDatabase({ databaseUrl: url, tags: 160, prefix: 'ce', escalationDelayS: DELAY_S });
    db = new pg.Pool({ connectionString: url, max: 2, application_name: 'vigil-test' });
  }, 120_000);
  afterAll(async () => {
    onC?.close();
    await db?.end();
  });

  const count = async (text: string, values: unknown[]) => Number((await db.query(text, values)).rows[0].n);

  it('starts all three at once on an empty database, with the demo seeded once', async () => {
    expect(servers.map((s) => s.child.exitCode)).toEqual([null, null, null]);
    expect(await count(`select count(*) as n from zones where slug = 'demo'`, [])).toBe(1);
  });

  it('delivers a press posted to A to a console on C, and escalates it once across the three', async () => {
    const [a, , c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    onC = await timedConsole(c.url);
    const { total: latencies } = await pressToConsole(a.url, onC, tags.slice(0, 20));
    expect(latencies.filter((ms) => !Number.isFinite(ms))).toEqual([]);
    console.log(
      `press on A → console on C: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );

    // All three sweep every second and work the escalation job; each alert escalates once.
    const pressed = tags.slice(0, 20);
    const escalations = () =>
      db.query<{ tag: string; n: number }>(
        `select a.tag_id as tag, count(*)::int as n from alert_events e join alerts a on a.id = e.alert_id
          where a.tag_id = any($1) and e.action = 'escalated' group by a.tag_id`,
        [pressed],
      );
    const deadline = Date.now() + (DELAY_S + 15) * 1000;
    while ((await escalations()).rows.length < pressed.length && Date.now() < deadline) await sleep(200);
    await sleep(2500); // two more sweeps on every instance: nothing more may happen
    const rows = (await escalations()).rows;
    expect(rows).toHaveLength(pressed.length);
    for (const row of rows) expect(row.n).toBe(1);
    const escalatedOnC = onC.events.filter((e) => alertOf(e.data)?.state === 'escalated');
    expect(escalatedOnC.map((e) => alertOf(e.data)!.tag).sort()).toEqual([...pressed].sort());
  }, 60_000);

  it('survives the database cutting every connection: the pools reconnect and LISTEN comes back', async () => {
    const listeners = async () =>
      (
        await db.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
        )
      ).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(3);
    const admin = new pg.Client({ connectionString: url, application_name: 'vigil-test-admin' });
    await admin.connect();
    const cut = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name <> 'vigil-test'`,
    );
    await admin.end();
    expect(cut.rowCount).toBeGreaterThanOrEqual(6);
    const anew = async () => (await listeners()).filter((pid) => !before.includes(pid));
    for (let i = 0; i < 100 && (await anew()).length < 3; i++) await sleep(100);
    expect(await anew(), servers.map((s) => s.output()).join('\n')).toHaveLength(3);
    expect(servers.map((s) => s.child.exitCode)).toEqual([null, null, null]);
    // A press on B still reaches the console on C within a second.
    const { total } = await pressToConsole(servers[1]!.url, onC, [tags[151]!], 1, 3000);
    expect(total[0]).toBeLessThan(1000);
  }, 30_000);

  it('loses no press when the console’s instance is killed mid-burst; the console replays on another', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const burstTags = tags.slice(20, 150);
    // A gateway behind a load balancer: presses go round the three; a failed one goes to the next.
    const presses = burst({
      tags: burstTags,
      nonce: (t) => `kill-${t}`,
      concurrency: 12,
      pick: (i, attempt) => servers[(i + attempt) % 3]!.url,
      attempts: 3,
    });
    const started = Date.now();
    while (presses.results.filter(ok).length < 40 && Date.now() - started < 5000) await sleep(10);
    await c.kill9();
    await presses.done;
    await onC.ended;
    const lastSeen = onC.lastId()!;

    // Every press got its 2xx (some on a second instance), each stored once with one alert.
    const failed = presses.attempts.filter((r) => !ok(r)).map((r) => `${r.url} ${r.status}`);
    expect(
      presses.results.filter((r) => !ok(r)),
      failed.join(', '),
    ).toEqual([]);
    expect(presses.results).toHaveLength(burstTags.length);
    expect(presses.attempts.some((r) => r.url === c.url && !ok(r))).toBe(true);
    const stored = await db.query(
      `select tag_id, nonce, count(*)::int as n, min(alert_id::text) as alert from button_events
        where tag_id = any($1) group by tag_id, nonce`,
      [burstTags],
    );
    expect(stored.rows).toHaveLength(burstTags.length);
    const answered = new Map(presses.results.map((r) => [r.tag, r.result!.alertId]));
    for (const row of stored.rows) {
      expect(row.n).toBe(1);
      expect(row.alert).toBe(answered.get(row.tag_id));
    }
    expect(await count(`select count(*) as n from alerts where tag_id = any($1)`, [burstTags])).toBe(
      burstTags.length,
    );

    // The console reconnects to A with Last-Event-ID and receives exactly what it missed.
    const onA = await timedConsole(a.url, lastSeen);
    await onA.waitFor(() => burstTags.every((t) => onC.arrivals.has(t) || onA.arrivals.has(t)), 15_000);
    await sleep(500);
    onA.close();
    const ids = [...onC.events, ...onA.events].map((e) => e.id!);
    expect(new Set(ids).size).toBe(ids.length);
    const maxId = Math.max(...ids);
    const outbox = await db.query<{ seq: string }>(
      `select seq from outbox where org_id = (select id from zones where slug = 'demo')
         and seq >= $1 and seq <= $2 and coalesce(payload->'alert'->>'mode', '') <> 'test' order by seq`,
      [Math.min(...ids), maxId],
    );
    expect([...ids].sort((x, y) => x - y)).toEqual(outbox.rows.map((r) => Number(r.seq)));

    // The two left keep serving, and B still hears what A writes.
    const onB = await timedConsole(b.url);
    const after = await pressToConsole(a.url, onB, [tags[150]!]);
    onB.close();
    expect(Number.isFinite(after.total[0])).toBe(true);

    // However many instances swept and worked the job, and one died: no alert escalated twice.
    const twice = await db.query(
      `select alert_id from alert_events where action = 'escalated' group by alert_id having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
  }, 60_000);
});
