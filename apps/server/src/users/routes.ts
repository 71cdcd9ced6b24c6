import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  meQuerySchema,
  meSchema,
  userCreateBodySchema,
  userListSchema,
  userSchema,
  userStateBodySchema,
  userUpdateBodySchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users';
import { getMe } from './me';
import { updateUserState } from './user-state';
import { userListSpec } from './users';
import { listQueryString } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me',
    {
      config: { auth: 'authenticated' },
      schema: { querystring: meQuerySchema, response: { 200: meSchema, 400: errorSchema, 403: errorSchema } },
    },
    async (req) =>
      getMe(app.db, actorOf(req), {
        role: req.query.role,
        authorization: req.headers.authorization,
        domain: req.headers.domain as string | undefined,
        secret: app.tokenSecret,
      }),
  );

  app.put(
    '/api/users/state',
    {
      config: { auth: 'authenticated' },
      schema: { body: userStateBodySchema, response: { 200: meSchema.shape.state, 403: errorSchema } },
    },
    async (req) => updateUserState(app.db, actorOf(req), req.body),
  );
};

/** The Users screen: list, read, create, edit and delete users inside the caller's scope. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { permission: ['list', 'User'] },
      schema: {
        querystring: listQueryString(userListSpec),
        response: { 200: userListSchema, 400: errorSchema },
      },
    },
    async (req) => listUsers(app.db, callerOf(req).scope, req.query),
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: ['read', 'User'] },
      schema: { params: idParams, response: { 200: userSchema, 404: errorSchema } },
    },
    async (req) => getUser(app.db, callerOf(req).scope, req.params.id),
  );

  app.post(
    '/api/users',
    {
      config: { permission: ['update', 'User'] },
      schema: { body: userCreateBodySchema, response: { 200: userSchema, ...errors } },
    },
    async (req) => createUser(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: ['update', 'User'] },
      schema: { params: idParams, body: userUpdateBodySchema, response: { 200: userSchema, ...errors } },
    },
    async (req) => updateUser(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: ['delete', 'User'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteUser(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
