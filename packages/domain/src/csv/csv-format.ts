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
/**
 * A date-and-time formatter for `timeZone` (year … second, 24-hour clock), made once per zone: what
 * the CSV dates and the analytics' local days read their parts from. Throws for an unknown zone.
 */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
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
const DAY_MS = 86_400_000;
/**
 * A zone's offsets from UTC: `days` for each UTC day seen, NaN for a day with a change in it (its
 * start and end differ), whose times are looked up in `quarters` instead.
 */
const offsets = new Map<string, { days: Map<number, number>; quarters: Map<number, number> }>();

function localParts(timeZone: string, ms: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  return parts;
}

function offsetAt(timeZone: string, ms: number): number {
  const p = localParts(timeZone, ms);
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - ms;
}

function offsetMs(timeZone: string, ms: number): number {
  let cache = offsets.get(timeZone);
  if (!cache) offsets.set(timeZone, (cache = { days: new Map(), quarters: new Map() }));
  const day = Math.floor(ms / DAY_MS);
  let offset = cache.days.get(day);
  if (offset === undefined) {
    const start = offsetAt(timeZone, day * DAY_MS);
    const end = offsetAt(timeZone, (day + 1) * DAY_MS - QUARTER_MS);
    if (cache.days.size > 100_000) cache.days.clear();
    cache.days.set(day, (offset = start === end ? start : NaN));
  }
  if (!Number.isNaN(offset)) return offset;
  const quarter = Math.floor(ms / QUARTER_MS);
  offset = cache.quarters.get(quarter);
  if (offset === undefined) {
    offset = offsetAt(timeZone, quarter * QUARTER_MS);
    if (cache.quarters.size > 100_000) cache.quarters.clear();
    cache.quarters.set(quarter, offset);
  }
  return offset;
}

/** '00'…'59'. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** 'YYYY-MM-DD' of each day number seen (`toISOString` costs more than the rest of `csvDate`). */
const dayTexts = new Map<number, string>();

/** 'YYYY-MM-DD HH:mm:ss' of a local time as epoch ms; undefined outside years 0000–9999. */
function localText(local: number): string | undefined {
  const day = Math.floor(local / DAY_MS);
  let date = dayTexts.get(day);
  if (date === undefined) {
    const iso = new Date(day * DAY_MS).toISOString();
    if (iso.length !== 24) return undefined;
    date = iso.slice(0, 10);
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(day, date);
  }
  const seconds = Math.floor((local - day * DAY_MS) / 1000);
  return `${date} ${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
}

/**
 * 'YYYY-MM-DD HH:mm:ss' in `timeZone`; empty for no date or an unreadable one. Fast enough for the
 * 100,000 rows of an export: the zone's offset is looked up once per day of time (per quarter hour
 * on a day when it changes), and each day's date text once.
 */
export function csvDate(value: CsvDate, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  const text = localText(timeZone === 'UTC' ? ms : ms + offsetMs(timeZone, ms));
  if (text !== undefined) return text;
  // Years outside 0000–9999 have no four-digit ISO form: Intl writes them.
  const p = localParts(timeZone, ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
