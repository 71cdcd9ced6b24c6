import { z } from 'zod';
import { PEOPLE_IMPORT_MAX_ROWS, PERSON_ID_MAX, PERSON_NAME_MAX, type ImportRowError } from './contract';
import { parseCsv } from './csv';

/** SPEC §8 CSV import: the file has no name or no personID column. */
export const PEOPLE_IMPORT_MISSING_COLUMNS =
  'Sorry, there was a problem. Please ensure CSV contains name and personID columns';

/** A refused file names at most this many of its rows (the reason counts them all). */
export const PEOPLE_IMPORT_MAX_REPORTED_ROWS = 500;

/** The whole-file refusals besides SPEC §8's missing columns. */
export const PEOPLE_IMPORT_MESSAGES = {
  noPeople: 'The file has no people: it needs a row under the name and personID header',
  tooMany: `The file has more than ${PEOPLE_IMPORT_MAX_ROWS.toLocaleString('en-US')} people; please split it`,
  refusedRows: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} could not be imported, so nothing was imported. Please correct ${count === 1 ? 'it' : 'them'} and import the file again.`,
} as const;

/** One person read from the file. */
export type PersonImportRow = { line: number; name: string; personId: string; email?: string };

export type PeopleImportParse =
  { ok: true; rows: PersonImportRow[] } | { ok: false; reason: string; rows?: ImportRowError[] };

/**
 * The header names each column answers to. Tolerance (docs/API.md): names are trimmed and compared
 * without regard to letter case, so 'Name', 'PERSONID' and ' personID ' all count.
 */
const COLUMNS = {
  name: ['name'],
  personId: ['personid'],
  email: ['email', 'e-mail', 'contacts.email'],
} as const;

const emailSchema = z.email();

function columnIndex(header: string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(h.trim().toLowerCase()));
}

/**
 * SPEC §5 People import: a CSV with name and personID columns (and optionally an e-mail column).
 * Every row is checked before anything is written; any refused row refuses the whole file, each
 * named with its line (SPEC §8). Blank lines are skipped.
 */
export function parsePeopleCsv(text: string): PeopleImportParse {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    return {
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.refusedRows(1),
      rows: [{ line: parsed.line, reason: parsed.reason }],
    };
  }
  const [header, ...records] = parsed.records;
  const nameAt = header ? columnIndex(header.fields, COLUMNS.name) : -1;
  const idAt = header ? columnIndex(header.fields, COLUMNS.personId) : -1;
  if (nameAt < 0 || idAt < 0) return { ok: false, reason: PEOPLE_IMPORT_MISSING_COLUMNS };
  const emailAt = columnIndex(header!.fields, COLUMNS.email);

  const data = records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (data.length === 0) return { ok: false, reason: PEOPLE_IMPORT_MESSAGES.noPeople };
  if (data.length > PEOPLE_IMPORT_MAX_ROWS) return { ok: false, reason: PEOPLE_IMPORT_MESSAGES.tooMany };

  const rows: PersonImportRow[] = [];
  const refused: ImportRowError[] = [];
  const firstLineOf = new Map<string, number>();
  for (const record of data) {
    const name = (record.fields[nameAt] ?? '').trim();
    const personId = (record.fields[idAt] ?? '').trim();
    const email = emailAt < 0 ? '' : (record.fields[emailAt] ?? '').trim();
    const reason = rowProblem(name, personId, email, firstLineOf.get(personId));
    if (personId && !firstLineOf.has(personId)) firstLineOf.set(personId, record.line);
    if (reason) refused.push({ line: record.line, reason });
    else rows.push({ line: record.line, name, personId, ...(email ? { email } : {}) });
  }
  if (refused.length > 0) {
    return {
      ok: false,
      reason: PEOPLE_IMPORT_MESSAGES.refusedRows(refused.length),
      rows: refused.slice(0, PEOPLE_IMPORT_MAX_REPORTED_ROWS),
    };
  }
  return { ok: true, rows };
}

function rowProblem(name: string, personId: string, email: string, seenOn: number | undefined) {
  if (!name && !personId) return 'Missing name and personID';
  if (!name) return 'Missing name';
  if (!personId) return 'Missing personID';
  if (name.length > PERSON_NAME_MAX) return `The name is longer than ${PERSON_NAME_MAX} characters`;
  if (personId.length > PERSON_ID_MAX) return `The personID is longer than ${PERSON_ID_MAX} characters`;
  if (seenOn !== undefined) return `The personID "${personId}" is also on line ${seenOn}`;
  if (email && !emailSchema.safeParse(email).success) return `Invalid e-mail address "${email}"`;
  return undefined;
}
