import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, sightingsAnswerSchema, sightingsPostSchema } from '@vigil/domain';
import { unauthorized } from '../platform/errors';
import { authenticateGatewayKey } from '../ingest';
import { applySightings } from './apply-sightings';

/**
 * POST /api/ingest/sightings (issue 20, docs/DEVICE-API.md): the tags a gateway heard, in batches,
 * with the gateway key of /api/ingest/*, checked before the body is parsed.
 */
export const sightingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ingest/sightings',
    {
      config: { auth: 'public' },
      onRequest: async (req) => {
        req.gatewayKey = await authenticateGatewayKey(app.db, req.headers.authorization);
      },
      schema: {
        body: sightingsPostSchema,
        response: { 200: sightingsAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
        security: [{ apiKey: [] }],
      },
    },
    async (req) => {
      if (!req.gatewayKey) throw unauthorized('Missing gateway key');
      return applySightings(app.db, req.gatewayKey.orgId, req.body);
    },
  );
};
