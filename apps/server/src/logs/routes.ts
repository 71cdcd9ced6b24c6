import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListSchema, batchLogListSchema, errorSchema, syncLogListSchema } from '@vigil/domain';
import { callerOf } from '../platform/access';
import { listAudit } from './audit-log';
import { listBatchLog } from './batch-log';
import { listSyncLog } from './sync-log';
import { listQueryString, queryParam } from '../platform/list/query-string';
import { auditListSpec } from './audit-log';
import { batchListSpec } from './batch-log';
import { syncListSpec } from './sync-log';

/** SPEC §2.1 /log/audit, /log/batch, /log/sync and §7 GET log/audit: the organisation's logs. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/log/audit',
    {
      config: { permission: ['list', 'LogAudit'] },
      schema: {
        querystring: listQueryString(auditListSpec, {
          id: queryParam('An entity id or a request id'),
          includeDetails: queryParam("'true' adds each entry's before/after changes"),
        }),
        response: { 200: auditListSchema, 400: errorSchema },
      },
    },
    async (req) => listAudit(app.db, callerOf(req), req.query),
  );

  app.get(
    '/api/log/batch',
    {
      config: { permission: ['list', 'LogBatch'] },
      schema: {
        querystring: listQueryString(batchListSpec),
        response: { 200: batchLogListSchema, 400: errorSchema },
      },
    },
    async (req) => listBatchLog(app.db, callerOf(req).scope, req.query),
  );

  app.get(
    '/api/log/sync',
    {
      config: { permission: ['list', 'LogSync'] },
      schema: {
        querystring: listQueryString(syncListSpec),
        response: { 200: syncLogListSchema, 400: errorSchema },
      },
    },
    async (req) => listSyncLog(app.db, callerOf(req).scope, req.query),
  );
};
