import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyUpdateBodySchema,
  errorSchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { createKey, deleteKey, listKeys, updateKey } from './keys';
import { keyListSpec } from './keys';
import { listQueryString } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The API Keys screen (SPEC §2.4 'API Keys, needs list User'): console keys of the caller's scope. */
export const keyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/keys',
    {
      config: { permission: ['list', 'User'] },
      schema: {
        querystring: listQueryString(keyListSpec),
        response: { 200: apiKeyListSchema, 400: errorSchema },
      },
    },
    async (req) => listKeys(app.db, callerOf(req).scope, req.query),
  );

  app.post(
    '/api/keys',
    {
      config: { permission: ['update', 'User'] },
      schema: { body: apiKeyCreateBodySchema, response: { 200: apiKeyCreatedSchema, ...errors } },
    },
    async (req) => createKey(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/keys/:id',
    {
      config: { permission: ['update', 'User'] },
      schema: { params: idParams, body: apiKeyUpdateBodySchema, response: { 200: apiKeySchema, ...errors } },
    },
    async (req) => updateKey(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/keys/:id',
    {
      config: { permission: ['delete', 'User'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteKey(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
