import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsQuerySchema,
  errorSchema,
  incidentsAnswerSchema,
  responseTimesAnswerSchema,
} from '@vigil/domain';
import { callerOf } from '../platform/access';
import { resolveAnalyticsRequest } from './analytics-query';
import { analyticsCache } from './answer-cache';
import { computeIncidents } from './incidents';
import { computeResponseTimes } from './response-times';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §2.1 /analytics/*: incidents and response times (read Report analytics), cached until local midnight. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/incidents',
    {
      config: { permission: ['read', 'Report', 'analytics'] },
      schema: { querystring: analyticsQuerySchema, response: { 200: incidentsAnswerSchema, ...errors } },
    },
    async (req) => {
      const request = await resolveAnalyticsRequest(app.db, callerOf(req), req.query);
      return analyticsCache.get(`incidents|${request.key}`, request.timeZone, () =>
        computeIncidents(app.db, request),
      );
    },
  );

  app.get(
    '/api/analytics/response-times',
    {
      config: { permission: ['read', 'Report', 'analytics'] },
      schema: { querystring: analyticsQuerySchema, response: { 200: responseTimesAnswerSchema, ...errors } },
    },
    async (req) => {
      const request = await resolveAnalyticsRequest(app.db, callerOf(req), req.query);
      return analyticsCache.get(`response-times|${request.key}`, request.timeZone, () =>
        computeResponseTimes(app.db, request),
      );
    },
  );
};
