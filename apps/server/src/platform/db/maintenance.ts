import type { PGlite } from '@electric-sql/pglite';

// The embedded database's own upkeep (ARCHITECTURE §8 'PGlite keeps house itself'): checkpoints,
// vacuums and analyzes by autovacuum's rules at quiet moments, GIN pending-list merges. Opened and
// stopped by client.ts openPglite; PostgreSQL's own autovacuum does all this with DATABASE_URL.

/** How often an embedded database on disk is checkpointed. */
export const PGLITE_CHECKPOINT_MS = 5 * 60_000;
/** How often an embedded database checks which tables need a vacuum or an analyze (PGLITE_VACUUM_RULES). */
export const PGLITE_VACUUM_MS = 5 * 60_000;

/** How often an embedded database merges its GIN indexes' pending lists into the indexes. */
export const PGLITE_GIN_MERGE_MS = 30_000;

/**
 * `gin_clean_pending_list` of each GIN index, one statement per index so that other queries wait
 * for at most one; stops between indexes once `signal` is aborted. Returns the pages merged.
 */
export async function mergeGinPendingLists(
  pglite: PGlite,
  signal?: AbortSignal,
  log?: MaintenanceLog,
): Promise<number> {
  const { rows } = await pglite.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
     from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'i' and a.amname = 'gin' and n.nspname = 'public'`,
  );
  let pages = 0;
  for (const { name } of rows) {
    if (signal?.aborted) break;
    const t = performance.now();
    const merged = await pglite.query<{ pages: number }>(
      'select gin_clean_pending_list($1::regclass)::int as pages',
      [name],
    );
    const count = merged.rows[0]?.pages ?? 0;
    if (log && count > 0) note(log, `select gin_clean_pending_list('${name}')`, t);
    pages += count;
  }
  return pages;
}

/**
 * When the embedded database vacuums or analyzes a table: PostgreSQL's autovacuum rules, read from
 * pg_stat_user_tables the way autovacuum reads them, so every table that churns is kept (tags too)
 * and a quiet one costs nothing. Rows are the table's `reltuples`.
 */
export const PGLITE_VACUUM_RULES = {
  /** Dead rows past 50 + 10 % of the rows (autovacuum: 20 %; PGlite checks less often). */
  deadBase: 50,
  deadScale: 0.1,
  /**
   * Rows inserted since the last vacuum past 1,000 + 20 % of the rows, and never more than 50,000:
   * such a vacuum reads the pages written since the last one, so the bound keeps it short however
   * large an insert-only table (heartbeats, alert history) grows.
   */
  insertBase: 1_000,
  insertScale: 0.2,
  insertMax: 50_000,
  /** Rows changed since the last analyze past 50 + 10 % of the rows (autovacuum's default). */
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

/** How a statement that holds PGlite's one connection long waits for a quiet moment first. */
export type QuietMoments = {
  /** A statement expected to take longer than this waits for a quiet moment. */
  aboveMs: number;
  /** Quiet: no button event received (button_events.received_at) for this long. */
  quietMs: number;
  /** The most a statement waits; then it runs anyway, so no table goes unkept on a busy site. */
  waitMs: number;
};

export const PGLITE_QUIET: QuietMoments = { aboveMs: 50, quietMs: 10_000, waitMs: 15 * 60_000 };

/** Expected time of a first vacuum or analyze of a table, per MB of table and indexes (measured, docs/ARCHITECTURE.md §8). */
const EXPECTED_MS_PER_MB = 3;

/** One maintenance statement as run: when it started (ms since the epoch), how long it held the connection, how long it waited. */
export type MaintenanceStatement = { sql: string; startedAt: number; ms: number; waitedMs: number };

/** What the embedded database's maintenance has done since it opened (the last 1,000 statements). */
export type MaintenanceLog = {
  rounds: number;
  statements: MaintenanceStatement[];
  /** The statement that held the connection longest. */
  longest?: MaintenanceStatement;
};

export function newMaintenanceLog(): MaintenanceLog {
  return { rounds: 0, statements: [] };
}

type TableStat = {
  name: string;
  rows: number;
  dead: number;
  inserted: number;
  modified: number;
  vacuumed: boolean;
  bytes: number;
};

/** The vacuums and analyzes the tables of schema public need now, by PGLITE_VACUUM_RULES. */
export async function maintenanceDue(pglite: PGlite): Promise<{ sql: string; bytes: number }[]> {
  // This session's counters reach the statistics views at the end of a transaction, at most once a
  // second: flush them first. A table not vacuumed since the database opened is vacuumed once:
  // PGlite starts with empty statistics, so the dead rows left before a restart show nowhere.
  await pglite.query('select pg_stat_force_next_flush()');
  const { rows } = await pglite.query<TableStat>(
    `select quote_ident(s.relname) as name, greatest(c.reltuples, 0)::float8 as rows,
       s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted,
       s.n_mod_since_analyze::float8 as modified, s.vacuum_count > 0 as vacuumed,
       pg_total_relation_size(s.relid)::float8 as bytes
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'
     order by pg_total_relation_size(s.relid), s.relname`,
  );
  const r = PGLITE_VACUUM_RULES;
  const due: { sql: string; bytes: number }[] = [];
  for (const t of rows) {
    const vacuum =
      !t.vacuumed ||
      t.dead > r.deadBase + r.deadScale * t.rows ||
      t.inserted > Math.min(r.insertBase + r.insertScale * t.rows, r.insertMax);
    // FREEZE: the pages a vacuum reads are frozen at once, so PostgreSQL's forced whole-table
    // vacuum against transaction-id wraparound finds nothing left to read, however old the table.
    if (vacuum) due.push({ sql: `vacuum (freeze) ${t.name}`, bytes: t.bytes });
    if (t.modified > r.analyzeBase + r.analyzeScale * t.rows)
      due.push({ sql: `analyze ${t.name}`, bytes: t.bytes });
  }
  return due;
}

/**
 * One maintenance round: each due vacuum and analyze (maintenanceDue) as a statement of its own,
 * smallest table first, giving the event loop a turn before each (PGlite answers in microtasks, so
 * back-to-back statements would keep even the requests waiting to be read waiting). A statement
 * expected to hold the connection longer than `quiet.aboveMs` (its last run's time, or its size's)
 * first waits for a quiet moment, `quiet.waitMs` at most. Stops between statements once `signal`
 * is aborted. PGlite never runs a statement inside another caller's transaction.
 */
export async function maintainTables(
  pglite: PGlite,
  opts: {
    quiet?: QuietMoments;
    log?: MaintenanceLog;
    signal?: AbortSignal;
    expectedMs?: Map<string, number>;
  } = {},
): Promise<void> {
  const quiet = opts.quiet ?? PGLITE_QUIET;
  const log = opts.log ?? newMaintenanceLog();
  const expected = opts.expectedMs ?? new Map<string, number>();
  log.rounds++;
  for (const step of await maintenanceDue(pglite)) {
    await yieldToEventLoop();
    if (opts.signal?.aborted) return;
    const guess = expected.get(step.sql) ?? (step.bytes / 1024 / 1024) * EXPECTED_MS_PER_MB;
    const waited = guess > quiet.aboveMs ? await quietMoment(pglite, quiet, opts.signal) : 0;
    if (opts.signal?.aborted) return;
    const ran = await timedStatement(pglite, step.sql, log, waited);
    expected.set(step.sql, ran.ms);
  }
}

/** Runs `text` and notes it in `log`. */
export async function timedStatement(
  pglite: PGlite,
  text: string,
  log: MaintenanceLog,
  waitedMs = 0,
): Promise<MaintenanceStatement> {
  const t = performance.now();
  await pglite.exec(text);
  return note(log, text, t, waitedMs);
}

function note(log: MaintenanceLog, text: string, t: number, waitedMs = 0): MaintenanceStatement {
  const ms = performance.now() - t;
  const ran = { sql: text, startedAt: Date.now() - ms, ms, waitedMs };
  log.statements.push(ran);
  if (log.statements.length > 1000) log.statements.shift();
  if (!log.longest || ran.ms > log.longest.ms) log.longest = ran;
  return ran;
}

/**
 * Waits until no button event has been received for `quiet.quietMs` (measured from what the ingest
 * path stores), or `quiet.waitMs` has passed, or `signal` aborts; the time waited.
 */
export async function quietMoment(
  pglite: PGlite,
  quiet: QuietMoments,
  signal?: AbortSignal,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { rows } = await pglite.query<{ last: number | null }>(
      'select (extract(epoch from max(received_at)) * 1000)::float8 as last from button_events',
    );
    const now = Date.now();
    const quietFor = rows[0]?.last == null ? Infinity : now - rows[0].last;
    const left = Math.min(quiet.quietMs - quietFor, started + quiet.waitMs - now);
    if (left <= 0 || signal?.aborted) return now - started;
    await sleep(Math.max(left, 10), signal);
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs `job` every `everyMs`, first after one interval; a tick while the previous run is still going
 * is skipped. A failed run is reported and the next tick tries again. `stop()` clears the timer,
 * aborts the run's signal and waits for it to end.
 */
export function repeatWithoutOverlap(
  job: (signal: AbortSignal) => Promise<unknown>,
  everyMs: number,
): { stop(): Promise<void> } {
  const abort = new AbortController();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job(abort.signal)
      .then(
        () => undefined,
        (err: unknown) => console.warn(`database maintenance failed: ${(err as Error)?.message ?? err}`),
      )
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
