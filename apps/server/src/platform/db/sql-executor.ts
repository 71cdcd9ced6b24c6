import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Raw SQL access, whichever engine runs. `query` runs one parameterised statement; `exec` runs text
 * without parameters that may hold several statements (e.g. `BEGIN; ...; COMMIT;`).
 *
 * `exec` resolves to the driver's results (PGlite's `exec()` array, or node-postgres'
 * `Result | Result[]`). On `kind: 'pg'` a failed `exec` must not hand a connection stuck in an
 * aborted transaction back to the pool (see `sqlExecutorFromPool`).
 */
export type SqlExecutor = {
  kind: 'pglite' | 'pg';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
};

/** A SqlExecutor over a PGlite instance. */
export function sqlExecutorFromPglite(pglite: PGlite): SqlExecutor {
  return {
    kind: 'pglite',
    query: async (text, params) => pglite.query(text, params),
    exec: (text) => pglite.exec(text),
  };
}

/**
 * A SqlExecutor over a node-postgres pool. `exec` runs on a client of its own and rolls back on
 * failure, so a failed `BEGIN; ...; COMMIT;` never returns a connection in an aborted transaction.
 */
export function sqlExecutorFromPool(pool: pg.Pool): SqlExecutor {
  return {
    kind: 'pg',
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await pool.query(text, params)).rows as T[],
    }),
    async exec(text) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await client.query(text);
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}
