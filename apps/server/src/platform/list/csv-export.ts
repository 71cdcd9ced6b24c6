import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  CSV_MAX_ROWS,
  csvDate,
  csvField,
  csvLine,
  isTimeZone,
  type CsvDate,
  type CsvValue,
} from '@vigil/domain';
import { isEmbedded, type Db } from '../db/client';
import { HttpError } from '../errors';
import { listClauses, listRowsSql, type ListSpec, type ParsedList } from './list';

/**
 * A list as a streamed CSV file (SPEC §9), for any list resource: the list route's
 * filters, search, order and scope. First a bounded count (more than SPEC §9's 100,000 is refused
 * before anything is written), then the rows batch by batch in the list's own order, each batch
 * starting after the last row of the one before (the list's keyset cursor, so a batch walks the
 * order's index instead of joining a list of ids). One batch is read ahead while the one before is
 * written: on PostgreSQL the database and the server work at once. Memory holds two batches, and
 * between batches the database serves other requests (ingest), which one long cursor's transaction
 * would block on embedded PGlite. A batch crosses from the database as one JSON text of arrays: on
 * PGlite every row handed over singly costs more than the database's own work on it
 * (bench/lists.bench.ts). Fields are written by the domain's `csvField` and `csvDate`.
 *
 * Like the console's page-by-page download, a row whose sort key changes while the export runs may
 * be written twice or not at all; rows that do not change are written once each.
 */

/**
 * Mutable so a test can lower the row limit instead of making 100,001 rows. Batches of 250: a post
 * waits at most one batch per running export. Larger batches make the export faster but keep the
 * server's one thread busy writing while button events wait (docs/BENCHMARKS.md "Lists at scale"):
 * an alert is never late for a spreadsheet.
 */
export const CSV_EXPORT_LIMITS = { maxRows: CSV_MAX_ROWS, batchSize: 250 };

/** One column: its header and a row's value, or (`date`) a point in time written in the chosen zone. */
export type CsvExportColumn<Row> =
  | { header: string; value: (row: Row) => CsvValue; date?: never }
  | { header: string; date: (row: Row) => CsvDate; value?: never };

export type CsvExport<Row> = {
  /** The file name offered to the browser (`tags-2026-11-23.csv`). */
  filename: string;
  columns: CsvExportColumn<Row>[];
  /** The rows to write, in order, batch by batch (`listBatches`). */
  batches: AsyncIterable<Row[]>;
  /** IANA zone of the date columns (default UTC); their headers name it. */
  timeZone?: string;
  /** Start with a byte-order mark, for spreadsheets that guess the encoding. */
  bom?: boolean;
};

/** What a batch selects: output keys to SQL, each written to JSON as PostgreSQL's `to_json` does. */
export type ExportFields = Record<string, SQL | AnyColumn>;
/** A row as read for an export: the keys of its `ExportFields`, times as ISO strings. */
export type ExportRow<F extends ExportFields> = { [K in keyof F]: unknown };

/**
 * The rows of a list in the list's order (its limit, offset and cursor ignored), as batches of
 * `CSV_EXPORT_LIMITS.batchSize` holding `fields`. More than `CSV_EXPORT_LIMITS.maxRows` rows is a 400
 * asking for filters (SPEC §5, §9), answered before the first batch is read.
 */
export async function listBatches<F extends ExportFields>(
  db: Db,
  table: PgTable,
  spec: ListSpec,
  parsed: ParsedList,
  extraWhere: SQL | undefined,
  fields: F,
): Promise<AsyncIterable<ExportRow<F>[]>> {
  const max = CSV_EXPORT_LIMITS.maxRows;
  // The order, the cursor's values and what is counted are the same for every batch.
  const clauses = listClauses({ ...parsed, after: undefined }, spec, extraWhere);
  const orderBy = sql.join(clauses.orderBy, sql`, `);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(clauses.totalWhere)
      .limit(max + 1)
      .as('matching'),
  )) as [{ n: number }];
  if (n > max) {
    throw new HttpError(
      400,
      `More than ${max} rows match: add filters to export at most ${max} rows`,
      'export_too_large',
    );
  }
  const keys = Object.keys(fields) as (keyof F & string)[];
  const size = CSV_EXPORT_LIMITS.batchSize;
  const read = async (after: (string | null)[] | undefined) => {
    const batch = listRowsSql(table, spec, { ...parsed, after }, extraWhere, size);
    // The batch under the table's own name, so that the fields and the order can name its columns.
    const result = (await db.execute(sql`
      select json_agg(json_build_array(${sql.join(Object.values(fields), sql`, `)}, ${clauses.cursorSelect})
          order by ${orderBy})::text as rows
      from ${batch} as ${table}`)) as unknown as { rows: { rows: string | null }[] };
    const arrays = JSON.parse(result.rows[0]?.rows ?? '[]') as unknown[][];
    const rows = arrays.map((values) => {
      const row = {} as ExportRow<F>;
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
      return row;
    });
    const last = arrays.length === size ? arrays[size - 1]![keys.length] : undefined;
    return { rows, next: typeof last === 'string' ? (JSON.parse(last) as (string | null)[]) : undefined };
  };
  return readAhead(read, isEmbedded(db));
}

/**
 * The batches of `read` (each from the cursor the one before returned), read up to two batches ahead
 * of the consumer, so that the database works while the consumer writes. `yieldBetween` (PGlite): a
 * turn of the event loop before each read, since PGlite answers in microtasks and without those turns
 * a whole download would run before any other request is even read (ingest waited seconds). On
 * PostgreSQL the next read is sent as soon as the last one answers: waiting for a turn there left
 * the database idle behind the consumer's work.
 */
async function* readAhead<Row, Cursor>(
  read: (after: Cursor | undefined) => Promise<{ rows: Row[]; next: Cursor | undefined }>,
  yieldBetween: boolean,
): AsyncGenerator<Row[]> {
  const ready: Row[][] = [];
  let done = false;
  let failed: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let stopped = false;
  const producer = (async () => {
    let after: Cursor | undefined;
    try {
      do {
        if (yieldBetween) await new Promise<void>((resolve) => setImmediate(resolve));
        // Two batches waiting are enough: the consumer is the slower side when it writes to a socket.
        while (ready.length >= 2 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
        if (stopped) return;
        const { rows, next } = await read(after);
        if (rows.length) ready.push(rows);
        after = next;
        wake?.();
      } while (after !== undefined);
    } catch (error) {
      failed = { error };
    } finally {
      done = true;
      wake?.();
    }
  })();
  try {
    for (;;) {
      if (ready.length) {
        const rows = ready.shift()!;
        wake?.();
        yield rows;
        continue;
      }
      if (failed) throw failed.error;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stopped = true;
    wake?.();
    await producer;
  }
}

/** Each batch of `batches` through `map` (what a column needs beyond the row: names, paths). */
export async function* mapBatches<In, Out>(
  batches: AsyncIterable<In[]>,
  map: (rows: In[]) => Promise<Out[]>,
): AsyncGenerator<Out[]> {
  for await (const rows of batches) yield await map(rows);
}

/** `tz` of an export: an IANA time zone, UTC when absent. */
export function exportTimeZone(raw: unknown): string {
  if (raw === undefined || raw === '') return 'UTC';
  if (typeof raw === 'string' && raw.length <= 64 && isTimeZone(raw)) return raw;
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
  const columns = exp.columns;
  for await (const rows of exp.batches) {
    let text = '';
    for (const row of rows) {
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        if (i) text += ',';
        text += c.date ? csvField(csvDate(c.date(row), zone)) : csvField(c.value(row));
      }
      text += '\r\n';
    }
    if (text) yield text;
  }
}

/** `attachment` file name of an export: `<base>-YYYY-MM-DD.csv` (UTC date). */
export function exportFilename(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
