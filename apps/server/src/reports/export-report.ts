import type { FastifyReply } from 'fastify';
import { REPORT_TITLES } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import {
  CSV_EXPORT_LIMITS,
  exportFilename,
  listBatches,
  mapBatches,
  sendCsvExport,
} from '../platform/list/csv-export';
import { kindOf } from './kinds';
import { reportList } from './report-details';
import { reportWhere, type LocationPaths, type SourceRow } from './report-kind';
import type { ReportRequest } from './report-request';

/**
 * GET /api/reports/{type}/export: a report's details as a streamed CSV (SPEC §9: more than 100,000
 * rows is a 400 asking for filters, before anything is written), in the details' order, the dates
 * in `timeZone` (default UTC; the headers name it). Like the tag list's export (tags/export-tags.ts).
 */
export async function exportReport(
  db: Db,
  req: ReportRequest,
  timeZone: string | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const kind = kindOf(req.type);
  const { spec, parsed } = reportList(kind, req, { limit: CSV_EXPORT_LIMITS.batchSize, offset: 0 });
  const c = kind.columns;
  const batches = await listBatches(db, kind.table, spec, parsed, reportWhere(kind, req), {
    id: c.id,
    zoneId: c.zoneId,
    config: c.config,
    state: c.state,
  });
  // Zones are few next to rows: each location is read once per export.
  const paths: LocationPaths = new Map();
  return sendCsvExport(reply, {
    filename: exportFilename(REPORT_TITLES[req.type].toLowerCase().replace(/[^a-z0-9]+/g, '-'), req.now),
    columns: kind.csvColumns,
    timeZone: timeZone ?? 'UTC',
    batches: mapBatches(batches, (rows) => kind.rows(db, req, rows as SourceRow[], paths)),
  });
}
