import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ReportGatewayRow, ReportTagRow } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { zones } from '../db/schema';
import type { CsvExportColumn } from '../platform/list/csv-export';
import { locatedInScope } from '../platform/scope-sql';
import { locationNamesOf } from '../zones';
import type { ReportRequest } from './report-request';

/** What a report reads of each row, in the details page and in the CSV export alike. */
export type SourceRow = {
  id: string;
  zoneId: string | null;
  config: Record<string, unknown>;
  state: Record<string, unknown>;
};

/** A row of a report's details. */
export type ReportRow = ReportTagRow | ReportGatewayRow;

/**
 * One report of issue 18 over one table: which rows it holds, how the summary splits them, the
 * details' order, and how a page of rows becomes the contract's rows and CSV lines.
 */
export type ReportKind<Row extends ReportRow> = {
  table: PgTable;
  columns: {
    id: AnyPgColumn;
    zoneId: AnyPgColumn;
    orgId: AnyPgColumn;
    config: AnyPgColumn;
    state: AnyPgColumn;
  };
  /** The report's own condition (range, options); the scope and chosen zone are added by `reportWhere`. */
  where(req: ReportRequest): SQL;
  /** The summary's `by`: a text key per row, and every key it may take (zero counts are shown). */
  by?: { keys(req: ReportRequest): readonly string[]; sql(req: ReportRequest): SQL };
  /** The details' order: ascending sort keys by name, the id last (kept by `idColumn`). */
  order(req: ReportRequest): Record<string, SQL>;
  /**
   * A page of source rows as the contract's rows (location names, metrics …), in the same order;
   * `paths` keeps the location names read for earlier batches of an export.
   */
  rows(db: Db, req: ReportRequest, rows: SourceRow[], paths?: LocationPaths): Promise<Row[]>;
  csvColumns: CsvExportColumn<Row>[];
};

/** Location names (the zones' names from the organisation down, joined with ' › ') by zone id. */
export type LocationPaths = Map<string, string | null>;

/** The location names of `zoneIds` into `paths`, reading only the zones not already there. */
export async function locationPaths(
  db: Db,
  zoneIds: (string | null)[],
  paths: LocationPaths = new Map(),
): Promise<LocationPaths> {
  const missing = [...new Set(zoneIds.filter((id): id is string => !!id && !paths.has(id)))];
  if (missing.length) {
    const names = await locationNamesOf(db, missing);
    for (const id of missing) paths.set(id, names.get(id)?.path ?? null);
  }
  return paths;
}

/** Zones in the subtree of `zoneId` (rows placed on it or under it). */
function inSubtree(zoneColumn: AnyColumn, zoneId: string): SQL {
  return sql`${zoneColumn} in (select ${zones.id} from ${zones} where ${zones.path} && ${`{${zoneId}}`}::uuid[])`;
}

/**
 * Every row of a report: the caller's zones (scope-sql), under the chosen zone (every located and
 * unlocated row of the organisation when it is the organisation), and the report's own condition.
 */
export function reportWhere(kind: ReportKind<ReportRow>, req: ReportRequest): SQL {
  const c = kind.columns;
  const parts = [locatedInScope(req.scope, c.zoneId, c.orgId)];
  if (!req.zone.isOrg) parts.push(inSubtree(c.zoneId, req.zone.id));
  parts.push(kind.where(req));
  return sql.join(
    parts.map((p) => sql`(${p})`),
    sql` and `,
  );
}

/** An ISO time as the contract writes it, or null for anything that is not a time. */
export function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

export const objectOf = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const numberOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
