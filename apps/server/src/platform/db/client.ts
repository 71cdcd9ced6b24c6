import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgliteDatabase, drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sqlExecutorFromPglite, sqlExecutorFromPool, type SqlExecutor } from './sql-executor';

export type { SqlExecutor };
/** The query helpers, for scripts outside the server's package (bench/), which cannot resolve drizzle-orm themselves. */
export { and, eq, sql } from 'drizzle-orm';

/** The query builder (no relational `db.query` API: each area's operations write their SQL). */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Whether `db` is embedded PGlite: one thread for the database and every request. */
export const isEmbedded = (db: Db | Tx): boolean => db instanceof PgliteDatabase;

export type Database = {
  kind: 'pglite' | 'pg';
  db: Db;
  sql: SqlExecutor;
  /** The PGlite instance in embedded mode, the pool with DATABASE_URL. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

/**
 * Opens the database: node-postgres when `databaseUrl` is set, else PGlite in `dataDir`
 * (or in memory when dataDir is ':memory:'). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: how often the churning tables are vacuumed (default PGLITE_VACUUM_MS; tests shorten it). */
  pgliteVacuumMs?: number;
}): Promise<Database> {
  const database = opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : await openPglite(opts.dataDir, opts.pgliteVacuumMs ?? PGLITE_VACUUM_MS);
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

async function openPglite(dataDir: string, vacuumMs: number): Promise<Database> {
  let pglite: PGlite;
  // pg_trgm serves the tag list's text search (migration 0006 creates the extension).
  const extensions = { pg_trgm };
  if (dataDir === ':memory:') {
    pglite = new PGlite({ extensions });
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir, { extensions });
  }
  await pglite.waitReady;
  const db = drizzlePglite(pglite, {}) as unknown as Db;
  // PGlite is a single-user PostgreSQL without a checkpointer: left alone, the WAL grows to
  // max_wal_size (1 GB) and a restart after a crash replays all of it. A checkpoint every few
  // minutes keeps that replay (and the time to come back after a kill) short.
  const checkpoints =
    dataDir === ':memory:'
      ? undefined
      : setInterval(() => void pglite.exec('checkpoint').catch(() => undefined), PGLITE_CHECKPOINT_MS);
  checkpoints?.unref();
  // Nor has it an autovacuum: the rows the churning tables update and delete all day would never be
  // reused, and the files (or memory) would only grow. Hourly, never at start-up, never twice at once.
  const vacuums = repeatWithoutOverlap((signal) => vacuumChurningTables(pglite, signal), vacuumMs);
  // Nor does anything merge the trigram indexes' pending lists but the write that fills one: every
  // tag search reads the whole list meanwhile. Merged often, each
  // merge is short.
  const ginMerges = repeatWithoutOverlap(
    (signal) => mergeGinPendingLists(pglite, signal),
    PGLITE_GIN_MERGE_MS,
  );
  return {
    kind: 'pglite',
    db,
    pglite,
    sql: sqlExecutorFromPglite(pglite),
    close: async () => {
      clearInterval(checkpoints);
      await Promise.all([vacuums.stop(), ginMerges.stop()]);
      return pglite.close();
    },
  };
}

/** How often an embedded database on disk is checkpointed. */
export const PGLITE_CHECKPOINT_MS = 5 * 60_000;
/** How often an embedded database vacuums and analyzes the tables that churn. */
export const PGLITE_VACUUM_MS = 60 * 60_000;

/** How often an embedded database merges its GIN indexes' pending lists into the indexes. */
export const PGLITE_GIN_MERGE_MS = 30_000;

/**
 * `gin_clean_pending_list` of each GIN index, one statement per index so that other queries wait
 * for at most one; stops between indexes once `signal` is aborted. Returns the pages merged.
 */
export async function mergeGinPendingLists(pglite: PGlite, signal?: AbortSignal): Promise<number> {
  const { rows } = await pglite.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
     from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'i' and a.amname = 'gin' and n.nspname = 'public'`,
  );
  let pages = 0;
  for (const { name } of rows) {
    if (signal?.aborted) break;
    const merged = await pglite.query<{ pages: number }>(
      'select gin_clean_pending_list($1::regclass)::int as pages',
      [name],
    );
    pages += merged.rows[0]?.pages ?? 0;
  }
  return pages;
}

/**
 * The tables whose rows are updated or deleted all day (each heartbeat rewrites its gateway's row,
 * the outbox and button events are pruned, alerts change state, sessions rotate), and those growing
 * fastest (alert events, heartbeats), so the planner's statistics keep up; and the job queue's
 * table, whose rows change state several times each.
 */
export const PGLITE_VACUUM_TABLES: readonly string[] = [
  'outbox',
  'button_events',
  'alerts',
  'alert_events',
  'gateways',
  'gateway_heartbeats',
  'gateway_commands',
  'consoles',
  'sessions',
  'refresh_tokens',
  'login_failures',
  'jobs',
];

/**
 * `VACUUM (ANALYZE)` of each of PGLITE_VACUUM_TABLES that exists, one statement per table so that
 * other queries (PGlite runs one at a time) wait for at most one table; stops between tables once
 * `signal` is aborted. PGlite never runs a statement inside another caller's transaction.
 */
export async function vacuumChurningTables(pglite: PGlite, signal?: AbortSignal): Promise<void> {
  for (const table of PGLITE_VACUUM_TABLES) {
    if (signal?.aborted) return;
    const { rows } = await pglite.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      table,
    ]);
    if (rows[0]?.found) await pglite.exec(`vacuum (analyze) ${table}`);
  }
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

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle connection that breaks (a failover, a restart, an idle timeout on the server's side)
  // is reported here; unheard, the 'error' event would end the process. The pool replaces it.
  pool.on('error', (err) => console.warn(`database connection lost (the pool reconnects): ${err.message}`));
  const db = drizzlePg(pool, {}) as unknown as Db;
  return {
    kind: 'pg',
    db,
    pool,
    sql: sqlExecutorFromPool(pool),
    close: () => pool.end(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await withStartupLock(database, (db) => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }));
  }
}

/** The advisory lock key that one instance at a time holds while it migrates or seeds ('vigil'). */
export const STARTUP_LOCK_KEY = 0x76696769;

/**
 * Runs `fn` while this instance holds the startup lock, on the connection holding it. Several
 * instances starting at once on one PostgreSQL take turns: the first migrates, the others wait,
 * then find nothing left to do (drizzle's migrator alone is not safe when run concurrently).
 * PGlite has a single connection and a single process: `fn` simply runs.
 */
export async function withStartupLock<T>(database: Database, fn: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite' || !database.pool) return fn(database.db);
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn(drizzlePg(client, {}) as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
