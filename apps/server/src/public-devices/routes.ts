import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, publicDeviceSchema } from '@vigil/domain';
import { HttpError } from '../platform/errors';
import { findPublicDevice } from './public-devices';

/** Lookups per client address and minute: a person at a found device needs a handful. */
export const PUBLIC_DEVICE_RATE_LIMIT = 60;

/** SPEC §2.1 /{id} and /v1/{type}/{id}: the public device page's one call, with no login. */
export const publicDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: a 12-hex id space invites walking it, so each address is slowed down.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests; try again in ${ctx.after}`, 'rate_limited'),
  });

  app.get(
    '/api/public/devices/:id',
    {
      config: {
        auth: 'public',
        rateLimit: { max: PUBLIC_DEVICE_RATE_LIMIT, timeWindow: '1 minute' },
      },
      schema: {
        // No length bound: an overlong id is not a device either, and answers the same 404.
        params: z.object({ id: z.string() }),
        response: { 200: publicDeviceSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return findPublicDevice(app.db, req.params.id);
    },
  );
};
