import { getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { jsonArray } from '../db/json-params';
import type { TtlCache } from '../ttl-cache';
import { LIST_CURSOR_KEY, type ListSpec } from './spec';
import type { ListClauses } from './sql';

export type ListDb = Pick<PgDatabase<PgQueryResultHKT>, 'select'>;

/** A table's columns as a list answers them: all but those PostgreSQL generates for its own use. */
function listedColumns(table: PgTable): Record<string, AnyColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated));
}

export const TOTAL_KEY = '__total';
const totalSelect = (withTotal: boolean): Record<string, SQL> =>
  withTotal ? { [TOTAL_KEY]: sql<number>`count(*) over ()` } : {};

export function pageOf(
  db: ListDb,
  table: PgTable,
  clauses: ListClauses,
  withTotal = false,
): Promise<Record<string, unknown>[]> {
  return db
    .select({ ...listedColumns(table), [LIST_CURSOR_KEY]: clauses.cursorSelect, ...totalSelect(withTotal) })
    .from(table)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.fetchLimit)
    .offset(clauses.offset);
}

const ID_KEY = '__id';

export async function pageByIds(
  db: ListDb,
  table: PgTable,
  spec: ListSpec,
  clauses: ListClauses,
  withTotal = false,
  afterRows?: SQL,
): Promise<Record<string, unknown>[]> {
  // Only the id here: what is selected is computed for every row an offset skips.
  const keys: Record<string, unknown>[] = withTotal
    ? await matchesFirst(db, table, spec, clauses)
    : afterRows
      ? await idsOf(db, table, spec, clauses, afterRows)
      : await db
          .select({ [ID_KEY]: sql<string>`${spec.idColumn}`, ...totalSelect(withTotal) })
          .from(table)
          .where(clauses.where)
          .orderBy(...clauses.orderBy)
          .limit(clauses.fetchLimit)
          .offset(clauses.offset);
  if (keys.length === 0) return [];
  const byId = await rowsAsJson(
    db,
    table,
    spec.idColumn,
    clauses.cursorSelect,
    keys.map((k) => k[ID_KEY]),
  );
  // A row deleted between the two reads is left out of the page.
  return keys.flatMap((k) => {
    const row = byId.get(String(k[ID_KEY]));
    return row ? [{ ...row, [TOTAL_KEY]: k[TOTAL_KEY] }] : [];
  });
}

/** The ids of a cursor page, in order, from its `listRowsSql`. */
async function idsOf(
  db: ListDb,
  table: PgTable,
  spec: ListSpec,
  clauses: ListClauses,
  afterRows: SQL,
): Promise<Record<string, unknown>[]> {
  return rowsOf(
    await (db as unknown as { execute(q: SQL): Promise<unknown> }).execute(
      sql`select ${spec.idColumn} as ${sql.identifier(ID_KEY)} from ${afterRows} as ${table}
        order by ${sql.join(clauses.orderBy, sql`, `)}`,
    ),
  );
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;

/**
 * A counted page (a search): the matching rows first, behind an `offset 0` fence under the table's
 * own name, then sorted and counted. Without the fence PostgreSQL may walk the sort's index and
 * filter every row of the table when its statistics misjudge the search (a trigram match), many
 * times slower than the trigram indexes (docs/BENCHMARKS.md, lists on PostgreSQL).
 */
async function matchesFirst(
  db: ListDb,
  table: PgTable,
  spec: ListSpec,
  clauses: ListClauses,
): Promise<Record<string, unknown>[]> {
  const where = clauses.where ? sql`where ${clauses.where}` : sql``;
  const query = sql`select ${spec.idColumn} as ${sql.identifier(ID_KEY)},
      count(*) over () as ${sql.identifier(TOTAL_KEY)}
    from (select * from ${table} ${where} offset 0) as ${table}
    order by ${sql.join(clauses.orderBy, sql`, `)}
    limit ${clauses.fetchLimit} offset ${clauses.offset}`;
  return rowsOf(await (db as unknown as { execute(q: SQL): Promise<unknown> }).execute(query));
}

/**
 * The rows of `ids` (with their cursor) as one JSON value, mapped back to the table's typed columns.
 * On embedded PGlite each row handed over singly costs more than the query (bench/lists.bench.ts).
 */
async function rowsAsJson(
  db: ListDb,
  table: PgTable,
  idColumn: AnyColumn,
  cursorSelect: SQL,
  ids: unknown[],
): Promise<Map<string, Record<string, unknown>>> {
  const columns = Object.entries(listedColumns(table));
  // json_build_array takes at most 100 arguments, and JSON numbers cannot carry a 64-bit integer.
  if (columns.length > 45 || columns.some(([, c]) => c.dataType === 'bigint')) {
    const rows = await db
      .select({
        ...listedColumns(table),
        [ID_KEY]: sql<string>`${idColumn}`,
        [LIST_CURSOR_KEY]: cursorSelect,
      })
      .from(table)
      .where(inArray(idColumn, ids));
    return new Map(rows.map(({ [ID_KEY]: id, ...row }) => [String(id), row]));
  }
  const pairs = columns.map(([key, column]) => sql`${key}::text, ${column}`);
  const idType = (idColumn as unknown as { getSQLType(): string }).getSQLType() === 'uuid' ? 'uuid' : 'text';
  const [json] = await db
    .select({
      rows: sql<
        string | null
      >`json_agg(json_build_array(${sql.join(pairs, sql`, `)}, ${ID_KEY}::text, ${idColumn}, ${LIST_CURSOR_KEY}::text, ${cursorSelect}))::text`,
    })
    .from(table)
    .where(sql`${idColumn} = any(${jsonArray(ids.map(String), idType)})`);
  const out = new Map<string, Record<string, unknown>>();
  for (const values of JSON.parse(json?.rows ?? '[]') as unknown[][]) {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], i) => {
      const value = values[2 * i + 1];
      row[key] = value === null ? null : column.mapFromDriverValue(value);
    });
    row[LIST_CURSOR_KEY] = values[2 * columns.length + 3];
    out.set(String(values[2 * columns.length + 1]), row);
  }
  return out;
}

export async function countOf(
  db: ListDb,
  table: PgTable,
  clauses: ListClauses,
  totalCache: { cache: TtlCache<number>; min: number } | undefined,
): Promise<number> {
  const query = db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(clauses.totalWhere);
  if (!totalCache) return (await query)[0].total;
  const { sql: text, params } = query.toSQL();
  const key = JSON.stringify([text, params]);
  const total = await totalCache.cache.get(key, async () => (await query)[0].total);
  if (total < totalCache.min) totalCache.cache.delete(key);
  return total;
}

/** SQLSTATE class 22 (data exception), on the driver's error or drizzle's wrapper of it. */
export function isDataException(err: unknown): boolean {
  let e = err;
  for (let depth = 0; depth < 3 && isPlainError(e); depth++, e = e.cause) {
    if (typeof e.code === 'string' && e.code.startsWith('22')) return true;
  }
  return false;
}

const isPlainError = (e: unknown): e is { code?: unknown; cause?: unknown } =>
  typeof e === 'object' && e !== null;
