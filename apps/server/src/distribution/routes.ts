import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buttonEventQuerySchema,
  errorSchema,
  kioskButtonEventListSchema,
  tagSwapBodySchema,
  tagSwapResultSchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { kioskTaps } from './taps';
import { swapTags } from './swap';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Issue 21, the distribution kiosk's own calls (SPEC §2.1 /distribution/{station}/…): the poll for
 * taps its station's gateway heard (SPEC §7 GET button-event), and the swap of current tags. The
 * rest of the kiosk uses the stations', people's and tags' routes.
 */
export const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/button-event',
    {
      config: { permission: ['read', 'DistributionStation'] },
      schema: {
        querystring: buttonEventQuerySchema,
        response: { 200: kioskButtonEventListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => kioskTaps(app.db, callerOf(req).scope, req.query),
  );

  app.post(
    '/api/distribution-station/:id/swap',
    {
      config: { permission: ['update', 'Tag'] },
      schema: {
        params: idParams,
        body: tagSwapBodySchema,
        response: { 200: tagSwapResultSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => swapTags(app.db, actorOf(req), req.params.id, req.body),
  );
};
