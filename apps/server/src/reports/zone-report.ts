import { uuidSchema, type ReportDetails, type ReportZoneQuery } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Caller } from '../platform/caller';
import { badRequest, notFound } from '../platform/errors';
import { reportDetails } from './report-details';
import { assertMayRead, reportRequest } from './report-request';

/**
 * SPEC §7 `GET zones/{id}` with `report.type`, `report.start`, `report.end` (and the other options
 * as `report.<name>`): the report's details for zone {id}, 500 a page (`limit`, `offset`), as the
 * console's page-by-page CSV fetches them. The same report as GET /api/reports/{type}?view=details.
 */
export async function zoneReport(
  db: Db,
  caller: Caller,
  zoneId: string,
  query: ReportZoneQuery,
): Promise<ReportDetails> {
  const type = query['report.type'];
  if (!type) throw badRequest('report.type is required', 'report.type');
  assertMayRead(caller, type);
  if (!uuidSchema.safeParse(zoneId).success) throw notFound('Zone not found');
  const start = query['report.start'];
  const end = query['report.end'];
  if (!start) throw badRequest('report.start is required with report.type', 'report.start');
  if (!end) throw badRequest('report.end is required with report.type', 'report.end');
  const request = await reportRequest(
    db,
    caller,
    type,
    {
      zone: zoneId,
      start,
      end,
      periodDays: query['report.periodDays'],
      thresholdDays: query['report.thresholdDays'],
      urgency: query['report.urgency'],
      timeline: query['report.timeline'],
      reason: query['report.reason'],
    },
    { fieldPrefix: 'report.' },
  );
  return reportDetails(db, request, { limit: query.limit, offset: query.offset });
}
