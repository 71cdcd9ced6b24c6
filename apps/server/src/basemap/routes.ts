import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@vigil/domain';
import { HttpError } from '../platform/errors';
import { readImageSignature } from '../platform/storage';
import { GEOCODE_MAX_RESULTS, geocode } from './geocode';
import { BASEMAP_LAYERS, LAYER_SETTING, TILE_CACHE_CONTROL, checkTileTemplate, proxyTile } from './tiles';

// Issue 15 "The map, air-gapped": the optional street/satellite layers and the US address search
// of SPEC §2.7, proxied so the browser reaches nothing but our server.

const mapConfigSchema = z.object({ streets: z.boolean(), satellite: z.boolean(), search: z.boolean() });
const tileParams = z.object({
  layer: z.enum(BASEMAP_LAYERS),
  z: z.coerce.number().int().min(1).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
const tileQuery = z.object({ signature: z.string().max(2000).optional() });
const geocodeQuery = z.object({
  q: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(GEOCODE_MAX_RESULTS).default(GEOCODE_MAX_RESULTS),
});
const placeSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 502: errorSchema };

/** SPEC §2.7, §9 Map: which layers and search a deployment has, their tiles, and the address search. */
export const basemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = {
    streets: checkTileTemplate(LAYER_SETTING.streets, app.config.mapTilesUrl),
    satellite: checkTileTemplate(LAYER_SETTING.satellite, app.config.mapSatelliteUrl),
  };
  const geocoderUrl = app.config.geocoderUrl;

  app.get(
    '/api/map/config',
    {
      config: { permission: ['read', 'FloorPlan'] },
      schema: { response: { 200: mapConfigSchema, ...errors } },
    },
    async () => ({
      streets: templates.streets !== undefined,
      satellite: templates.satellite !== undefined,
      search: geocoderUrl !== undefined,
    }),
  );

  // MapLibre fetches tiles without our headers, so, as plan tiles do, the URL carries the image
  // signature of GET /api/storage/signature/images (read FloorPlan): no signature, no tile.
  app.get(
    '/api/map/tiles/:layer/:z/:x/:y',
    {
      config: { auth: 'public' },
      schema: {
        params: tileParams,
        querystring: tileQuery,
        // The provider's image as it came (a Buffer is sent as is, never serialized).
        response: { 200: z.unknown().describe('The tile image (image/png, image/jpeg …)'), ...errors },
      },
      // Before the parameters are checked: an unsigned request learns nothing, not even a 400.
      preValidation: async (req) => {
        const signature = (req.query as { signature?: unknown }).signature;
        if (typeof signature !== 'string' || !readImageSignature(app.tokenSecret, signature)) {
          throw new HttpError(
            401,
            'The image signature is missing, invalid or expired: ask for a new one',
            'unauthorized',
          );
        }
      },
    },
    async (req, reply) => {
      const { layer, ...address } = req.params;
      const tile = await proxyTile(layer, templates[layer], address);
      reply.header('cache-control', TILE_CACHE_CONTROL);
      return reply.type(tile.contentType).send(tile.body);
    },
  );

  app.get(
    '/api/map/geocode',
    {
      config: { permission: ['read', 'FloorPlan'] },
      schema: {
        querystring: geocodeQuery,
        response: { 200: z.object({ results: z.array(placeSchema) }), ...errors },
      },
    },
    async (req) => ({ results: await geocode(geocoderUrl, req.query.q, req.query.limit) }),
  );
};
