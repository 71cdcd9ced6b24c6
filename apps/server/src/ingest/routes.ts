import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buttonEventsBodySchema,
  buttonEventsResultSchema,
  errorSchema,
  heartbeatBodySchema,
  heartbeatResultSchema,
} from '@vigil/domain';
import { unauthorized } from '../platform/errors';
import { countButtonEvent, ingestLatency } from '../platform/metrics';
import { ingestButtonEvents } from './batcher';
import { authenticateGatewayKey, type GatewayKey } from './gateway-keys';
import { ingestHeartbeat } from './heartbeats';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway key of an /api/ingest/* request. */
    gatewayKey?: GatewayKey;
  }
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

function gatewayKeyOf(req: FastifyRequest): GatewayKey {
  if (!req.gatewayKey) throw unauthorized('Missing gateway key');
  return req.gatewayKey;
}

/**
 * Device ingest (docs/DEVICE-API.md): exempt from the console's slug/domain headers, authenticated
 * here by a gateway key before the body is even parsed, so a stranger learns nothing from a 400.
 */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const authenticate = async (req: FastifyRequest) => {
    req.gatewayKey = await authenticateGatewayKey(app.db, req.headers.authorization);
  };

  app.post(
    '/api/ingest/button-events',
    {
      config: { auth: 'public' },
      onRequest: authenticate,
      schema: {
        body: buttonEventsBodySchema,
        response: { 200: buttonEventsResultSchema, 202: buttonEventsResultSchema, ...errors },
        security: [{ apiKey: [] }],
      },
    },
    async (req, reply) => {
      const outcome = await ingestButtonEvents(app.db, gatewayKeyOf(req), req.body);
      // Committed: only now may the gateway hear that its presses are safe.
      for (const { row, ctx } of outcome.touched) app.escalation?.schedule(row, ctx);
      for (const result of outcome.results) countButtonEvent(result.status);
      ingestLatency.observe(reply.elapsedTime / 1000);
      return reply.code(outcome.status).send({ results: outcome.results });
    },
  );

  app.post(
    '/api/ingest/heartbeats',
    {
      config: { auth: 'public' },
      onRequest: authenticate,
      schema: {
        body: heartbeatBodySchema,
        response: { 200: heartbeatResultSchema, ...errors },
        security: [{ apiKey: [] }],
      },
    },
    async (req) => ingestHeartbeat(app.db, gatewayKeyOf(req), req.body),
  );
};
