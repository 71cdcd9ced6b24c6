import { sql, type SQL } from 'drizzle-orm';

/**
 * Many values as one JSON parameter, for `column = any(…)`: an index lookup per value whatever
 * the planner's statistics say, and no bound parameter per value (building thousands of those
 * cost the server more than the query; bench/lists.bench.ts, bench/ingest.bench.ts).
 */
export function jsonArray(values: Iterable<string>, type: 'text' | 'uuid' = 'text'): SQL {
  return sql`array(select t.v::${sql.raw(type)} from json_array_elements_text(${JSON.stringify([...values])}::json) as t(v))`;
}

/**
 * Rows as one JSON parameter, read as a set of rows named `alias` with these `columns` (SQL column
 * definitions, e.g. 'id uuid, config jsonb'), whatever their number and content.
 */
export function jsonRecordset(rows: readonly object[], columns: string, alias = 'v'): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${sql.raw(columns)})`;
}
