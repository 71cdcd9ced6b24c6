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
import {
  PGLITE_CHECKPOINT_MS,
  PGLITE_GIN_MERGE_MS,
  PGLITE_QUIET,
  PGLITE_VACUUM_MS,
  maintainTables,
  mergeGinPendingLists,
  newMaintenanceLog,
  repeatWithoutOverlap,
  timedStatement,
  type MaintenanceLog,
  type QuietMoments,
} from './maintenance';
import { sqlExecutorFromPglite, sqlExecutorFromPool, type SqlExecutor } from './sql-executor';

export * from './maintenance';

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
  /** PGlite only: what its own maintenance (checkpoints, vacuums, analyzes, GIN merges) has run. */
  maintenance?: MaintenanceLog;
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
  /** PGlite only: how often the tables are checked for a vacuum or an analyze (default PGLITE_VACUUM_MS; tests shorten it). */
  pgliteVacuumMs?: number;
  /** PGlite only: how long statements wait for a quiet moment (default PGLITE_QUIET). */
  pgliteQuiet?: Partial<QuietMoments>;
  /** PGlite on disk only: how often it checkpoints (default PGLITE_CHECKPOINT_MS). */
  pgliteCheckpointMs?: number;
  /** PGlite only: how often the GIN pending lists are merged (default PGLITE_GIN_MERGE_MS). */
  pgliteGinMergeMs?: number;
}): Promise<Database> {
  const database = opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : await openPglite(opts.dataDir, {
        vacuumMs: opts.pgliteVacuumMs ?? PGLITE_VACUUM_MS,
        quiet: { ...PGLITE_QUIET, ...opts.pgliteQuiet },
        checkpointMs: opts.pgliteCheckpointMs ?? PGLITE_CHECKPOINT_MS,
        ginMergeMs: opts.pgliteGinMergeMs ?? PGLITE_GIN_MERGE_MS,
      });
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

async function openPglite(
  dataDir: string,
  opts: { vacuumMs: number; quiet: QuietMoments; checkpointMs: number; ginMergeMs: number },
): Promise<Database> {
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
  const log = newMaintenanceLog();
  // PGlite is a single-user PostgreSQL without a checkpointer: left alone, the WAL grows to
  // max_wal_size (1 GB) and a restart after a crash replays all of it. A checkpoint every few
  // minutes keeps that replay (and the time to come back after a kill) short.
  const checkpoints =
    dataDir === ':memory:'
      ? undefined
      : repeatWithoutOverlap(() => timedStatement(pglite, 'checkpoint', log), opts.checkpointMs);
  // Nor has it an autovacuum: the rows the churning tables update and delete all day would never be
  // reused, and the files (or memory) would only grow. Each table by autovacuum's rules, a statement
  // at a time, the long ones at quiet moments; never at start-up, never twice at once.
  const expectedMs = new Map<string, number>();
  const vacuums = repeatWithoutOverlap(
    (signal) => maintainTables(pglite, { quiet: opts.quiet, log, signal, expectedMs }),
    opts.vacuumMs,
  );
  // Nor does anything merge the trigram indexes' pending lists but the write that fills one: every
  // tag search reads the whole list meanwhile. Merged often, each
  // merge is short.
  const ginMerges = repeatWithoutOverlap(
    (signal) => mergeGinPendingLists(pglite, signal, log),
    opts.ginMergeMs,
  );
  return {
    kind: 'pglite',
    db,
    pglite,
    sql: sqlExecutorFromPglite(pglite),
    maintenance: log,
    close: async () => {
      await Promise.all([checkpoints?.stop(), vacuums.stop(), ginMerges.stop()]);
      return pglite.close();
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
