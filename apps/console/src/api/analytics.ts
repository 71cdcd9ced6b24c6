import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  incidentsAnswerSchema,
  responseTimesAnswerSchema,
  type AnalyticsQuery,
  type IncidentsAnswer,
  type ResponseTimesAnswer,
} from '@vigil/domain';
import { api } from './client';

// Issue 18, SPEC §2.1 /analytics/*: GET analytics/incidents and analytics/response-times (read
// Report analytics). The server caches each answer until the organisation's next local midnight
// (SPEC §7), so the console asks again only when the query changes or the screen is revisited later.

/** The query as the console sends it: the days as ISO date-times, `includeTest` a boolean. */
export type AnalyticsParams = Omit<AnalyticsQuery, 'includeTest'> & { includeTest?: boolean };

const incidentsAnswer: z.ZodType<IncidentsAnswer> = incidentsAnswerSchema;
const responseTimesAnswer: z.ZodType<ResponseTimesAnswer> = responseTimesAnswerSchema;

/** Answers of a day's data change rarely within minutes; the server's cache holds them until midnight. */
const ANALYTICS_STALE_MS = 5 * 60_000;

export const analyticsKeys = {
  all: ['analytics'] as const,
  incidents: (params: AnalyticsParams) => [...analyticsKeys.all, 'incidents', params] as const,
  responseTimes: (params: AnalyticsParams) => [...analyticsKeys.all, 'response-times', params] as const,
};

function query(params: AnalyticsParams) {
  const { includeTest, ...rest } = params;
  return { ...rest, ...(includeTest ? { includeTest: 'true' } : {}) };
}

export const analyticsQueries = {
  /** GET /api/analytics/incidents: incidents over time, by mode, location and SPEC §5 details. */
  incidents: (params: AnalyticsParams) =>
    queryOptions({
      queryKey: analyticsKeys.incidents(params),
      queryFn: ({ signal }) =>
        api.get('analytics/incidents', { query: query(params), signal, schema: incidentsAnswer }),
      staleTime: ANALYTICS_STALE_MS,
    }),
  /** GET /api/analytics/response-times: time to acknowledge and to close, percentiles and the slowest. */
  responseTimes: (params: AnalyticsParams) =>
    queryOptions({
      queryKey: analyticsKeys.responseTimes(params),
      queryFn: ({ signal }) =>
        api.get('analytics/response-times', { query: query(params), signal, schema: responseTimesAnswer }),
      staleTime: ANALYTICS_STALE_MS,
    }),
};

export function useIncidents(params: AnalyticsParams) {
  return useQuery(analyticsQueries.incidents(params));
}

export function useResponseTimes(params: AnalyticsParams) {
  return useQuery(analyticsQueries.responseTimes(params));
}
