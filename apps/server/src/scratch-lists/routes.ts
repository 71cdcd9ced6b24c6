import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SCRATCH_LIST_KINDS,
  SCRATCH_LIST_SUBJECTS,
  errorSchema,
  macIdSchema,
  scratchGatewayListSchema,
  scratchListAddBodySchema,
  scratchListAddResultSchema,
  scratchListRemoveResultSchema,
  scratchTagListSchema,
  type ScratchListKind,
} from '@vigil/domain';
import { callerOf } from '../platform/access';
import { forbidden } from '../platform/errors';
import { listQueryString } from '../platform/list/query-string';
import { addScratchItems } from './add-scratch-items';
import { SCRATCH_LIST_SPEC, listScratchItems } from './list-scratch-items';
import { clearScratchList, removeScratchItem } from './remove-scratch-items';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §2.4 Operations: list plus update on the kind's subject (the access hook checks update). */
function accessOf(kind: ScratchListKind) {
  const subject = SCRATCH_LIST_SUBJECTS[kind];
  return {
    config: { permission: ['update', subject] as const },
    preHandler: async (req: FastifyRequest) => {
      if (!callerOf(req).ability.can('list', subject)) throw forbidden(`Not allowed to list ${subject}`);
    },
  };
}

/**
 * Issue 22, SPEC §2.1 /operations/tags and /operations/gateways: the caller's scratch list of each
 * kind (docs/API.md 'Scratch lists'). The access hook checks update on the subject; SPEC §2.4 also
 * wants list, checked before every handler. The list belongs to the caller (a user, or an API key)
 * in the organisation the request selected.
 */
export const scratchListRoutes: FastifyPluginAsyncZod = async (app) => {
  const listQuery = listQueryString(SCRATCH_LIST_SPEC);
  app.get(
    '/api/scratch-lists/tag',
    {
      ...accessOf('tag'),
      schema: { querystring: listQuery, response: { 200: scratchTagListSchema, ...errors } },
    },
    async (req) => listScratchItems(app.db, callerOf(req), 'tag', req.query),
  );
  app.get(
    '/api/scratch-lists/gateway',
    {
      ...accessOf('gateway'),
      schema: { querystring: listQuery, response: { 200: scratchGatewayListSchema, ...errors } },
    },
    async (req) => listScratchItems(app.db, callerOf(req), 'gateway', req.query),
  );

  for (const kind of SCRATCH_LIST_KINDS) {
    const url = `/api/scratch-lists/${kind}`;
    const access = accessOf(kind);

    app.post(
      url,
      {
        ...access,
        schema: { body: scratchListAddBodySchema, response: { 200: scratchListAddResultSchema, ...errors } },
      },
      async (req) => addScratchItems(app.db, callerOf(req), kind, req.body.ids),
    );

    app.delete(
      `${url}/:deviceId`,
      {
        ...access,
        schema: {
          params: z.object({ deviceId: macIdSchema }),
          response: { 200: scratchListRemoveResultSchema, ...errors },
        },
      },
      async (req) => removeScratchItem(app.db, callerOf(req), kind, req.params.deviceId),
    );

    app.delete(
      url,
      { ...access, schema: { response: { 200: scratchListRemoveResultSchema, ...errors } } },
      async (req) => clearScratchList(app.db, callerOf(req), kind),
    );
  }
};
