import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createJobQueue,
  sqlExecutorFromPglite,
  sqlExecutorFromPool,
  type Job,
  type JobQueue,
  type SqlExecutor,
} from '../../src/platform/jobs';

const POLL_MS = 200; // asked for; the queue raises it to pg-boss's 500 ms floor
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const quiet = { info: () => {}, error: () => {} };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}-${++seq}`;

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const hasPostgres = await pgReachable();

async function jobState(db: SqlExecutor, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]?.state;
}

/** The behaviour every engine must show. `env()` is read when a test runs, after beforeAll. */
function sharedBehaviour(env: () => { queue: JobQueue; db: SqlExecutor }) {
  it('runs a sent job once, and its handler sees the data', async () => {
    const { queue } = env();
    const name = uniqueName('once');
    const seen: Job[] = [];
    await queue.work(name, async (job) => {
      seen.push(job);
    });
    const id = await queue.send(name, { alert: 'a1', n: 42, nested: { ok: true } });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.length >= 1, 5000, 'the job to run');
    await sleep(700); // more than one poll: a second run would show by now
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ id, name, data: { alert: 'a1', n: 42, nested: { ok: true } } });
  });

  it('does not run a delayed job before startAfter, and runs it after', async () => {
    const { queue } = env();
    const name = uniqueName('delayed');
    const ranAt: number[] = [];
    await queue.work(name, async () => {
      ranAt.push(Date.now());
    });
    const startAfter = new Date(Date.now() + 1500);
    await queue.send(name, { step: 1 }, { startAfter });
    await sleep(1100);
    expect(ranAt).toHaveLength(0);
    await until(() => ranAt.length === 1, 4000, 'the delayed job');
    expect(ranAt[0]).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
    expect(ranAt[0] - startAfter.getTime()).toBeLessThan(1500);
  });

  it('retries a failing handler up to retryLimit, then leaves the job failed', async () => {
    const { queue, db } = env();
    const name = uniqueName('retry');
    let attempts = 0;
    await queue.work(name, async () => {
      attempts++;
      throw new Error('boom');
    });
    const id = (await queue.send(name, {}, { retryLimit: 2 }))!;
    await until(async () => (await jobState(db, id)) === 'failed', 8000, 'the job to fail for good');
    expect(attempts).toBe(3); // first attempt + 2 retries
  });

  it('succeeds on a retry after a failed attempt', async () => {
    const { queue, db } = env();
    const name = uniqueName('flaky');
    let attempts = 0;
    await queue.work(name, async () => {
      if (++attempts === 1) throw new Error('transient');
    });
    const id = (await queue.send(name, {}, { retryLimit: 1 }))!;
    await until(async () => (await jobState(db, id)) === 'completed', 5000, 'the retry to complete');
    expect(attempts).toBe(2);
  });

  it('keeps one waiting job per singletonKey; cancel frees the key', async () => {
    const { queue, db } = env();
    const name = uniqueName('singleton');
    const later = new Date(Date.now() + 60_000);
    const first = await queue.send(name, { v: 1 }, { singletonKey: 'alert-7', startAfter: later });
    const dup = await queue.send(name, { v: 2 }, { singletonKey: 'alert-7', startAfter: later });
    const other = await queue.send(name, { v: 3 }, { singletonKey: 'alert-8', startAfter: later });
    expect(first).toEqual(expect.any(String));
    expect(dup).toBeNull();
    expect(other).toEqual(expect.any(String));
    // Jobs without a key never collide with one another.
    expect(await queue.send(name, {}, { startAfter: later })).toEqual(expect.any(String));
    expect(await queue.send(name, {}, { startAfter: later })).toEqual(expect.any(String));

    await queue.cancel(name, first!);
    expect(await jobState(db, first!)).toBe('cancelled');
    expect(await queue.send(name, { v: 4 }, { singletonKey: 'alert-7', startAfter: later })).toEqual(
      expect.any(String),
    );
  });

  it('a cancelled delayed job never runs', async () => {
    const { queue } = env();
    const name = uniqueName('cancel');
    let runs = 0;
    await queue.work(name, async () => {
      runs++;
    });
    const id = (await queue.send(name, {}, { startAfter: new Date(Date.now() + 600) }))!;
    await queue.cancel(name, id);
    await sleep(1300);
    expect(runs).toBe(0);
  });

  it('runs up to `concurrency` jobs of a name at once', async () => {
    const { queue } = env();
    const name = uniqueName('concurrent');
    let running = 0;
    let most = 0;
    let done = 0;
    await queue.work(
      name,
      async () => {
        most = Math.max(most, ++running);
        await sleep(400);
        running--;
        done++;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 4; i++) await queue.send(name, { i });
    await until(() => done === 4, 5000, 'four jobs');
    expect(most).toBe(3);
  });

  it('stop() waits for a running handler', async () => {
    const { db } = env();
    const queue2 = await createJobQueue(db, { pollIntervalMs: POLL_MS, log: quiet });
    const name = uniqueName('graceful');
    let started = false;
    let finished = false;
    await queue2.work(name, async () => {
      started = true;
      await sleep(800);
      finished = true;
    });
    const id = (await queue2.send(name, {}))!;
    await until(() => started, 5000, 'the handler to start');
    await queue2.stop();
    expect(finished).toBe(true);
    expect(await jobState(db, id)).toBe('completed');
  });
}

describe('job queue on PGlite', () => {
  let dataDir: string;
  let pglite: PGlite;
  let db: SqlExecutor;
  let queue: JobQueue;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-jobs-'));
    pglite = await PGlite.create(dataDir);
    db = sqlExecutorFromPglite(pglite);
    queue = await createJobQueue(db, { pollIntervalMs: POLL_MS, log: quiet });
  });

  afterAll(async () => {
    await queue?.stop();
    await pglite?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  sharedBehaviour(() => ({ queue, db }));

  it('refuses to run jobs over an executor whose exec() drops the results', async () => {
    const lossy: SqlExecutor = { ...db, exec: async (text) => void (await pglite.exec(text)) };
    await expect(createJobQueue(lossy, { log: quiet })).rejects.toThrow(/exec must resolve/);
  });

  it('a store-only queue (start: false) stores jobs that a running queue runs', async () => {
    // Even over a lossy executor: storing needs no multi-statement rows, only maintenance does.
    const lossy: SqlExecutor = { ...db, exec: async (text) => void (await pglite.exec(text)) };
    const storeOnly = await createJobQueue(lossy, { start: false, log: quiet });
    const name = uniqueName('store-only');
    let ranHere = 0;
    await storeOnly.work(name, async () => {
      ranHere++;
    });
    const id = await storeOnly.send(name, { from: 'api' });
    const seen: Job[] = [];
    await queue.work(name, async (job) => {
      seen.push(job);
    });
    await until(() => seen.length === 1, 5000, 'the running queue to take the job');
    expect(seen[0]).toEqual({ id, name, data: { from: 'api' } });
    expect(ranHere).toBe(0);
    await storeOnly.stop();
  });

  // Last in this block: it closes the shared instance and leaves a reopened one behind.
  it('keeps a delayed job across a restart (same dataDir)', async () => {
    const name = uniqueName('restart');
    const startAfter = new Date(Date.now() + 1500);
    const id = await queue.send(name, { escalate: 'alert-9' }, { startAfter });
    await queue.stop();
    await pglite.close();

    pglite = await PGlite.create(dataDir);
    db = sqlExecutorFromPglite(pglite);
    queue = await createJobQueue(db, { pollIntervalMs: POLL_MS, log: quiet });
    const seen: { job: Job; at: number }[] = [];
    await queue.work(name, async (job) => {
      seen.push({ job, at: Date.now() });
    });
    await until(() => seen.length >= 1, 5000, 'the job after restart');
    await sleep(700);
    expect(seen).toHaveLength(1);
    expect(seen[0].job).toEqual({ id, name, data: { escalate: 'alert-9' } });
    expect(seen[0].at).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
  });
});

describe.skipIf(!hasPostgres)('job queue on PostgreSQL', () => {
  const dbName = `vigil_jobs_test_${randomBytes(6).toString('hex')}`;
  let admin: pg.Pool;
  let poolA: pg.Pool;
  let poolB: pg.Pool;
  let dbA: SqlExecutor;
  let queueA: JobQueue;
  let queueB: JobQueue;

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    // Two pools stand for two server instances sharing one database.
    poolA = new pg.Pool({ connectionString: url.toString(), max: 5 });
    poolB = new pg.Pool({ connectionString: url.toString(), max: 5 });
    // pool.end() resolves before the sockets close; the DROP below must not crash a closing client.
    for (const pool of [poolA, poolB]) pool.on('connect', (client) => client.on('error', () => {}));
    dbA = sqlExecutorFromPool(poolA);
    // Started together: pg-boss creates its schema under an advisory lock, once.
    [queueA, queueB] = await Promise.all([
      createJobQueue(dbA, { pollIntervalMs: POLL_MS, log: quiet }),
      createJobQueue(sqlExecutorFromPool(poolB), { pollIntervalMs: POLL_MS, log: quiet }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([queueA?.stop(), queueB?.stop()]);
    await Promise.all([poolA?.end(), poolB?.end()]);
    if (admin) {
      await until(
        async () =>
          (await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [dbName])).rowCount === 0,
        3000,
        'connections to close',
      ).catch(() => {}); // FORCE ends any that remain
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  sharedBehaviour(() => ({ queue: queueA, db: dbA }));

  it('two instances working one job name run each of 20 jobs exactly once', async () => {
    const name = uniqueName('shared');
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await queueA.send(name, { i }))!);
    expect(new Set(ids).size).toBe(20);

    const runs = new Map<string, string[]>();
    const handler = (instance: string) => async (job: Job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), instance]);
      await sleep(50);
    };
    await Promise.all([queueA.work(name, handler('A')), queueB.work(name, handler('B'))]);

    await until(() => runs.size === 20, 10_000, 'all 20 jobs');
    await sleep(800); // a duplicate claim would show up within a poll
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    for (const [, by] of runs) expect(by).toHaveLength(1);
    const byA = [...runs.values()].filter((by) => by[0] === 'A').length;
    // Both instances took part (each fetches with FOR UPDATE SKIP LOCKED).
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(20);
  });
});
