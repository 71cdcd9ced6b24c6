import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../errors';
import type { TtlCache } from '../ttl-cache';
import { countOf, isDataException, pageByIds, pageOf, TOTAL_KEY, type ListDb } from './pages';
import { LIST_CURSOR_KEY, LIST_ERROR_CODE, type ListPage, type ListSpec, type ParsedList } from './spec';
import { listClauses, listRowsSql, nextCursor } from './sql';

// The list engine: what an area's list operation imports.
export * from './spec';
export { listQuerySchema, parseListQuery, parseListQueryOrThrow, type ListQuery } from './query';
export { listClauses, listRowsSql, nextCursor, type ListClauses } from './sql';
export type { ListDb } from './pages';

/** For lists of 100,000 rows (bench/lists.bench.ts); every list works without them. */
export type RunListOptions = {
  /**
   * Read the page's ids first, then its rows (a deferred join): a deep `offset` skips index entries
   * rather than whole rows, and a sort keeps narrow tuples.
   */
  idsFirst?: boolean;
  /**
   * Keep a total of at least `min` rows in `cache` (keyed by the count's SQL and parameters, so by
   * scope and filter), so the pages of one CSV download count once; a smaller total is always exact.
   */
  totalCache?: { cache: TtlCache<number>; min: number };
  /**
   * Count in the page's own query (`count(*) over ()`) when it has no cursor: one scan and one plan
   * instead of two. Worth it for a selective search; a broad one reads all its rows either way.
   */
  countInPage?: boolean;
};

/**
 * One page of `table`: `{data, total, nextCursor?}`. `total` counts the rows inside `extraWhere`
 * that match the filter and query, whatever the page. Rows come typed from the table unless `T`
 * is given.
 */
export async function runList<T = never, TTable extends PgTable = PgTable>(
  db: ListDb,
  table: TTable,
  spec: ListSpec,
  parsed: ParsedList,
  extraWhere?: SQL,
  opts: RunListOptions = {},
): Promise<ListPage<[T] extends [never] ? InferSelectModel<TTable> : T>> {
  const clauses = listClauses(parsed, spec, extraWhere);
  // A cursor page of a large list reads its ids range by range (`listRowsSql`), not by one OR.
  const afterRows =
    parsed.after && opts.idsFirst
      ? listRowsSql(table as PgTable, spec, parsed, extraWhere, clauses.fetchLimit)
      : undefined;
  let rows: Record<string, unknown>[];
  let total: number;
  try {
    if (opts.countInPage && !parsed.after) {
      rows = opts.idsFirst
        ? await pageByIds(db, table as PgTable, spec, clauses, true)
        : await pageOf(db, table as PgTable, clauses, true);
      // No row, no window: a page past the end still answers the total.
      total = rows.length
        ? Number(rows[0]![TOTAL_KEY])
        : await countOf(db, table as PgTable, clauses, opts.totalCache);
      for (const row of rows) delete row[TOTAL_KEY];
    } else {
      [rows, total] = await Promise.all([
        opts.idsFirst
          ? pageByIds(db, table as PgTable, spec, clauses, false, afterRows)
          : pageOf(db, table as PgTable, clauses),
        countOf(db, table as PgTable, clauses, opts.totalCache),
      ]);
    }
  } catch (err) {
    // A cursor is opaque but not sealed: one edited to a value its key's type rejects is the client's error.
    if (parsed.after && isDataException(err))
      throw new HttpError(400, 'cursor is invalid', LIST_ERROR_CODE, 'cursor');
    throw err;
  }
  const cursor = nextCursor(rows, parsed);
  const data = rows.slice(0, parsed.limit).map((row) => {
    const { [LIST_CURSOR_KEY]: _cursor, ...rest } = row;
    return rest;
  }) as ([T] extends [never] ? InferSelectModel<TTable> : T)[];
  return cursor === undefined ? { data, total } : { data, total, nextCursor: cursor };
}
