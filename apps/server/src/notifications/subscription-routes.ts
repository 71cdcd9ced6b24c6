import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  subscriptionCreateBodySchema,
  subscriptionListSchema,
  subscriptionPausedBodySchema,
  subscriptionSchema,
  subscriptionTestAnswerSchema,
  subscriptionUpdateBodySchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { listQueryString, queryParam } from '../platform/list/query-string';
import { getSubscription, listSubscriptions, subscriptionListSpec } from './list-subscriptions';
import { deleteSubscription, setSubscriptionPaused, testSubscription } from './subscription-actions';
import { createSubscription, updateSubscription } from './write-subscription';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Issue 16: /api/subscriptions (list, add, edit, pause, delete, test). Every route is
 * `auth: 'authenticated'` rather than a declared permission, because SPEC §6 Subscription has two
 * reaches the hook cannot tell apart: a caller allowed (action, Subscription) manages every
 * subscription of its scope, any other signed-in user still manages its own (issue 16 "Users may
 * manage their own"). Each operation applies the domain's subscriptionReach / mayManageSubscription
 * (subscription-rows.ts), so an API key without the permission is refused 403 there.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscriptions',
    {
      config: { auth: 'authenticated' },
      schema: {
        querystring: listQueryString(subscriptionListSpec, {
          mine: queryParam('true: only the subscriptions telling the caller'),
        }),
        response: { 200: subscriptionListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listSubscriptions(app.db, callerOf(req), req.query),
  );

  app.post(
    '/api/subscriptions',
    {
      config: { auth: 'authenticated' },
      schema: { body: subscriptionCreateBodySchema, response: { 200: subscriptionSchema, ...errors } },
    },
    async (req) => createSubscription(app.db, actorOf(req), req.body),
  );

  app.get(
    '/api/subscriptions/:id',
    {
      config: { auth: 'authenticated' },
      schema: { params: idParams, response: { 200: subscriptionSchema, ...errors } },
    },
    async (req) => getSubscription(app.db, callerOf(req), req.params.id),
  );

  app.put(
    '/api/subscriptions/:id',
    {
      config: { auth: 'authenticated' },
      schema: {
        params: idParams,
        body: subscriptionUpdateBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
    },
    async (req) => updateSubscription(app.db, actorOf(req), req.params.id, req.body),
  );

  app.put(
    '/api/subscriptions/:id/paused',
    {
      config: { auth: 'authenticated' },
      schema: {
        params: idParams,
        body: subscriptionPausedBodySchema,
        response: { 200: subscriptionSchema, ...errors },
      },
    },
    async (req) => setSubscriptionPaused(app.db, actorOf(req), req.params.id, req.body.paused),
  );

  app.delete(
    '/api/subscriptions/:id',
    {
      config: { auth: 'authenticated' },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteSubscription(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/subscriptions/:id/test',
    {
      config: { auth: 'authenticated' },
      schema: { params: idParams, response: { 200: subscriptionTestAnswerSchema, ...errors } },
    },
    async (req) => testSubscription(app.db, callerOf(req), req.params.id),
  );
};
