/** One record of a CSV file: its fields and the line it starts on (the first line is 1). */
export type CsvRecord = { line: number; fields: string[] };

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; reason: string };

/** The delimiters a file may use: a comma, else what its first line holds (spreadsheets export ';' or tabs). */
const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter of a file: the first of ',', ';', tab found on its first line (',' when none is). */
export function csvDelimiterOf(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  return DELIMITERS.find((d) => firstLine.includes(d)) ?? ',';
}

/**
 * Reads CSV text (RFC 4180): quoted fields may hold delimiters, line breaks and doubled quotes;
 * lines end in LF, CRLF or CR; a leading byte-order mark is dropped. A quote left open to the end
 * of the file is refused with the line it opened on.
 */
export function parseCsv(input: string, delimiter = csvDelimiterOf(input)): CsvParseResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      i += 1;
    } else if (ch === delimiter) {
      endField();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, reason: 'A quoted value is never closed' };
  // The last line needs no line break; a file ending in one has no empty record after it.
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}
