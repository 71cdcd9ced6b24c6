import dayjs from 'dayjs';
import { CSV_TIME_ZONES } from '@vigil/domain';

type CsvValue = string | number | null | undefined;
/** A date or time: an ISO string, a Date or epoch ms; written in the download's chosen time zone. */
export type CsvDate = string | number | Date | null | undefined;

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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone`; empty for no date or an unreadable one. */
export function csvDate(value: CsvDate, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

// Text starting with = + - @ (or a tab or carriage return) runs as a formula in spreadsheets:
// prefix it with a quote (OWASP CSV injection). Numbers are data, so -5 stays -5.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula starts neutralised, then quoted when it holds a quote, comma or newline. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
