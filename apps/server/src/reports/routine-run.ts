import { CSV_MAX_ROWS, type RoutineRunAnswer } from '@vigil/domain';
import type { Database } from '../platform/db/client';
import { HttpError, notFound } from '../platform/errors';
import { findRoutine } from './routine-catalog';
import { SANDBOX_SCHEMA } from './routine-sandbox';

/** How long a routine may run (PostgreSQL's statement_timeout; embedded PGlite cannot interrupt one). */
export const ROUTINE_TIMEOUT_MS = 10_000;
/** The most rows a routine may answer: SPEC §9's CSV limit, since the screen offers its rows as CSV. */
export const ROUTINE_MAX_ROWS = CSV_MAX_ROWS;

export type RoutineRun = {
  id: string;
  /** The caller's organisation: the only one whose rows the routine can see. */
  orgId: string;
  timeoutMs?: number;
  maxRows?: number;
};

/** One connection's query, whichever engine: a PGlite transaction or a pooled client. */
type Session = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * SPEC §7 POST bigquery/routines/{id}: runs a routine in the sandbox (routine-sandbox.ts) — a
 * transaction that is READ ONLY once it has written the organisation it runs for, under a statement
 * timeout, rolled back at the end — and answers its rows. The routine's own failures are the
 * caller's 422 (or 504 for the timeout), with PostgreSQL's reason.
 */
export async function runRoutine(database: Database, run: RoutineRun): Promise<RoutineRunAnswer> {
  const routine = await findRoutine(database.db, run.id);
  if (!routine) throw notFound(`No report routine named ${run.id}`);
  const maxRows = run.maxRows ?? ROUTINE_MAX_ROWS;
  const timeoutMs = run.timeoutMs ?? ROUTINE_TIMEOUT_MS;
  let rows: unknown[];
  try {
    rows = await inSession(database, async (session) => {
      await session.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
      await session.query(
        `insert into ${SANDBOX_SCHEMA}.context (tx, org) values (pg_current_xact_id(), $1)`,
        [run.orgId],
      );
      await session.query('set transaction read only');
      const result = await session.query(`select r as row from ${SANDBOX_SCHEMA}.run($1, $2, $3) as r`, [
        routine.id,
        run.orgId,
        maxRows + 1,
      ]);
      return result.rows.map((r) => (r as { row: unknown }).row);
    });
  } catch (err) {
    throw routineFailure(err, timeoutMs);
  }
  if (rows.length > maxRows) {
    throw new HttpError(
      422,
      `The routine answered more than ${maxRows.toLocaleString('en-US')} rows; narrow it down`,
      'routine_too_large',
    );
  }
  return { data: { columns: routine.columns, results: rows.map(asRecord) } };
}

const asRecord = (row: unknown): Record<string, unknown> =>
  typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : (row as Record<string, unknown>);

/**
 * Runs `fn` in a transaction of its own on one connection, always rolled back, then drops any
 * session advisory lock the routine took (the only state a rollback leaves behind).
 */
async function inSession<T>(database: Database, fn: (session: Session) => Promise<T>): Promise<T> {
  if (database.pglite) {
    const pglite = database.pglite;
    let out: T | undefined;
    try {
      await pglite.transaction(async (tx) => {
        out = await fn(tx);
        await tx.rollback();
      });
    } finally {
      await pglite.query('select pg_advisory_unlock_all()');
    }
    return out as T;
  }
  const client = await database.pool!.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    return await fn(client);
  } finally {
    await client.query('rollback').catch((err: Error) => (broken = err));
    await client.query('select pg_advisory_unlock_all()').catch((err: Error) => (broken ??= err));
    client.release(broken);
  }
}

/** SQLSTATE classes of the server or its connection, not of the routine: those stay a 500. */
const SERVER_FAULTS = /^(08|53|57P|58|XX)/;

function routineFailure(err: unknown, timeoutMs: number): unknown {
  const code = (err as { code?: unknown }).code;
  const message = (err as { message?: unknown }).message;
  if (typeof code !== 'string' || typeof message !== 'string' || SERVER_FAULTS.test(code)) return err;
  if (code === '57014') {
    return new HttpError(
      504,
      `The routine ran longer than ${timeoutMs / 1000} s and was stopped`,
      'routine_timeout',
    );
  }
  if (code === '25006') {
    return new HttpError(
      422,
      `The routine tried to write, and routines may only read (${message})`,
      'routine_failed',
    );
  }
  if (code === '42501')
    return new HttpError(422, `The routine may not do this: ${message}`, 'routine_failed');
  return new HttpError(422, `The routine failed: ${message}`, 'routine_failed');
}
