import dayjs from 'dayjs';

/** One CSV column: its header and how to read a row's value. */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };
/** A table's CSV download: the file's base name and its columns. */
export type CsvSpec<T> = { filename: string; columns: CsvColumn<T>[] };

// Text starting with = + - @ (or a tab or carriage return) runs as a formula in spreadsheets:
// prefix it with a quote (OWASP CSV injection). Numbers are data, so -5 stays -5.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula starts neutralised, then quoted when it holds a quote, comma or newline. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (RFC 4180, CRLF lines): a header row, then one line per row. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvField(c.header))];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))));
  return lines.map((cells) => cells.join(',')).join('\r\n');
}

/** The downloaded file's name: the table's filename plus the local date, e.g. users-2026-06-01.csv. */
export function csvFilename(filename: string, date: Date): string {
  return `${filename.replace(/\.csv$/i, '')}-${dayjs(date).format('YYYY-MM-DD')}.csv`;
}
