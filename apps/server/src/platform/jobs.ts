/**
 * Durable background jobs (ARCHITECTURE §6): escalation timers, plan tiling, report runs.
 *
 * Jobs live in the database (the `jobs` table, platform/db/tables.ts), so they survive a restart, and
 * with several server instances on one PostgreSQL each job is claimed by exactly one of them (a claim
 * takes the row `FOR UPDATE SKIP LOCKED`). The same SQL runs on embedded PGlite and on PostgreSQL;
 * nothing outside this file reads or writes the table. (pg-boss did this until it required Node 22:
 * ARCHITECTURE §9 'Our own job queue'.)
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
 * - Workers poll every `pollIntervalMs` (at least 500 ms). A job sent by this instance for a name it
 *   works is picked up at once; a worker that finds work fetches again without waiting.
 * - Completed, failed and cancelled jobs are deleted `RETENTION_DAYS` after they finished.
 */
import { UUID_RE } from './db/checks';
import type { SqlExecutor } from './db/sql-executor';
import { jobFailures } from './metrics';
import {
  HEARTBEAT_S,
  PRUNE_BATCH,
  jobStore,
  type Claimed,
  type JobHandler,
  type JobStore,
  type SendOptions,
} from './job-store';

export { sqlExecutorFromPglite, sqlExecutorFromPool, type SqlExecutor } from './db/sql-executor';
export {
  DEFAULT_RETRY_LIMIT,
  EXPIRE_S,
  HEARTBEAT_S,
  RETENTION_DAYS,
  RETRY_DELAY_S,
  type Job,
  type JobHandler,
  type SendOptions,
} from './job-store';

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
  /** How often idle workers look for due jobs. Default 1000; at least 500. */
  pollIntervalMs?: number;
  log?: Log;
  /**
   * Run jobs on this instance (default true). With false, `send`/`cancel` still store jobs but
   * `work` registers nothing and no maintenance runs: for API tests that do not need workers.
   */
  start?: boolean;
};

const MIN_POLL_MS = 500;
const STOP_TIMEOUT_MS = 30_000;
/** How often a running queue takes back the claims of dead instances (and, hourly, prunes). */
const MAINTENANCE_MS = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export async function createJobQueue(db: SqlExecutor, opts: JobQueueOptions = {}): Promise<JobQueue> {
  const log: Log = opts.log ?? { info: () => {}, error: (obj, msg) => console.error(msg, obj) };
  const pollMs = Math.max(MIN_POLL_MS, opts.pollIntervalMs ?? 1000);
  const running = opts.start ?? true;
  await assertTableExists(db);
  const store = jobStore(db);
  const workers = running ? workerPool(store, pollMs, log) : undefined;
  let stopping: Promise<void> | undefined;

  return {
    async send(name, data, sendOpts = {}) {
      const id = await store.insert(name, data, sendOpts);
      if (id && isDueNow(sendOpts)) workers?.wake(name);
      return id;
    },

    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await store.insertMany(name, jobs);
      if (jobs.some(({ opts }) => isDueNow(opts ?? {}))) workers?.wake(name);
    },

    async work(name, handler, workOpts = {}) {
      if (!workers || stopping) return;
      // `concurrency` independent workers, one job each: a long job holds only its own worker.
      const concurrency = Math.max(1, Math.floor(workOpts.concurrency ?? 1));
      for (let i = 0; i < concurrency; i++) workers.add(name, handler);
    },

    async cancel(name, id) {
      if (UUID_RE.test(id)) await store.cancel(name, id);
    },

    stop() {
      stopping ??= workers?.stop() ?? Promise.resolve();
      return stopping;
    },
  };
}

/** The table comes with the migrations (openDatabase applies them): say so instead of failing later. */
async function assertTableExists(db: SqlExecutor): Promise<void> {
  const { rows } = await db.query<{ found: boolean }>(`select to_regclass('jobs') is not null as found`);
  if (!rows[0]?.found) {
    throw new Error(
      'createJobQueue: the jobs table is missing: apply the migrations first (openDatabase does)',
    );
  }
}

/**
 * The jobs not finished, by name and state (/metrics): `due` (waiting or waiting for a retry, and due),
 * `scheduled` (not before a later time), `active` (running). Read through the queue's partial indexes.
 */
export async function countUnfinishedJobs(
  db: SqlExecutor,
): Promise<{ name: string; state: 'due' | 'scheduled' | 'active'; jobs: number }[]> {
  const { rows } = await db.query<{ name: string; state: 'due' | 'scheduled' | 'active'; jobs: number }>(
    `select name, case when state = 'active' then 'active' when start_after <= now() then 'due'
       else 'scheduled' end as state, count(*)::int as jobs
     from jobs where state in ('created', 'retry', 'active') group by 1, 2`,
  );
  return rows.map((r) => ({ ...r, jobs: Number(r.jobs) }));
}

const isDueNow = (opts: SendOptions) => !opts.startAfter || opts.startAfter.getTime() <= Date.now();

type Workers = {
  /** Has this instance's idle workers of `name` fetch now (it sent a due job itself). */
  wake(name: string): void;
  /** One more worker for `name`, running one job at a time. */
  add(name: string, handler: JobHandler): void;
  /** Stops fetching, waits up to STOP_TIMEOUT_MS for running handlers, then stops the timers. */
  stop(): Promise<void>;
};

/**
 * This instance's workers by job name, the heartbeat of the claims they hold, and the maintenance
 * every running instance shares (taking back dead instances' claims, pruning finished jobs).
 */
function workerPool(store: JobStore, pollMs: number, log: Log): Workers {
  const warn: LogFn = (obj, msg) => (log.warn ?? log.info).call(log, obj, msg);
  let stopped = false;
  const loops = new Set<Promise<void>>();
  /** Idle workers' wake-ups by job name. */
  const sleepers = new Map<string, Set<() => void>>();
  /** Claims held by this instance's running handlers. */
  const held = new Set<string>();

  const nap = (name: string) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const waiting = sleepers.get(name) ?? new Set();
      sleepers.set(name, waiting);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      timer.unref();
      waiting.add(done);
    });
  const wake = (name: string) => {
    for (const done of [...(sleepers.get(name) ?? [])]) done();
  };
  const wakeAll = () => {
    for (const name of sleepers.keys()) wake(name);
  };

  const heartbeats = setInterval(
    () => {
      if (held.size === 0) return;
      store.heartbeat([...held]).catch((err: unknown) => log.error({ err }, 'job heartbeat failed'));
    },
    (HEARTBEAT_S * 1000) / 2,
  );
  heartbeats.unref();

  let maintaining: Promise<void> | undefined;
  let prunedAt = 0;
  const maintain = async () => {
    const expired = await store.expireClaims();
    if (expired.length) {
      warn({ jobs: expired }, `took back ${expired.length} job(s) whose instance stopped or ran out of time`);
      for (const name of new Set(expired.map((j) => j.name))) wake(name);
    }
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      let pruned = PRUNE_BATCH;
      while (pruned === PRUNE_BATCH && !stopped) pruned = await store.prune();
    }
  };
  const maintenance = setInterval(() => {
    maintaining ??= maintain()
      .catch((err: unknown) => log.error({ err }, 'job queue maintenance failed'))
      .finally(() => (maintaining = undefined));
  }, MAINTENANCE_MS);
  maintenance.unref();

  async function run(name: string, handler: JobHandler, { job, claim, attempt }: Claimed): Promise<void> {
    held.add(claim);
    try {
      await handler(job);
      held.delete(claim);
      await store.complete(job.id, claim);
    } catch (err) {
      held.delete(claim);
      jobFailures.inc({ queue: name });
      log.error({ err, job: job.id, queue: name, attempt }, `job ${name} failed`);
      // PostgreSQL text holds no NUL character.
      await store.fail(job.id, claim, String((err as Error)?.stack ?? err).replaceAll('\0', ''));
    }
  }

  async function loop(name: string, handler: JobHandler): Promise<void> {
    while (!stopped) {
      try {
        const claimed = await store.claim(name);
        // Found work: fetch again straight away instead of waiting out the poll interval.
        if (claimed) await run(name, handler, claimed);
        else await nap(name);
      } catch (err) {
        // The database is unreachable or the completion was not stored: an unstored completion
        // leaves the claim to expire, and the job runs again (at least once).
        log.error({ err, queue: name }, `job queue worker of ${name} failed; trying again`);
        await nap(name);
      }
    }
  }

  return {
    wake,
    add(name, handler) {
      const done: Promise<void> = loop(name, handler).finally(() => loops.delete(done));
      loops.add(done);
    },
    async stop() {
      stopped = true;
      clearInterval(maintenance);
      wakeAll();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)));
      await Promise.race([Promise.all([...loops]), timeout]);
      clearTimeout(timer);
      // A handler still running keeps its claim until HEARTBEAT_S after this: then another instance
      // (or this one, restarted) retries it.
      clearInterval(heartbeats);
      await maintaining;
    },
  };
}
