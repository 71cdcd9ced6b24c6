import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetAnswerSchema,
  assetCreateSchema,
  assetListFiltersSchema,
  assetListSchema,
  assetPatchSchema,
  assetZonesAnswerSchema,
  errorSchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { listQueryString } from '../platform/list/query-string';
import { getAsset } from './get-asset';
import { ASSET_LIST_SPEC, assetZones, listAssets } from './list-assets';
import { createAsset, deleteAsset, patchAsset } from './write-asset';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const filters = assetListFiltersSchema.shape;

/**
 * SPEC §7 assets (issue 20), every answer in the data.data envelope; SPEC §6 Asset permissions, the
 * caller's zones. SPEC §6 has no create action: registering an asset, like retiring one, is the
 * asset administrator's (delete Asset); who may update Asset edits its status and notes.
 */
export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/assets/zones',
    {
      config: { permission: ['list', 'Asset'] },
      schema: { response: { 200: assetZonesAnswerSchema, 403: errorSchema } },
    },
    async (req) => assetZones(app.db, callerOf(req).scope),
  );

  app.get(
    '/api/assets',
    {
      config: { permission: ['list', 'Asset'] },
      schema: {
        querystring: listQueryString(ASSET_LIST_SPEC, {
          zone: filters.zone.describe('Assets whose tag was last heard in this zone or under it'),
          status: filters.status.describe("Assets of this status ('pending': none set yet)"),
        }),
        response: { 200: assetListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    // Checked by the querystring schema already; parsed again for their types.
    async (req) =>
      listAssets(app.db, callerOf(req).scope, req.query, assetListFiltersSchema.parse(req.query)),
  );

  app.get(
    '/api/assets/:id',
    {
      config: { permission: ['read', 'Asset'] },
      schema: { params: idParams, response: { 200: assetAnswerSchema, 403: errorSchema, 404: errorSchema } },
    },
    async (req) => getAsset(app.db, callerOf(req), req.params.id),
  );

  app.patch(
    '/api/assets/:id',
    {
      config: { permission: ['update', 'Asset'] },
      schema: { params: idParams, body: assetPatchSchema, response: { 200: assetAnswerSchema, ...errors } },
    },
    async (req) => patchAsset(app.db, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/assets',
    {
      config: { permission: ['delete', 'Asset'] },
      schema: { body: assetCreateSchema, response: { 200: assetAnswerSchema, ...errors } },
    },
    async (req) => createAsset(app.db, actorOf(req), req.body),
  );

  app.delete(
    '/api/assets/:id',
    {
      config: { permission: ['delete', 'Asset'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteAsset(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
