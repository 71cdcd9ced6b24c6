import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkRefusalSchema,
  bulkResultSchema,
  errorSchema,
  gatewayBulkBodySchema,
  gatewayCommandResultSchema,
  gatewayDetailSchema,
  gatewayListSchema,
  gatewayMetricsListSchema,
  gatewayMetricsQuerySchema,
  gatewayReplaceBodySchema,
  gatewayReplaceResultSchema,
  gatewayUnassignBodySchema,
  gatewayUpdateBodySchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { bulkUpdateGateways } from './bulk-update-gateways';
import { diagGateway, diagZone } from './gateway-commands';
import { gatewayMetrics } from './gateway-metrics';
import { getGateway } from './get-gateway';
import { listGateways } from './list-gateways';
import { unassignGateway } from './gateway-removal';
import { replaceGateway } from './replace-gateway';
import { updateGateway } from './update-gateway';
import { gatewayListSpec } from './list-gateways';
import { listQueryString, queryParam } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §3 Gateway, §5 Gateway edit, §7 Devices: gateways, nodes and bridges. */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/gateways',
    {
      config: { permission: ['list', 'Gateway'] },
      schema: {
        querystring: listQueryString(gatewayListSpec, {
          sku: queryParam('SKU families by prefix (docs/API.md); no SKU counts as indoor'),
          locationFields: queryParam('Location names to answer: site, building, floor, unit, area, path'),
        }),
        response: { 200: gatewayListSchema, 400: errorSchema },
      },
    },
    async (req) => listGateways(app.db, callerOf(req).scope, req.query),
  );

  app.put(
    '/api/gateways',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: {
        body: gatewayBulkBodySchema,
        response: { 200: bulkResultSchema, 400: bulkRefusalSchema, 403: errorSchema },
      },
    },
    async (req) => bulkUpdateGateways(app.db, actorOf(req), req.body),
  );

  app.get(
    '/api/gateways/:id',
    {
      config: { permission: ['read', 'Gateway'] },
      schema: { params: idParams, response: { 200: gatewayDetailSchema, 404: errorSchema } },
    },
    async (req) => getGateway(app.db, callerOf(req).scope, req.params.id),
  );

  app.put(
    '/api/gateways/:id',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: {
        params: idParams,
        body: gatewayUpdateBodySchema,
        response: { 200: gatewayDetailSchema, ...errors },
      },
    },
    async (req) => updateGateway(app.db, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/gateways/:id/unassign',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: {
        params: idParams,
        body: gatewayUnassignBodySchema,
        response: { 200: gatewayDetailSchema, ...errors },
      },
    },
    async (req) => unassignGateway(app.db, actorOf(req), req.params.id, req.body),
  );

  // Issue 21 "Device replacement" (/device/replacement): one transaction, refusals 400/409.
  app.post(
    '/api/gateways/:id/replace',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: {
        params: idParams,
        body: gatewayReplaceBodySchema,
        response: { 200: gatewayReplaceResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (req) => replaceGateway(app.db, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/gateways/:id/command/diag',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: { params: idParams, response: { 200: gatewayCommandResultSchema, ...errors } },
    },
    async (req) => diagGateway(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/api/zones/:id/command/diag',
    {
      config: { permission: ['update', 'Gateway'] },
      schema: { params: idParams, response: { 200: gatewayCommandResultSchema, ...errors } },
    },
    async (req) => diagZone(app.db, actorOf(req), req.params.id),
  );

  app.get(
    '/api/metrics/gateways',
    {
      config: { permission: ['read', 'Gateway'] },
      schema: {
        querystring: gatewayMetricsQuerySchema,
        response: { 200: gatewayMetricsListSchema, ...errors },
      },
    },
    async (req) => gatewayMetrics(app.db, callerOf(req).scope, req.query),
  );
};
