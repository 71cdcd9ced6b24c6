import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertDetailSchema,
  alertErrorLogBodySchema,
  alertListSchema,
  alertSchema,
  alertUpdateBodySchema,
  alertsQuerySchema,
  errorSchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { getAlert } from './get-alert';
import { listAlertLog, logAlertClientError } from './alert-log';
import { listOpenAlerts } from './list-alerts';
import { updateAlert } from './update-alert';
import { alertLogSpec } from './alert-log';
import { listQueryString, queryParam } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** SPEC §7 sends `?test=&skipCache=&zones=`: an empty value means the parameter is not set. */
const withoutEmpty = (query: unknown) =>
  typeof query === 'object' && query !== null
    ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''))
    : query;

/** SPEC §7 'Alerts and video' and the alert log. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alerts',
    {
      config: { permission: ['read', 'Alert'] },
      schema: {
        querystring: z.preprocess(withoutEmpty, alertsQuerySchema),
        response: { 200: alertListSchema, ...errors },
      },
    },
    async (req) => listOpenAlerts(app.db, callerOf(req), req.query),
  );

  app.get(
    '/api/alerts/:id',
    {
      config: { permission: ['read', 'Alert'] },
      schema: { params: idParams, response: { 200: alertDetailSchema, ...errors } },
    },
    async (req) => getAlert(app.db, callerOf(req), req.params.id),
  );

  app.put(
    '/api/alerts/:id',
    {
      config: { permission: ['update', 'Alert'] },
      schema: { params: idParams, body: alertUpdateBodySchema, response: { 200: alertSchema, ...errors } },
    },
    async (req) => {
      const { alert, row } = await updateAlert(app.db, actorOf(req), req.params.id, req.body);
      if (row.acknowledgedAt || row.closedAt) app.escalation?.forget(row.id);
      return alert;
    },
  );

  app.post(
    '/api/log/alerts/error/:id',
    {
      config: { auth: 'authenticated' },
      schema: { params: idParams, body: alertErrorLogBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await logAlertClientError(app.db, actorOf(req), req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/log/alerts',
    {
      config: { permission: ['list', 'LogAlert'] },
      schema: {
        querystring: listQueryString(alertLogSpec, {
          zone: queryParam('Zone ids (repeated or comma-separated): alerts located in their subtrees'),
        }),
        response: { 200: alertListSchema, ...errors },
      },
    },
    async (req) => listAlertLog(app.db, callerOf(req).scope, req.query),
  );
};
