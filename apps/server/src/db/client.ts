import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { sqlExecutorFromPglite, sqlExecutorFromPool, type SqlExecutor } from './sql-executor';

export type { SqlExecutor };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  kind: 'pglite' | 'pg';
  db: Db;
  sql: SqlExecutor;
  /** The PGlite instance in embedded mode, the pool with DATABASE_URL. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Opens the database: node-postgres when `databaseUrl` is set, else PGlite in `dataDir`
 * (or in memory when dataDir is ':memory:'). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  await migrateDatabase(database);
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  let pglite: PGlite;
  if (dataDir === ':memory:') {
    pglite = new PGlite();
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    sql: sqlExecutorFromPglite(pglite),
    close: () => pglite.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
