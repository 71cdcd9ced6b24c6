import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manifestQuerySchema, webManifestSchema, type WebManifest } from '@vigil/domain';
import { UUID_RE } from '../platform/db/checks';

const BACKGROUND = '#0b1f33';
const THEME = '#1c7ed6';

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
      const id = req.query.consoleId;
      const manifest: WebManifest = {
        name: 'Vigil',
        short_name: 'Vigil',
        start_url: id && UUID_RE.test(id) ? `/alerts/${id.toLowerCase()}` : '/',
        scope: '/',
        display: 'standalone',
        background_color: BACKGROUND,
        theme_color: THEME,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          // The mark sits inside the central safe zone on a full-bleed background, so one image serves both.
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
      reply.header('cache-control', 'no-cache');
      return reply.type('application/manifest+json').send(manifest);
    },
  );
};
