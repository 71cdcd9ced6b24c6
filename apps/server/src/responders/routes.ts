import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  nearRespondersQuerySchema,
  nearRespondersSchema,
  responderListSchema,
  type Permission,
} from '@vigil/domain';
import { callerOf } from '../platform/access';
import { listResponders } from './list-responders';
import { nearestRespondersOf } from './nearest-responders';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §2.1 /responders: read Tag responders, and the responderTools feature flag. */
const access = {
  permission: ['read', 'Tag', 'responders'] as Permission,
  featureFlag: 'responderTools',
};

/** Issue 20 "Responders": who they are and where they were last heard; who is nearest an alert. */
export const responderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/responders',
    { config: access, schema: { response: { 200: responderListSchema, ...errors } } },
    async (req) => listResponders(app.db, callerOf(req).scope),
  );

  // Under /api/alerts, but the responders' answer: an alert's nearest responders, from this area's query.
  app.get(
    '/api/alerts/:id/responders',
    {
      config: access,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        querystring: nearRespondersQuerySchema,
        response: { 200: nearRespondersSchema, ...errors },
      },
    },
    async (req) => nearestRespondersOf(app.db, callerOf(req).scope, req.params.id, req.query.limit),
  );
};
