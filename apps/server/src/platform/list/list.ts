import { getTableColumns, inArray, sql, type AnyColumn, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { jsonArray } from '../db/json-params';
import { HttpError } from '../errors';
import type { TtlCache } from '../ttl-cache';

/**
 * One helper for every list route (ARCHITECTURE §4 'Lists', issue 3): `limit`, `offset` or a keyset
 * `cursor`, `orderBy`, free-text `query` and the `where` filter on a per-resource whitelist.
 * User input only ever reaches SQL as bound parameters; names map to the resource's own SQL.
 */

/** SPEC §9 page limit. */
export const LIST_MAX_LIMIT = 500;
export const LIST_DEFAULT_LIMIT = 100;
export const LIST_QUERY_MAX_LENGTH = 200;
export const LIST_IN_MAX_VALUES = 1000;
/** The `code` beside the `reason` of every refused list query. */
export const LIST_ERROR_CODE = 'invalid_list_query';
/** Key under which `listClauses().cursorSelect` must be selected for `nextCursor`. */
export const LIST_CURSOR_KEY = '__cursor';

/** 'uuid' is for expressions of SQL type uuid; a UUID kept in JSON text is a 'text' field. */
export type ListFieldType = 'text' | 'number' | 'boolean' | 'timestamp' | 'uuid' | 'json';
export type FilterOperator = '$eq' | '$in' | '$exists' | '$prefix' | '$gte' | '$lte';

export type ListSpec = {
  /** Filterable fields by their dotted API name, e.g. `'config.state': { sql: sql`${t.config}->>'state'`, type: 'text' }`. */
  fields: Record<string, { sql: SQL | AnyColumn; type: ListFieldType }>;
  /** `orderBy` names. */
  sortable: Record<string, SQL | AnyColumn>;
  /** e.g. 'name' or '-createdAt,name'. */
  defaultOrder: string;
  /** Last sort key of every order, so pages are stable; never null. */
  idColumn: AnyColumn;
  /** Text fields `query` is matched against. Without them `query` is refused. */
  search?: (SQL | AnyColumn)[];
  /**
   * One indexed text holding at least the `search` fields, each on a line of its own: a term must
   * match it too, so that one index narrows the rows before the fields are matched one by one.
   */
  searchNarrowing?: SQL | AnyColumn;
};

export type ListSortKey = { name: string; desc: boolean };
export type ListFilter = { field: string; op: FilterOperator; value: unknown };
export type ParsedList = {
  limit: number;
  offset: number;
  order: ListSortKey[];
  /** Sort values (as SQL text) of the row the page starts after, the id last. */
  after?: (string | null)[];
  /** `query` split into words; each must match one of the search fields. */
  terms: string[];
  filters: ListFilter[];
};
export type ListQueryResult =
  | { ok: true; value: ParsedList }
  | { ok: false; reason: string; code: typeof LIST_ERROR_CODE; field?: string };
export type ListPage<T> = { data: T[]; total: number; nextCursor?: string };

const RESERVED_PARAMS = new Set(['limit', 'offset', 'cursor', 'orderBy', 'query', 'where']);

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const intFromString = (v: unknown) =>
  typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : blankToUndefined(v);

function intParam(name: string, min: number, max?: number) {
  const whole = { error: `${name} must be a whole number` };
  let n = z
    .number(whole)
    .int(whole)
    .min(min, { error: `${name} must be at least ${min}` });
  if (max !== undefined) n = n.max(max, { error: `${name} must be at most ${max}` });
  return n;
}

function textParam(name: string, max?: number) {
  let s = z.string({ error: `${name} must be a single value` });
  if (max !== undefined) s = s.max(max, { error: `${name} must be at most ${max} characters` });
  return z.preprocess(blankToUndefined, s.optional());
}

/**
 * The raw list querystring. Empty values count as absent (SPEC §7 sends `query=&orderBy=`); other
 * keys pass through for the route and for dotted-field shorthand. Parsing its own output again
 * gives the same output, so a route may also use it as its Fastify querystring schema.
 */
export const listQuerySchema = z
  .looseObject(
    {
      limit: z.preprocess(intFromString, intParam('limit', 1, LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT)),
      offset: z.preprocess(intFromString, intParam('offset', 0, Number.MAX_SAFE_INTEGER).optional()),
      cursor: textParam('cursor', 4096),
      orderBy: textParam('orderBy', 500),
      query: textParam('query', LIST_QUERY_MAX_LENGTH),
      where: textParam('where'),
    },
    { error: 'The list query must be an object' },
  )
  .superRefine((q, ctx) => {
    if (q.offset !== undefined && q.cursor !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Use either offset or cursor, not both', path: ['cursor'] });
    }
  });
export type ListQuery = z.output<typeof listQuerySchema>;

class Refusal {
  constructor(
    readonly reason: string,
    readonly field?: string,
  ) {}
}

/** Validates a list querystring against the resource's whitelist. */
export function parseListQuery(raw: Record<string, unknown>, spec: ListSpec): ListQueryResult {
  const query = listQuerySchema.safeParse(raw);
  if (!query.success) {
    const issue = query.error.issues[0];
    const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    return refused(new Refusal(issue.message, field));
  }
  try {
    const q = query.data;
    const order = parseOrder(q.orderBy ?? spec.defaultOrder, spec);
    return {
      ok: true,
      value: {
        limit: q.limit,
        offset: q.offset ?? 0,
        order,
        after: q.cursor === undefined ? undefined : decodeCursor(q.cursor, order),
        terms: parseTerms(q.query, spec),
        filters: [...parseWhere(q.where, spec), ...parseShorthand(raw, spec)],
      },
    };
  } catch (err) {
    if (err instanceof Refusal) return refused(err);
    throw err;
  }
}

/** `parseListQuery` for handlers that let the error handler answer `400 {reason, code, field}`. */
export function parseListQueryOrThrow(raw: Record<string, unknown>, spec: ListSpec): ParsedList {
  const parsed = parseListQuery(raw, spec);
  if (!parsed.ok) throw new HttpError(400, parsed.reason, parsed.code, parsed.field);
  return parsed.value;
}

function refused(r: Refusal): ListQueryResult {
  return r.field === undefined
    ? { ok: false, reason: r.reason, code: LIST_ERROR_CODE }
    : { ok: false, reason: r.reason, code: LIST_ERROR_CODE, field: r.field };
}

function parseOrder(text: string, spec: ListSpec): ListSortKey[] {
  const keys: ListSortKey[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    const desc = item.startsWith('-');
    const name = desc ? item.slice(1) : item;
    if (name === '') throw new Refusal('orderBy has an empty field', 'orderBy');
    if (!Object.hasOwn(spec.sortable, name)) throw new Refusal(`Unknown orderBy field "${name}"`, 'orderBy');
    if (keys.some((k) => k.name === name)) throw new Refusal(`orderBy names "${name}" twice`, 'orderBy');
    keys.push({ name, desc });
  }
  return keys;
}

function parseTerms(query: string | undefined, spec: ListSpec): string[] {
  const terms = query?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (terms.length > 0 && !spec.search?.length) throw new Refusal('This list has no text search', 'query');
  return terms;
}

const cursorPayloadSchema = z.object({ o: z.string(), k: z.array(z.string().nullable()) });

function encodeCursor(order: ListSortKey[], values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ o: orderText(order), k: values })).toString('base64url');
}

function decodeCursor(cursor: string, order: ListSortKey[]): (string | null)[] {
  const invalid = new Refusal('cursor is invalid', 'cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const parsed = cursorPayloadSchema.safeParse(payload);
  if (!parsed.success) throw invalid;
  if (parsed.data.o !== orderText(order)) throw new Refusal('cursor was made for another orderBy', 'cursor');
  const values = parsed.data.k;
  if (values.length !== order.length + 1 || values[values.length - 1] === null) throw invalid;
  return values;
}

const orderText = (order: ListSortKey[]) => order.map((k) => (k.desc ? `-${k.name}` : k.name)).join(',');

// --- where ---------------------------------------------------------------------------------------

const OPERATORS_BY_TYPE: Record<ListFieldType, readonly FilterOperator[]> = {
  text: ['$eq', '$in', '$exists', '$prefix', '$gte', '$lte'],
  number: ['$eq', '$in', '$exists', '$gte', '$lte'],
  timestamp: ['$eq', '$in', '$exists', '$gte', '$lte'],
  boolean: ['$eq', '$in', '$exists'],
  uuid: ['$eq', '$in', '$exists'],
  json: ['$exists'],
};
const ALL_OPERATORS = new Set<string>(OPERATORS_BY_TYPE.text);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseWhere(where: string | undefined, spec: ListSpec): ListFilter[] {
  if (where === undefined) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(where);
  } catch {
    throw new Refusal('where must be valid JSON', 'where');
  }
  if (!isPlainObject(doc)) throw new Refusal('where must be a JSON object', 'where');

  const filters: ListFilter[] = [];
  for (const [field, condition] of Object.entries(doc)) {
    if (field.startsWith('$')) throw new Refusal(`Unknown filter operator "${field}"`, 'where');
    const type = fieldType(field, spec);
    if (!isPlainObject(condition)) {
      filters.push(filterOf(field, type, '$eq', condition, false));
      continue;
    }
    const entries = Object.entries(condition);
    if (entries.length === 0) throw new Refusal(`Filter "${field}" has no operator`, field);
    for (const [op, value] of entries) {
      if (!ALL_OPERATORS.has(op)) throw new Refusal(`Unknown filter operator "${op}" on "${field}"`, field);
      filters.push(filterOf(field, type, op as FilterOperator, value, false));
    }
  }
  return filters;
}

/** `?config.state=deployed` is `{"config.state": "deployed"}`; a repeated key is `$in` (SPEC §7 calls). */
function parseShorthand(raw: Record<string, unknown>, spec: ListSpec): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (RESERVED_PARAMS.has(field) || value === '' || value === undefined) continue;
    // Plain names the resource whitelists (`level`, `parent`, `slug`) filter too; others belong to the route.
    if (!field.includes('.') && !Object.hasOwn(spec.fields, field)) continue;
    const type = fieldType(field, spec);
    filters.push(
      Array.isArray(value)
        ? filterOf(field, type, '$in', value, true)
        : filterOf(field, type, '$eq', value, true),
    );
  }
  return filters;
}

function fieldType(field: string, spec: ListSpec): ListFieldType {
  if (!Object.hasOwn(spec.fields, field)) throw new Refusal(`Unknown filter field "${field}"`, field);
  return spec.fields[field].type;
}

function filterOf(
  field: string,
  type: ListFieldType,
  op: FilterOperator,
  value: unknown,
  fromQueryString: boolean,
): ListFilter {
  if (!OPERATORS_BY_TYPE[type].includes(op))
    throw new Refusal(`Filter "${field}" does not support ${op}`, field);
  if (op === '$exists') {
    if (typeof value !== 'boolean')
      throw new Refusal(`Filter "${field}" needs true or false for $exists`, field);
    return { field, op, value };
  }
  if (op === '$in') {
    if (!Array.isArray(value)) throw new Refusal(`Filter "${field}" needs a list for $in`, field);
    if (value.length > LIST_IN_MAX_VALUES) {
      throw new Refusal(`Filter "${field}" allows at most ${LIST_IN_MAX_VALUES} values for $in`, field);
    }
    return { field, op, value: value.map((v) => scalarOf(field, type, op, v, fromQueryString)) };
  }
  return { field, op, value: scalarOf(field, type, op, value, fromQueryString) };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const boolFromString = (v: string) => (v === 'true' ? true : v === 'false' ? false : v);

function scalarOf(
  field: string,
  type: ListFieldType,
  op: FilterOperator,
  value: unknown,
  fromQueryString: boolean,
): string | number | boolean {
  const wrong = (expected: string) => new Refusal(`Filter "${field}" needs ${expected} for ${op}`, field);
  switch (type) {
    case 'number': {
      const n =
        fromQueryString && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw wrong('a number');
      return n;
    }
    case 'boolean': {
      const b = fromQueryString && typeof value === 'string' ? boolFromString(value) : value;
      if (typeof b !== 'boolean') throw wrong('true or false');
      return b;
    }
    case 'timestamp':
      if (!isoDateOrDateTime.safeParse(value).success) throw wrong('an ISO date or date-time with offset');
      return value as string;
    case 'uuid':
      if (typeof value !== 'string' || !UUID_RE.test(value)) throw wrong('a UUID');
      return value;
    default:
      if (typeof value !== 'string') throw wrong('text');
      return value;
  }
}

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
 * and filter (a 100,000-row export by cursor batches took 18 s instead of 3; bench/lists.bench.ts).
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

export type ListDb = Pick<PgDatabase<PgQueryResultHKT>, 'select'>;

/** For lists of 100,000 rows (issue 6, bench/lists.bench.ts); every list works without them. */
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

/** A table's columns as a list answers them: all but those PostgreSQL generates for its own use. */
function listedColumns(table: PgTable): Record<string, AnyColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated));
}

const TOTAL_KEY = '__total';
const totalSelect = (withTotal: boolean): Record<string, SQL> =>
  withTotal ? { [TOTAL_KEY]: sql<number>`count(*) over ()` } : {};

function pageOf(
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

async function pageByIds(
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
 * filter every row of the table when its statistics misjudge the search (a trigram match): 258 ms
 * at p50 for a page that the trigram indexes answer in 13 (bench/lists.bench.ts on PostgreSQL).
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

async function countOf(
  db: ListDb,
  table: PgTable,
  clauses: ListClauses,
  totalCache: RunListOptions['totalCache'],
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
function isDataException(err: unknown): boolean {
  let e = err;
  for (let depth = 0; depth < 3 && isPlainError(e); depth++, e = e.cause) {
    if (typeof e.code === 'string' && e.code.startsWith('22')) return true;
  }
  return false;
}

const isPlainError = (e: unknown): e is { code?: unknown; cause?: unknown } =>
  typeof e === 'object' && e !== null;
