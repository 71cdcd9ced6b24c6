import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CSV_MAX_ROWS, csvDate, csvLine, type CsvDate, type CsvValue } from '@vigil/domain';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { listClauses, type ListSpec, type ParsedList } from './list';

/**
 * A list as a streamed CSV file (issue 6, SPEC §9), for any list resource: the list route's
 * filters, search, order and scope. First the ordered ids in one query (more than SPEC §9's 100,000
 * is refused), then the rows batch by batch, each written out before the next is read: memory holds
 * the ids and one batch, and between batches the database serves other requests (ingest), which a
 * cursor's transaction would block on embedded PGlite. Ids and rows cross from the database as one
 * JSON text per query: on PGlite every row handed over singly costs more than the database's own
 * work on it (bench/lists.bench.ts). Fields are written by the domain's `csvField` and `csvDate`.
 */

/**
 * Mutable so a test can lower the row limit instead of making 100,001 rows. Batches of 250: a post
 * waits at most one batch per running export (batches of 1,000: ingest p99 316 ms during three
 * exports, 250: 93 ms, the export no slower; docs/BENCHMARKS.md "Lists at scale").
 */
export const CSV_EXPORT_LIMITS = { maxRows: CSV_MAX_ROWS, batchSize: 250 };

/** A row as PostgreSQL writes it in JSON: column names as keys, times as ISO strings. */
export type JsonRow = Record<string, unknown>;

/** One column: its header and a row's value, or (`date`) a point in time written in the chosen zone. */
export type CsvExportColumn<Row> =
  | { header: string; value: (row: Row) => CsvValue; date?: never }
  | { header: string; date: (row: Row) => CsvDate; value?: never };

export type CsvExport<Row> = {
  /** The file name offered to the browser (`tags-2026-11-23.csv`). */
  filename: string;
  columns: CsvExportColumn<Row>[];
  /** The ids to write, in order (`orderedIds`). */
  ids: string[];
  /** The rows of a batch of ids, in the same order (`rowsByIds`, then whatever a column needs). */
  load: (ids: string[]) => Promise<Row[]>;
  /** IANA zone of the date columns (default UTC); their headers name it. */
  timeZone?: string;
  /** Start with a byte-order mark, for spreadsheets that guess the encoding. */
  bom?: boolean;
};

/**
 * The ids of every row of a list in the list's order (its limit, offset and cursor ignored). More
 * than `CSV_EXPORT_LIMITS.maxRows` is a 400 asking for filters (SPEC §5, §9).
 */
export async function orderedIds(
  db: Db,
  table: PgTable,
  spec: ListSpec,
  parsed: ParsedList,
  extraWhere?: SQL,
): Promise<string[]> {
  const clauses = listClauses({ ...parsed, after: undefined }, spec, extraWhere);
  const max = CSV_EXPORT_LIMITS.maxRows;
  const ordered = db
    .select({ id: sql`${spec.idColumn}`.as('id') })
    .from(table)
    .where(clauses.totalWhere)
    .orderBy(...clauses.orderBy)
    .limit(max + 1)
    .as('ordered');
  const [row] = await db.select({ ids: sql<string | null>`json_agg(${ordered.id})::text` }).from(ordered);
  const ids = JSON.parse(row?.ids ?? '[]') as unknown[];
  if (ids.length > max) {
    throw new HttpError(
      400,
      `More than ${max} rows match: add filters to export at most ${max} rows`,
      'export_too_large',
    );
  }
  return ids.map(String);
}

/**
 * The rows of `ids` still inside `where`, in the order of `ids`, as JSON: the whole row (column names
 * as keys), or only `fields` (the less JSON, the less work on both sides).
 */
export async function rowsByIds(
  db: Db,
  table: PgTable,
  idColumn: AnyColumn,
  ids: string[],
  where: SQL,
  fields?: Record<string, SQL | AnyColumn>,
): Promise<JsonRow[]> {
  const row = fields
    ? sql`json_build_object(${sql.join(
        Object.entries(fields).map(([key, value]) => sql`${key}::text, ${value}`),
        sql`, `,
      )})`
    : sql`${table}`;
  const result = (await db.execute(sql`
    select json_agg(${row} order by k.n)::text as rows
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as k(id, n)
    join ${table} on (${idColumn})::text = k.id
    where ${where}`)) as unknown as { rows: { rows: string | null }[] };
  return JSON.parse(result.rows[0]?.rows ?? '[]') as JsonRow[];
}

/** `tz` of an export: an IANA time zone, UTC when absent. */
export function exportTimeZone(raw: unknown): string {
  if (raw === undefined || raw === '') return 'UTC';
  if (typeof raw === 'string' && raw.length <= 64) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: raw });
      return raw;
    } catch {
      // refused below
    }
  }
  throw new HttpError(
    400,
    'tz must be an IANA time zone such as America/Chicago',
    'invalid_list_query',
    'tz',
  );
}

/** Sends the CSV as a stream: UTF-8, CRLF lines, `Content-Disposition: attachment`. */
export function sendCsvExport<Row>(reply: FastifyReply, exp: CsvExport<Row>): FastifyReply {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exp.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store');
  const stream = Readable.from(csvChunks(exp));
  stream.on('error', (err) => reply.log.error({ err }, 'CSV export failed part-way'));
  return reply.send(stream);
}

async function* csvChunks<Row>(exp: CsvExport<Row>): AsyncGenerator<string> {
  const zone = exp.timeZone ?? 'UTC';
  const header = exp.columns.map((c) => (c.date ? `${c.header} (${zone})` : c.header));
  yield `${exp.bom ? '\uFEFF' : ''}${csvLine(header)}`;
  const size = CSV_EXPORT_LIMITS.batchSize;
  for (let start = 0; start < exp.ids.length; start += size) {
    // PGlite answers in microtasks: without a turn of the event loop between batches, the whole
    // download would run before any other request is even read (ingest waited seconds).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const rows = await exp.load(exp.ids.slice(start, start + size));
    let text = '';
    for (const row of rows) {
      text += csvLine(exp.columns.map((c) => (c.date ? csvDate(c.date(row), zone) : c.value(row))));
    }
    if (text) yield text;
  }
}

/** `attachment` file name of an export: `<base>-YYYY-MM-DD.csv` (UTC date). */
export function exportFilename(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
