import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../platform/access';
import { streamEvents } from './event-stream';

/**
 * GET /api/events: Server-Sent Events of the caller's scope. Event ids are outbox sequence numbers,
 * so a reconnect with Last-Event-ID replays what was missed; a gap beyond retention sends `reset`.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams end when the server closes (graceful shutdown must not wait on them).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/api/events',
    {
      config: { permission: ['read', 'Alert'] },
      schema: {
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
        hide: true,
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const header = Number(req.headers['last-event-id']);
      const after = Number.isFinite(header) && header >= 0 ? header : req.query.lastEventId;
      reply.hijack();
      await streamEvents({
        bus: app.realtime,
        db: app.db,
        caller,
        after,
        requestId: String(req.id),
        req: req.raw,
        res: reply.raw,
        open,
      });
    },
  );
};
