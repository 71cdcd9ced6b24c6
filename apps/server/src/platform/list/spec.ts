import type { AnyColumn, SQL } from 'drizzle-orm';

/**
 * One helper for every list route (ARCHITECTURE §4 'Lists'): `limit`, `offset` or a keyset
 * `cursor`, `orderBy`, free-text `query` and the `where` filter on a per-resource whitelist.
 * User input only ever reaches SQL as bound parameters; names map to the resource's own SQL.
 */

/** The page size when `limit` is absent; the most a page may ask for is the domain's PAGE_LIMIT (SPEC §9). */
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

/** Why a list query is refused, and the parameter or field to blame. */
export class Refusal {
  constructor(
    readonly reason: string,
    readonly field?: string,
  ) {}
}
