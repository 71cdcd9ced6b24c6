import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type CollectionUrgency,
  reportDetailsSchema,
  reportSummarySchema,
  type ReportDetails,
  type ReportQuery,
  type ReportSummary,
  type ReportType,
} from '@vigil/domain';
import { authHeaders, buildUrl, api } from './client';
import { ApiError } from './errors';

// Issue 18: the reports of SPEC §2.1 (packages/domain/src/reports/contract.ts). GET /api/reports/{type}
// answers a summary (counts per child zone) or a page of its details; /export streams the details as
// CSV with the dates written in the chosen time zone (SPEC §9).

/**
 * What a screen asks of a report: its zone, range and options (reportQuerySchema without the view
 * and paging, which are set here), typed as sent rather than as the schema coerces them.
 */
export type ReportParams = {
  [K in 'zone' | 'start' | 'end' | 'timeline' | 'reason']?: ReportQuery[K];
} & {
  start: string;
  end: string;
  periodDays?: number;
  thresholdDays?: number;
  urgency?: CollectionUrgency;
};
/** A page of the details: `limit` rows from `offset`. */
export type ReportPage = { limit: number; offset: number };

const summarySchema: z.ZodType<ReportSummary> = reportSummarySchema;
const detailsSchema: z.ZodType<ReportDetails> = reportDetailsSchema;

export const reportKeys = {
  all: ['reports'] as const,
  report: (type: ReportType) => [...reportKeys.all, type] as const,
  summary: (type: ReportType, params: ReportParams) =>
    [...reportKeys.report(type), 'summary', params] as const,
  details: (type: ReportType, params: ReportParams, page: ReportPage) =>
    [...reportKeys.report(type), 'details', params, page] as const,
};

/** The API path of a report. */
export const reportPath = (type: ReportType) => `reports/${type}`;

export const reportQueries = {
  /** GET /api/reports/{type}?view=summary: the counts per child zone of the chosen zone. */
  summary: (type: ReportType, params: ReportParams) =>
    queryOptions({
      queryKey: reportKeys.summary(type, params),
      queryFn: ({ signal }) =>
        api.get(reportPath(type), { query: { ...params, view: 'summary' }, signal, schema: summarySchema }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/reports/{type}?view=details&limit=&offset=: one page of the rows. */
  details: (type: ReportType, params: ReportParams, page: ReportPage) =>
    queryOptions({
      queryKey: reportKeys.details(type, params, page),
      queryFn: ({ signal }) =>
        api.get(reportPath(type), {
          query: { ...params, view: 'details', ...page },
          signal,
          schema: detailsSchema,
        }),
      placeholderData: keepPreviousData,
    }),
};

export function useReportSummary(type: ReportType, params: ReportParams) {
  return useQuery(reportQueries.summary(type, params));
}

export function useReportDetails(type: ReportType, params: ReportParams, page: ReportPage) {
  return useQuery(reportQueries.details(type, params, page));
}

/** GET /api/reports/{type}/export: the URL of the details as CSV, dates in `timeZone` (SPEC §9). */
export function reportExportUrl(type: ReportType, params: ReportParams, timeZone: string): string {
  return buildUrl(`${reportPath(type)}/export`, { ...params, timeZone });
}

/**
 * Fetches the report's CSV with the session's credentials (a plain link would carry none) and
 * answers its text; a refusal (e.g. more than 100,000 rows) throws an ApiError with its reason.
 */
export async function fetchReportCsv(
  type: ReportType,
  params: ReportParams,
  timeZone: string,
  signal?: AbortSignal,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(reportExportUrl(type, params, timeZone), { headers: await authHeaders(), signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'Could not reach the server', 'network');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { reason?: string; code?: string; field?: string };
    throw new ApiError(
      res.status,
      body.reason ?? (res.statusText || `HTTP ${res.status}`),
      body.code,
      body.field,
    );
  }
  return res.text();
}
