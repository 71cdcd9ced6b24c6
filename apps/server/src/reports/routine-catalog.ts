import { sql } from 'drizzle-orm';
import type { ReportRoutine } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { ROUTINE_ID } from './routine-sql';
import { ROUTINES_SCHEMA } from './routine-sandbox';

// What the database holds in `report_routines`, read from PostgreSQL's catalog. Only functions the
// sandbox can contain are routines: SQL, SECURITY INVOKER (a SECURITY DEFINER function would run as
// its owner, the server's role, outside row-level security), no SET of their own, one uuid argument,
// rows of named columns. Anything else in the schema is neither listed nor run.

/** The catalog row of a function in report_routines. */
type ProcRow = {
  id: string;
  oid: number;
  description: string | null;
  language: string;
  volatility: string;
  security_definer: boolean;
  returns_set: boolean;
  config: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  arg_names: string[] | null;
  body: string;
};

const procRows = (db: Db, id?: string) =>
  db.execute(sql`
    select p.proname::text as id, p.oid::int as oid, obj_description(p.oid, 'pg_proc') as description,
      l.lanname::text as language, p.provolatile::text as volatility, p.prosecdef as security_definer,
      p.proretset as returns_set, p.proconfig as config,
      p.proargtypes::regtype[]::text[] as arg_types, p.proargmodes::text[] as arg_modes,
      p.proargnames as arg_names, p.prosrc as body
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_language l on l.oid = p.prolang
    where n.nspname = ${ROUTINES_SCHEMA} and p.prokind = 'f' ${id === undefined ? sql`` : sql`and p.proname = ${id}`}
    order by p.proname`) as unknown as Promise<{ rows: ProcRow[] }>;

/** Why a function of report_routines is not a routine the sandbox runs, or undefined when it is. */
function refusal(row: ProcRow): string | undefined {
  if (row.language !== 'sql') return 'it is not LANGUAGE sql';
  if (row.security_definer) return 'it is SECURITY DEFINER';
  if (row.volatility !== 's') return 'it is not STABLE';
  if (row.config?.length) return 'it SETs configuration of its own';
  if (row.arg_types.length !== 1 || row.arg_types[0] !== 'uuid') return 'it does not take exactly (org uuid)';
  if (!row.returns_set || !row.arg_modes?.includes('t')) return 'it does not RETURNS TABLE (…)';
  if (!ROUTINE_ID.test(row.id)) return 'its name is not letters, digits and underscores';
  return undefined;
}

/** A routine's result columns, in order: the RETURNS TABLE names. */
const columnsOf = (row: ProcRow) =>
  (row.arg_modes ?? []).flatMap((mode, i) => (mode === 't' ? [row.arg_names?.[i] ?? `column${i}`] : []));

/** SPEC §7 GET bigquery/routines: the routines installed, by id. */
export async function listRoutines(db: Db): Promise<ReportRoutine[]> {
  const { rows } = await procRows(db);
  return rows.filter((row) => !refusal(row)).map((row) => ({ id: row.id, description: row.description }));
}

export type InstalledRoutine = { id: string; columns: string[]; body: string; description: string | null };

/** The routine `id` if it is installed and runnable. */
export async function findRoutine(db: Db, id: string): Promise<InstalledRoutine | undefined> {
  const { rows } = await procRows(db, id);
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row || refusal(row)) return undefined;
  return { id: row.id, columns: columnsOf(row), body: row.body, description: row.description };
}

/**
 * Why the functions named `id` in report_routines are not one runnable routine (several overloads,
 * or one the sandbox cannot hold), or undefined when they are.
 */
export async function routineRefusal(db: Db, id: string): Promise<string | undefined> {
  const { rows } = await procRows(db, id);
  if (rows.length === 0) return `${ROUTINES_SCHEMA}.${id} was not created`;
  if (rows.length > 1)
    return `${ROUTINES_SCHEMA}.${id} exists with other arguments too; drop the others first`;
  const why = refusal(rows[0]!);
  return why && `${ROUTINES_SCHEMA}.${id} is not a routine: ${why}`;
}

/** PostgreSQL's own text of the function `id` of report_routines, and its description. */
export async function routineDefinition(
  db: Db,
  id: string,
): Promise<{ definition: string; description: string | null } | undefined> {
  const { rows } = (await db.execute(sql`
    select pg_get_functiondef(p.oid) as definition, obj_description(p.oid, 'pg_proc') as description
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${ROUTINES_SCHEMA} and p.proname = ${id} and p.prokind = 'f'`)) as unknown as {
    rows: { definition: string; description: string | null }[];
  };
  return rows.length === 1 ? rows[0] : undefined;
}
