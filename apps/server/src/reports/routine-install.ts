import fs from 'node:fs';
import path from 'node:path';
import { TransactionRollbackError, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { findRoutine, listRoutines, routineDefinition, routineRefusal } from './routine-catalog';
import { ROUTINES_SCHEMA, installRoutineSandbox } from './routine-sandbox';
import { validateRoutineSql, type RoutineSql } from './routine-sql';

// How a routine gets into the database: `vigil report add FILE.sql` and the routines the product
// ships (./routines/*.sql, installed at every start) take this one path.

/** A routine file refused: the message says why, for the operator. */
export class RoutineRefused extends Error {}

export type AddedRoutine = { id: string; columns: string[]; changed: boolean };

/** The folder of the routines shipped with the product. */
export const SHIPPED_ROUTINES_DIR = path.join(import.meta.dirname, 'routines');

/**
 * `vigil report add`: validates a routine file and installs it, with the sandbox it runs in.
 * Throws RoutineRefused with the reason when the file or the database refuses it.
 */
export async function addRoutine(db: Db, text: string): Promise<AddedRoutine> {
  const routine = validated(text);
  await installRoutineSandbox(db);
  return installRoutine(db, routine);
}

/**
 * The sandbox, then every routine of SHIPPED_ROUTINES_DIR, each as `vigil report add` installs it.
 * A routine that fails is reported and the others are still installed; a sandbox that cannot be
 * installed throws.
 */
export async function installShippedRoutines(
  db: Db,
): Promise<{ installed: AddedRoutine[]; failed: { file: string; reason: string }[] }> {
  const files = fs
    .readdirSync(SHIPPED_ROUTINES_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  await installRoutineSandbox(db);
  const installed: AddedRoutine[] = [];
  const failed: { file: string; reason: string }[] = [];
  for (const file of files) {
    try {
      const text = fs.readFileSync(path.join(SHIPPED_ROUTINES_DIR, file), 'utf8');
      installed.push(await installRoutine(db, validated(text)));
    } catch (err) {
      failed.push({ file, reason: messageOf(err) });
    }
  }
  return { installed, failed };
}

function validated(text: string): RoutineSql {
  const verdict = validateRoutineSql(text);
  if (!verdict.ok) throw new RoutineRefused(verdict.reason);
  return verdict.routine;
}

/**
 * Installs a validated routine in one transaction: the routine of that id is dropped first (its
 * columns may change), created, and checked in the catalog, so a refusal leaves the previous one in
 * place. When PostgreSQL's definition and the description come out as they were, the transaction
 * is rolled back and the routine reported unchanged.
 */
async function installRoutine(db: Db, routine: RoutineSql): Promise<AddedRoutine> {
  const before = await routineDefinition(db, routine.id);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`drop function if exists ${qualified(routine)}(uuid)`));
      try {
        await tx.execute(sql.raw(routine.statement));
      } catch (err) {
        throw new RoutineRefused(`PostgreSQL refused the routine: ${messageOf(err)}`);
      }
      const refusal = await routineRefusal(tx as unknown as Db, routine.id);
      if (refusal) throw new RoutineRefused(refusal);
      const comment = routine.description === null ? 'null' : dollarQuoted(routine.description);
      await tx.execute(sql.raw(`comment on function ${qualified(routine)}(uuid) is ${comment}`));
      const after = await routineDefinition(tx as unknown as Db, routine.id);
      if (before && after?.definition === before.definition && after.description === before.description) {
        tx.rollback();
      }
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
    return { id: routine.id, columns: (await findRoutine(db, routine.id))?.columns ?? [], changed: false };
  }
  return { id: routine.id, columns: (await findRoutine(db, routine.id))?.columns ?? [], changed: true };
}

const qualified = (routine: RoutineSql) => `${ROUTINES_SCHEMA}."${routine.id}"`;

/** COMMENT takes no parameters: the text as a dollar-quoted literal, under a tag it does not hold. */
function dollarQuoted(text: string): string {
  let tag = '$description$';
  for (let n = 1; text.includes(tag); n++) tag = `$description${n}$`;
  return `${tag}${text}${tag}`;
}

/** PostgreSQL's own message of a failed statement (drizzle wraps it as the cause). */
export function messageOf(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause : err;
  return (inner as Error).message ?? String(inner);
}

/**
 * `vigil export-to-postgres`: the routines installed in `source` (an operator's `vigil report add`s
 * as well as the shipped ones), installed in `target` the same way, from PostgreSQL's own text of
 * each and its description. Answers a line per routine, for the operator.
 */
export async function copyRoutines(source: Db, target: Db): Promise<string[]> {
  const lines: string[] = [];
  for (const { id } of await listRoutines(source)) {
    const found = await routineDefinition(source, id);
    if (!found) continue;
    const comment = found.description ? `${found.description.replace(/^/gm, '-- ')}\n` : '';
    try {
      const added = await addRoutine(target, `${comment}${found.definition}`);
      lines.push(`report routine ${added.id}: ${added.changed ? 'installed' : 'already there'}`);
    } catch (err) {
      if (!(err instanceof RoutineRefused)) throw err;
      lines.push(`report routine ${id} NOT copied: ${err.message} (install it with vigil report add)`);
    }
  }
  return lines;
}
