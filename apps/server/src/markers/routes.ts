import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, markerListSchema, markerSchema } from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { listQueryString, queryParam } from '../platform/list/query-string';
import { assignGateway } from './assign-gateway';
import { createMarker } from './create-marker';
import { deleteMarker } from './delete-marker';
import { listMarkers, markerListSpec } from './list-markers';
import { markerCreateBody, markerUpdateBody } from './marker-bodies';
import { updateMarker } from './update-marker';

// Markers are their own area because they own /api/markers; their rules live in the domain's
// floorplans (SPEC §3 Marker, §5, §7 Devices markers).

const idParams = z.object({ id: z.string().max(100) });
const assignParams = z.object({ id: z.string().max(100), gatewayId: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §7 markers: reads need read FloorPlan, writes update FloorPlan (SPEC §5, §6). */
export const markerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/markers',
    {
      config: { permission: ['read', 'FloorPlan'] },
      schema: {
        querystring: listQueryString(markerListSpec, {
          'config.location': queryParam('Only markers at this zone (a floor) or any zone under it'),
        }),
        response: { 200: markerListSchema, ...errors },
      },
    },
    async (req) => listMarkers(app.db, callerOf(req).scope, req.query),
  );

  app.post(
    '/api/markers',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { body: markerCreateBody, response: { 200: markerSchema, ...errors } },
    },
    async (req) => createMarker(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/markers/:id',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: idParams, body: markerUpdateBody, response: { 200: markerSchema, ...errors } },
    },
    async (req) => updateMarker(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/markers/:id',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteMarker(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/markers/:id/assign/:gatewayId',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: assignParams, response: { 200: markerSchema, ...errors, 409: errorSchema } },
    },
    async (req) => assignGateway(app.db, actorOf(req), req.params.id, req.params.gatewayId),
  );
};
