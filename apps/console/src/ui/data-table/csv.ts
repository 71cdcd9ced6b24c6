import dayjs from 'dayjs';
import { CSV_TIME_ZONES, csvDate, csvField, type CsvDate, type CsvValue } from '@vigil/domain';

// Fields and dates are written by the domain's CSV rules, the same as the server's streamed export.
export { csvDate, csvField, type CsvDate };

/** One CSV column: its header and how to read a row's value, or (`date`) a point in time. */
export type CsvColumn<T> =
  | { header: string; value: (row: T) => CsvValue; date?: never }
  | { header: string; date: (row: T) => CsvDate; value?: never };
/** A table's CSV download: the file's base name and its columns. */
export type CsvSpec<T> = { filename: string; columns: CsvColumn<T>[] };

/** A time zone a CSV's dates can be written in: what the menu says and the IANA zone. */
export type CsvTimeZone = { label: string; timeZone: string };

/** The browser's own zone (unless it is UTC), UTC, then SPEC §9's six US zones. */
export function csvTimeZones(): CsvTimeZone[] {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const isUtc = ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT'].includes(local);
  return [
    ...(isUtc ? [] : [{ label: `Local time (${local})`, timeZone: local }]),
    { label: 'UTC', timeZone: 'UTC' },
    ...CSV_TIME_ZONES.map((z) => ({ label: `${z.label} (${z.timeZone})`, timeZone: z.timeZone })),
  ];
}

/** Whether any column is a date, i.e. whether the download asks for a time zone. */
export const hasDateColumns = <T>(spec: CsvSpec<T>) => spec.columns.some((c) => c.date);

/**
 * The CSV text (RFC 4180, CRLF lines): a header row, then one line per row. Date columns are written
 * in `timeZone` (default UTC), and their header names the zone, e.g. 'Last seen (America/Chicago)'.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[], timeZone = 'UTC'): string {
  const header = columns.map((c) => csvField(c.date ? `${c.header} (${timeZone})` : c.header));
  const lines = [header];
  for (const row of rows) {
    lines.push(columns.map((c) => csvField(c.date ? csvDate(c.date(row), timeZone) : c.value(row))));
  }
  return lines.map((cells) => cells.join(',')).join('\r\n');
}

/** The downloaded file's name: the table's filename plus the local date, e.g. users-2026-06-01.csv. */
export function csvFilename(filename: string, date: Date): string {
  return `${filename.replace(/\.csv$/i, '')}-${dayjs(date).format('YYYY-MM-DD')}.csv`;
}
