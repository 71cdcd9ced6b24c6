import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manifestQuerySchema, webManifestSchema } from '@vigil/domain';
import { manifestOf } from './manifest';

/**
 * SPEC §7 GET /manifest.json?consoleId=&isCustom=&hostname=: the web-app manifest that makes the
 * console installable (SPEC §2.3). Public: a browser fetches a manifest without headers or
 * credentials. An installed console opens on its own alerts screen, keeping its id.
 */
export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manifest.json',
    {
      config: { auth: 'public' },
      schema: { querystring: manifestQuerySchema, response: { 200: webManifestSchema } },
    },
    async (req, reply) => {
      const manifest = manifestOf(req.query.consoleId);
      reply.header('cache-control', 'no-cache');
      return reply.type('application/manifest+json').send(manifest);
    },
  );
};
