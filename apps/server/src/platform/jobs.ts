/**
 * Durable background jobs (ARCHITECTURE §6): escalation timers, plan tiling, report runs.
 *
 * Jobs live in the database (pg-boss's `pgboss` schema), so they survive a restart, and with several
 * server instances on one PostgreSQL each job is claimed by exactly one of them (pg-boss fetches with
 * `FOR UPDATE SKIP LOCKED`). The same code runs on embedded PGlite and on PostgreSQL; nothing outside
 * this file knows that pg-boss is the engine.
 *
 * Semantics:
 * - `send` stores a job; `startAfter` defers it ("run at time T"), measured on the database clock.
 * - A job is handed to one handler at a time. A handler that throws fails that attempt; the job is
 *   retried `retryLimit` times (default 2, so 3 attempts), `RETRY_DELAY_S` apart, then left failed.
 *   Handlers must tolerate running again (at-least-once across crashes): an instance that dies
 *   mid-job loses its claim after `HEARTBEAT_S` without a heartbeat, and the job is retried.
 * - `singletonKey`: at most one job per (name, key) waits to run. A second `send` with the same key
 *   while the first has not started returns null and stores nothing. Once the first has started
 *   (or waits for a retry) the key is free again.
 * - Workers poll every `pollIntervalMs` (pg-boss's floor is 500 ms). A job sent by this instance for
 *   a name it works is picked up at once; a worker that finds work fetches again without waiting.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss, type Db as BossDb } from 'pg-boss';
import type { SqlExecutor } from './db/sql-executor';

export { sqlExecutorFromPglite, sqlExecutorFromPool, type SqlExecutor } from './db/sql-executor';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload a sender stored, as JSON
export type Job = { id: string; name: string; data: any };
export type JobHandler = (job: Job) => Promise<void>;

export type SendOptions = {
  /** Do not run before this time. */
  startAfter?: Date;
  /** At most one job with this key (per name) waits to run; a duplicate send returns null. */
  singletonKey?: string;
  /** Retries after the first failed attempt. Default 2. */
  retryLimit?: number;
};

export type WorkOptions = {
  /** Jobs of this name this instance runs at once. Default 1. */
  concurrency?: number;
};

export type JobQueue = {
  /** Stores a job; resolves to its id, or null when `singletonKey` matched a waiting job. */
  send(name: string, data: object, opts?: SendOptions): Promise<string | null>;
  /** `send` for many jobs of one name in one statement (a duplicate `singletonKey` stores nothing). */
  sendMany(name: string, jobs: readonly { data: object; opts?: SendOptions }[]): Promise<void>;
  /** Runs `handler` for jobs of `name` on this instance until `stop()`. */
  work(name: string, handler: JobHandler, opts?: WorkOptions): Promise<void>;
  /** Cancels a job that has not finished; a no-op for an unknown or finished id. */
  cancel(name: string, id: string): Promise<void>;
  /** Stops fetching and waits (up to 30 s) for running handlers to finish. */
  stop(): Promise<void>;
};

type LogFn = (obj: unknown, msg?: string) => void;
/** A pino-style logger (Fastify's `app.log` fits). */
type Log = { info: LogFn; error: LogFn; warn?: LogFn };

export type JobQueueOptions = {
  /** How often idle workers look for due jobs. Default 1000; at least 500 (pg-boss's floor). */
  pollIntervalMs?: number;
  log?: Log;
  /**
   * Run jobs on this instance (default true). With false, `send`/`cancel` still store jobs but
   * `work` registers nothing and no maintenance runs: for API tests that do not need workers.
   */
  start?: boolean;
};

export const DEFAULT_RETRY_LIMIT = 2;
/** Seconds between attempts of a failed job. */
export const RETRY_DELAY_S = 1;
/** A running job's claim is refreshed every HEARTBEAT_S/2; without it for HEARTBEAT_S it is retried. */
export const HEARTBEAT_S = 30;
/** Longest a single attempt may run before it is failed (and retried). */
export const EXPIRE_S = 15 * 60;
const MIN_POLL_MS = 500;
const START_ATTEMPTS = 4;
const STOP_TIMEOUT_MS = 30_000;
/**
 * pg-boss queue policy. `short` = a unique index on (name, singleton_key) over waiting jobs, which is
 * what `singletonKey` promises. Jobs sent without a key get a unique one so they never collide.
 */
const POLICY = 'short';

export async function createJobQueue(db: SqlExecutor, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const log: Log = opts.log ?? { info: () => {}, error: (obj, msg) => console.error(msg, obj) };
  const pollingIntervalSeconds = Math.max(MIN_POLL_MS, opts.pollIntervalMs ?? 1000) / 1000;
  const running = opts.start ?? true;
  if (running) await assertExecReturnsRows(db);
  const boss = await startBoss(db, running, log);
  const ensureQueue = queueCreator(boss, log);
  const workers = workerPool(boss, pollingIntervalSeconds, log);
  let stopping: Promise<void> | undefined;

  return {
    async send(name, data, sendOpts = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, bossSendOptions(sendOpts));
      if (id && isDueNow(sendOpts)) workers.wake(name);
      return id;
    },

    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await ensureQueue(name);
      await boss.insert(
        name,
        jobs.map(({ data, opts = {} }) => ({ data, ...bossSendOptions(opts) })),
      );
      if (jobs.some(({ opts }) => isDueNow(opts ?? {}))) workers.wake(name);
    },

    async work(name, handler, workOpts = {}) {
      if (!running) return;
      await ensureQueue(name);
      // `concurrency` independent pg-boss workers, one job each: a long job holds only its own worker.
      const concurrency = Math.max(1, Math.floor(workOpts.concurrency ?? 1));
      for (let i = 0; i < concurrency; i++) {
        await workers.add(name, handler);
      }
    },

    async cancel(name, id) {
      await boss.cancel(name, id);
    },

    stop() {
      stopping ??= boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      return stopping;
    },
  };
}

/**
 * Only pg-boss's maintenance (retention sweeps, expiry batches, background migrations) reads rows
 * out of multi-statement blocks, so a store-only queue can live with an executor that drops them.
 */
async function assertExecReturnsRows(db: SqlExecutor): Promise<void> {
  if (await execReturnsRows(db)) return;
  throw new Error(
    'createJobQueue: SqlExecutor.exec must resolve to the driver results (return pglite.exec(text) / ' +
      'pool.query(text)): pg-boss reads rows from multi-statement queries. See sqlExecutorFromPglite/FromPool.',
  );
}

/** pg-boss on this executor, its errors and warnings logged; supervising only when it runs jobs. */
async function startBoss(db: SqlExecutor, running: boolean, log: Log): Promise<PgBoss> {
  const warn: LogFn = (obj, msg) => (log.warn ?? log.info).call(log, obj, msg);
  const boss = new PgBoss({
    db: bossAdapter(db),
    backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    // No cron schedules through this module (yet): skip the timekeeper's polling.
    schedule: false,
    supervise: running,
    registerInstance: running,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (w) => warn({ warning: w }, `job queue warning: ${w?.message ?? w}`));
  // Several instances starting at once on an empty PostgreSQL race to install pg-boss's schema;
  // the losers' install rolls back, and a later attempt finds it installed (pg-boss retries 1, 2, 4 s).
  await boss.start({ attempts: START_ATTEMPTS });
  return boss;
}

/** Creates each queue once, with POLICY; a queue that exists with another policy is logged. */
function queueCreator(boss: PgBoss, log: Log): (name: string) => Promise<void> {
  const queues = new Map<string, Promise<void>>();
  const create = async (name: string) => {
    const existing = await boss.getQueue(name);
    if (!existing) {
      await boss.createQueue(name, {
        policy: POLICY,
        retryLimit: DEFAULT_RETRY_LIMIT,
        retryDelay: RETRY_DELAY_S,
      });
    } else if (existing.policy !== POLICY) {
      log.error(
        { queue: name, policy: existing.policy },
        `job queue "${name}" has policy ${existing.policy}, not ${POLICY}: singletonKey will not deduplicate`,
      );
    }
  };
  return (name) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = create(name);
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };
}

/** What pg-boss stores with a job: our retry, heartbeat and expiry policy, a key for each. */
function bossSendOptions(opts: SendOptions) {
  return {
    singletonKey: opts.singletonKey ?? `~${randomUUID()}`,
    startAfter: opts.startAfter,
    retryLimit: opts.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: RETRY_DELAY_S,
    heartbeatSeconds: HEARTBEAT_S,
    expireInSeconds: EXPIRE_S,
  };
}

const isDueNow = (opts: SendOptions) => !opts.startAfter || opts.startAfter.getTime() <= Date.now();

type Workers = {
  /** Has this instance's workers of `name` fetch now (it sent a due job itself). */
  wake(name: string): void;
  /** One more worker for `name`, fetching one job at a time. */
  add(name: string, handler: JobHandler): Promise<void>;
};

/** This instance's pg-boss workers by job name; a failed attempt is logged, then retried by pg-boss. */
function workerPool(boss: PgBoss, pollingIntervalSeconds: number, log: Log): Workers {
  const ids = new Map<string, string[]>();
  return {
    wake(name) {
      for (const id of ids.get(name) ?? []) boss.notifyWorker(id);
    },
    async add(name, handler) {
      const worker: { id?: string } = {}; // set once boss.work() returns, read by its handler
      worker.id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        try {
          await handler({ id: job.id, name: job.name, data: job.data });
        } catch (err) {
          log.error({ err, job: job.id, queue: name, attempt: job.retryCount + 1 }, `job ${name} failed`);
          throw err; // pg-boss fails this attempt and schedules the retry
        } finally {
          // Found work: fetch again straight away instead of waiting out the poll interval.
          if (worker.id) boss.notifyWorker(worker.id);
        }
      });
      ids.set(name, [...(ids.get(name) ?? []), worker.id]);
    },
  };
}

/** pg-boss's database interface over a SqlExecutor. */
function bossAdapter(db: SqlExecutor): BossDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return db.query(text, values);
      // pg-boss's multi-statement texts are its `BEGIN; ...; COMMIT;` blocks; anything else is
      // tried as one statement first, so only those blocks depend on `exec` returning rows.
      if (!/^\s*BEGIN\s*;/i.test(text)) {
        try {
          return await db.query(text);
        } catch (err) {
          if (!isMultiStatementError(err)) throw err;
        }
      }
      try {
        return toRows(await db.exec(text));
      } catch (err) {
        // PGlite is one connection: a failed `BEGIN; ...; COMMIT;` block would leave it in an aborted
        // transaction that poisons every later statement, the application's too.
        if (db.kind === 'pglite') await db.query('ROLLBACK').catch(() => {});
        throw err;
      }
    },
  };
}

/** Flattens a driver's multi-statement result (PGlite array, pg Result[] or Result) to `{rows}`. */
function toRows(result: unknown): { rows: unknown[] } {
  if (Array.isArray(result))
    return { rows: result.flatMap((r) => (r && Array.isArray(r.rows) ? r.rows : [])) };
  if (result && typeof result === 'object' && Array.isArray((result as { rows?: unknown }).rows)) {
    return { rows: (result as { rows: unknown[] }).rows };
  }
  return { rows: [] };
}

/** "cannot insert multiple commands into a prepared statement" (PGlite's query() and pg's extended protocol). */
function isMultiStatementError(err: unknown): boolean {
  return (
    (err as { code?: string })?.code === '42601' && /multiple commands/.test(String((err as Error)?.message))
  );
}

async function execReturnsRows(db: SqlExecutor): Promise<boolean> {
  return toRows(await db.exec('SELECT 1 AS a; SELECT 2 AS b')).rows.length === 2;
}
