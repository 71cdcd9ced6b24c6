import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { encodeCursor } from './cursor';
import { LIST_CURSOR_KEY, type ListFieldType, type ListFilter, type ListSpec, type ParsedList } from './spec';

// --- SQL -----------------------------------------------------------------------------------------

const PG_TYPES: Record<ListFieldType, string> = {
  text: 'text',
  number: 'numeric',
  boolean: 'boolean',
  timestamp: 'timestamptz',
  uuid: 'uuid',
  json: 'jsonb',
};

/** Each part in its own parentheses, so an `or` inside the caller's scope cannot leak. */
function allOf(parts: (SQL | undefined)[]): SQL | undefined {
  const present = parts.filter((p): p is SQL => p !== undefined);
  if (present.length === 0) return undefined;
  return sql.join(
    present.map((p) => sql`(${p})`),
    sql` and `,
  );
}

function anyOf(parts: SQL[]): SQL {
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` or `,
  )})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function filterSql(filter: ListFilter, spec: ListSpec): SQL {
  const { sql: expr, type } = spec.fields[filter.field];
  // Text compares as text, so an enum or uuid column declared 'text' never fails on a bad value.
  const lhs = type === 'text' ? sql`(${expr})::text` : sql`(${expr})`;
  const bind = (v: unknown) => sql`cast(${v} as ${sql.raw(PG_TYPES[type])})`;
  switch (filter.op) {
    case '$exists':
      return filter.value ? sql`${lhs} is not null` : sql`${lhs} is null`;
    case '$in': {
      const values = filter.value as unknown[];
      if (values.length === 0) return sql`false`;
      return sql`${lhs} in (${sql.join(values.map(bind), sql`, `)})`;
    }
    case '$prefix':
      return sql`${lhs} like ${`${escapeLike(filter.value as string)}%`}`;
    case '$gte':
      return sql`${lhs} >= ${bind(filter.value)}`;
    case '$lte':
      return sql`${lhs} <= ${bind(filter.value)}`;
    default:
      return sql`${lhs} = ${bind(filter.value)}`;
  }
}

function searchSql(terms: string[], spec: ListSpec): SQL | undefined {
  const fields = spec.search ?? [];
  const like = (f: SQL | AnyColumn, term: string) => sql`(${f})::text ilike ${`%${escapeLike(term)}%`}`;
  return allOf(
    terms.map((term) =>
      spec.searchNarrowing
        ? sql`${like(spec.searchNarrowing, term)} and ${anyOf(fields.map((f) => like(f, term)))}`
        : anyOf(fields.map((f) => like(f, term))),
    ),
  );
}

type SortExpr = { expr: SQL | AnyColumn; desc: boolean; nullable: boolean };

function sortExprs(parsed: ParsedList, spec: ListSpec): SortExpr[] {
  return [
    ...parsed.order.map((k) => {
      const expr = spec.sortable[k.name]!;
      return { expr, desc: k.desc, nullable: expr !== spec.idColumn };
    }),
    { expr: spec.idColumn, desc: false, nullable: false },
  ];
}

/**
 * The rows after the cursor under `asc nulls last` / `desc nulls first` (PostgreSQL's defaults,
 * written out), as conditions that are each one range of the order's index: the sort keys before
 * key i equal to the cursor's and key i beyond it, a nullable key's "beyond" split in two (after the
 * value, or null). Their union is the rows after the cursor. Cursor values are SQL text bound
 * untyped, so PostgreSQL reads them as the key's own type.
 */
function afterBranches(keys: SortExpr[], values: (string | null)[]): SQL[] {
  const same = (k: SortExpr, v: string | null) =>
    v === null ? sql`(${k.expr}) is null` : sql`(${k.expr}) = ${v}`;
  const beyond = (k: SortExpr, v: string | null): SQL[] => {
    if (v === null) return k.desc ? [sql`(${k.expr}) is not null`] : [];
    if (k.desc) return [sql`(${k.expr}) < ${v}`];
    return k.nullable ? [sql`(${k.expr}) > ${v}`, sql`(${k.expr}) is null`] : [sql`(${k.expr}) > ${v}`];
  };
  return keys.flatMap((key, i) =>
    beyond(key, values[i]!).map(
      (step) => allOf([...keys.slice(0, i).map((k, j) => same(k, values[j]!)), step]) as SQL,
    ),
  );
}

/** The rows after the cursor as one condition (`afterBranches` OR-ed). */
function afterSql(keys: SortExpr[], values: (string | null)[]): SQL {
  return anyOf(afterBranches(keys, values));
}

/**
 * The first `limit` rows of a list in its order, after its cursor, as a subquery to be named after
 * the table. With a cursor, each of `afterBranches` is read as its own ordered, limited range and
 * the union sorted again: one OR-ed condition makes PostgreSQL scan the order's index from its start
 * and filter, for every batch of an export by cursor (bench/lists.bench.ts).
 */
export function listRowsSql(
  table: PgTable,
  spec: ListSpec,
  parsed: ParsedList,
  extraWhere: SQL | undefined,
  limit: number,
): SQL {
  const clauses = listClauses({ ...parsed, after: undefined }, spec, extraWhere);
  const orderBy = sql.join(clauses.orderBy, sql`, `);
  const range = (where: SQL | undefined) =>
    sql`(select * from ${table} ${where ? sql`where ${where}` : sql``} order by ${orderBy} limit ${limit})`;
  if (!parsed.after) return range(clauses.totalWhere);
  const branches = afterBranches(sortExprs(parsed, spec), parsed.after).map((after) =>
    range(allOf([clauses.totalWhere, after])),
  );
  if (branches.length === 0) return range(sql`false`);
  return sql`(select * from (${sql.join(branches, sql` union all `)}) as ${table} order by ${orderBy} limit ${limit})`;
}

export type ListClauses = {
  /** Scope, filter, query and cursor: the page's condition. */
  where: SQL | undefined;
  /** Scope, filter and query: what `total` counts. */
  totalWhere: SQL | undefined;
  orderBy: SQL[];
  /** The page size. */
  limit: number;
  /** One more row than the page, so `nextCursor` knows whether another page follows. */
  fetchLimit: number;
  offset: number;
  /** Select this as `LIST_CURSOR_KEY` for `nextCursor`. */
  cursorSelect: SQL<string>;
};

/** The SQL pieces of a parsed list; `extraWhere` (the caller's zone scope) is always AND-ed in. */
export function listClauses(parsed: ParsedList, spec: ListSpec, extraWhere?: SQL): ListClauses {
  const keys = sortExprs(parsed, spec);
  const totalWhere = allOf([
    extraWhere,
    ...parsed.filters.map((f) => filterSql(f, spec)),
    searchSql(parsed.terms, spec),
  ]);
  return {
    where: allOf([totalWhere, parsed.after && afterSql(keys, parsed.after)]),
    totalWhere,
    orderBy: keys.map((k) => (k.desc ? sql`(${k.expr}) desc nulls first` : sql`(${k.expr}) asc nulls last`)),
    limit: parsed.limit,
    fetchLimit: parsed.limit + 1,
    offset: parsed.offset,
    cursorSelect: sql<string>`json_build_array(${sql.join(
      keys.map((k) => sql`(${k.expr})::text`),
      sql`, `,
    )})::text`,
  };
}

/**
 * The cursor of the page after `rows`, when `rows` (fetched with `fetchLimit`, `cursorSelect`
 * selected as `LIST_CURSOR_KEY`) holds more than a page.
 */
export function nextCursor(
  rows: readonly Record<string, unknown>[],
  parsed: ParsedList,
  _spec?: ListSpec,
): string | undefined {
  if (rows.length <= parsed.limit) return undefined;
  const values = rows[parsed.limit - 1][LIST_CURSOR_KEY];
  if (typeof values !== 'string')
    throw new Error(`nextCursor needs ${LIST_CURSOR_KEY} selected in every row`);
  return encodeCursor(parsed.order, JSON.parse(values) as (string | null)[]);
}
