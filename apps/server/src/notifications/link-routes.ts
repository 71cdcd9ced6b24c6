import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERT_LINK_MESSAGES, ALERT_LINK_RATE_LIMIT, alertLinkViewSchema, errorSchema } from '@vigil/domain';
import { actorOf } from '../platform/access';
import { HttpError } from '../platform/errors';
import { acknowledgeByLink } from './link-acknowledge';
import { revokeAlertLinks } from './link-revoke';
import { showAlertLink } from './link-view';

// No length bound: an overlong token is not a link either, and answers the same 404.
const tokenParams = z.object({ token: z.string() });
const linkErrors = { 404: errorSchema, 409: errorSchema, 410: errorSchema, 429: errorSchema };

/** Issue 16: /api/link/a/{token}, the no-login alert link, and revoking an alert's links. */
export const alertLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin. Only misses count (a wrong, malformed or revoked token): a recipient
  // reloading their page is never slowed down, while guessing tokens from one address stops after
  // ALERT_LINK_RATE_LIMIT a minute, for every token from there, the right one included. Counted in
  // memory, per instance (as public-devices/routes.ts does).
  await app.register(rateLimit, { global: false });
  const misses = app.createRateLimit({ max: ALERT_LINK_RATE_LIMIT, timeWindow: 60_000 });

  /** Runs a link call unless this address missed too often; a 404 it answers counts as a miss. */
  async function guarded<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    reply.header('cache-control', 'no-store');
    const seen = await misses(req, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) {
      reply.header('retry-after', seen.ttlInSeconds);
      throw new HttpError(429, ALERT_LINK_MESSAGES.tooMany, 'rate_limited');
    }
    try {
      return await work();
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) await misses(req);
      throw err;
    }
  }

  app.get(
    '/api/link/a/:token',
    {
      config: { auth: 'public' },
      schema: { params: tokenParams, response: { 200: alertLinkViewSchema, ...linkErrors } },
    },
    async (req, reply) => guarded(req, reply, () => showAlertLink(app.db, req.params.token)),
  );

  app.post(
    '/api/link/a/:token/acknowledge',
    {
      config: { auth: 'public' },
      schema: { params: tokenParams, response: { 200: alertLinkViewSchema, ...linkErrors } },
    },
    async (req, reply) => {
      const { view, alertId } = await guarded(req, reply, () =>
        acknowledgeByLink(app.db, req.params.token, String(req.id)),
      );
      app.escalation?.forget(alertId);
      return view;
    },
  );

  // Under the alerts' prefix, but it writes only the notifications area's alert_links.
  app.post(
    '/api/alerts/:id/links/revoke',
    {
      config: { permission: ['update', 'Alert'] },
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ revoked: z.number().int() }), 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => revokeAlertLinks(app.db, actorOf(req), req.params.id),
  );
};
