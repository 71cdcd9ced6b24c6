import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkRefusalSchema,
  bulkResultSchema,
  errorSchema,
  tagBulkBodySchema,
  tagDetailSchema,
  tagListSchema,
  tagSchema,
  tagUpdateBodySchema,
} from '@vigil/domain';
import { forbidden } from '../platform/errors';
import { callerOf, actorOf } from '../platform/access';
import { bulkUpdateTags } from './bulk-update-tags';
import { exportTags } from './export-tags';
import { getTag } from './get-tag';
import { listTags } from './list-tags';
import { updateTag } from './update-tag';
import { listQueryString, queryParam } from '../platform/list/query-string';
import { OWNER_FIELDS, tagListSpec } from './tag-list-spec';

const idParams = z.object({ id: z.string().max(100) });
const tagListParams = {
  ownerFields: queryParam('Owner fields the query searches: name, personId (default both)'),
  locationFields: queryParam('Location names to answer: site, building, floor, unit, area, path'),
  zone: queryParam('Zone ids: tags located in their subtrees'),
  batteryLevel: queryParam('healthy, low, depleted or unknown; repeat for several'),
};
const tagListQuery = listQueryString(tagListSpec(OWNER_FIELDS), tagListParams);
const tagExportQuery = listQueryString(tagListSpec(OWNER_FIELDS), {
  ...tagListParams,
  tz: queryParam("The time zone of the file's dates (IANA name, default UTC)"),
  bom: queryParam("'1' or 'true' starts the file with a byte-order mark (for Excel)"),
});
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** SPEC §3 Tag, §4 flows and batch operations, §7 Devices; docs/API.md 'Tags'. */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tags',
    {
      config: { permission: ['list', 'Tag'] },
      schema: { querystring: tagListQuery, response: { 200: tagListSchema, 400: errorSchema } },
    },
    async (req) => listTags(app.db, callerOf(req).scope, req.query),
  );

  // A script or spreadsheet downloads the whole list (API key or bearer); streamed, not paged.
  app.get(
    '/api/tags/export.csv',
    {
      config: { permission: ['list', 'Tag'] },
      schema: { querystring: tagExportQuery, response: { 400: errorSchema } },
    },
    async (req, reply) => exportTags(app.db, callerOf(req).scope, req.query, reply),
  );

  app.get(
    '/api/tags/:id',
    {
      config: { permission: ['read', 'Tag'] },
      schema: { params: idParams, response: { 200: tagDetailSchema, 404: errorSchema } },
    },
    async (req) => getTag(app.db, callerOf(req).scope, req.params.id),
  );

  app.put(
    '/api/tags/:id',
    {
      config: { permission: ['update', 'Tag'] },
      schema: { params: idParams, body: tagUpdateBodySchema, response: { 200: tagSchema, ...errors } },
    },
    async (req) => {
      // SPEC §4 maint_toggle: maintenance mode needs update on Tag maintMode.
      if (req.body.maintMode !== undefined && !callerOf(req).ability.can('update', 'Tag', 'maintMode')) {
        throw forbidden('Not allowed to update Tag maintMode');
      }
      return updateTag(app.db, actorOf(req), req.params.id, req.body);
    },
  );

  app.put(
    '/api/tags',
    {
      config: { permission: ['update', 'Tag'] },
      schema: {
        body: tagBulkBodySchema,
        response: { 200: bulkResultSchema, 400: bulkRefusalSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => bulkUpdateTags(app.db, actorOf(req), req.body),
  );
};
