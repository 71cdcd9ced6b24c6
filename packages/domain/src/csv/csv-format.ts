// SPEC §9 CSV downloads, the formatting shared by the console's page-by-page download and the
// server's streamed export: RFC 4180 fields and CRLF lines, dates in a chosen time zone.

/** A CSV value; a date column passes a Date (or an ISO string) to `csvDate` first. */
export type CsvValue = string | number | boolean | null | undefined;
/** A point in time: an ISO string, a Date or epoch ms. */
export type CsvDate = string | number | Date | null | undefined;

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

/** One CSV line, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
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

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offsets change on a quarter hour of UTC at most (Newfoundland's at :30, Chatham's at :45). */
const QUARTER_MS = 900_000;
/** A zone's offset from UTC for each quarter hour seen. */
const offsets = new Map<string, Map<number, number>>();

function localParts(timeZone: string, ms: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  return parts;
}

function offsetMs(timeZone: string, ms: number): number {
  let byQuarter = offsets.get(timeZone);
  if (!byQuarter) offsets.set(timeZone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const p = localParts(timeZone, start);
    offset = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - start;
    if (byQuarter.size > 100_000) byQuarter.clear();
    byQuarter.set(quarter, offset);
  }
  return offset;
}

/**
 * 'YYYY-MM-DD HH:mm:ss' in `timeZone`; empty for no date or an unreadable one. Fast enough for the
 * 100,000 rows of an export: the zone's offset is looked up once per quarter hour of time.
 */
export function csvDate(value: CsvDate, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  const local = timeZone === 'UTC' ? ms : ms + offsetMs(timeZone, ms);
  const iso = new Date(local).toISOString();
  if (iso.length === 24) return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  // Years outside 0000–9999 have no four-digit ISO form: Intl writes them.
  const p = localParts(timeZone, ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
