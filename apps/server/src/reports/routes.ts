import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  reportDetailsSchema,
  reportExportQuerySchema,
  reportQuerySchema,
  reportSummarySchema,
  reportTypeSchema,
} from '@vigil/domain';
import { callerOf } from '../platform/access';
import { exportReport } from './export-report';
import { reportDetails } from './report-details';
import { reportRequest } from './report-request';
import { reportSummary } from './report-summary';

const typeParams = z.object({ type: reportTypeSchema });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Issue 18: the tag and gateway reports of SPEC §2.1 (docs/API.md 'Reports'). Each type needs its own
 * `read Report <field>` (SPEC §6), so the routes declare a signed-in caller and `reportRequest`
 * checks the field of the type asked for.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/:type',
    {
      config: { auth: 'authenticated' },
      schema: {
        params: typeParams,
        querystring: reportQuerySchema,
        response: { 200: z.union([reportSummarySchema, reportDetailsSchema]), ...errors },
      },
    },
    async (req) => {
      const { view, limit, offset, ...options } = req.query;
      const request = await reportRequest(app.db, callerOf(req), req.params.type, options);
      return view === 'details'
        ? reportDetails(app.db, request, { limit, offset })
        : reportSummary(app.db, request);
    },
  );

  // Streamed, not paged: a script or the console's Download CSV takes the whole report at once.
  app.get(
    '/api/reports/:type/export',
    {
      config: { auth: 'authenticated' },
      schema: { params: typeParams, querystring: reportExportQuerySchema, response: errors },
    },
    async (req, reply) => {
      const { timeZone, ...options } = req.query;
      const request = await reportRequest(app.db, callerOf(req), req.params.type, options);
      return exportReport(app.db, request, timeZone, reply);
    },
  );
};
