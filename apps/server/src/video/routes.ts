import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cameraStreamBodySchema, cameraStreamSchema, errorSchema, videoStreamsSchema } from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { deleteCameraStream, getCameraStream, putCameraStream } from './camera-stream';
import { listAlertStreams } from './list-streams';
import { proxyVideo } from './proxy';

// The stream source of a camera marker is under /api/markers/{id}/stream, beside the marker it
// belongs to, but it is video's: its table, its secret and the proxy that reads it live here.

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** Issue 16: camera stream sources, GET /api/video/streams/{alertId} and the stream proxy. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/markers/:id/stream',
    {
      // And read FloorPlan (checked by the operation: a route declares one permission).
      config: { permission: ['read', 'Video'] },
      schema: { params: idParams, response: { 200: cameraStreamSchema.nullable(), ...errors } },
    },
    async (req) => getCameraStream(app.db, callerOf(req), req.params.id),
  );

  app.put(
    '/api/markers/:id/stream',
    {
      // And update FloorPlan with the video flag (SPEC §5, §6 camera editing), checked by the operation.
      config: { permission: ['update', 'Video'] },
      schema: {
        params: idParams,
        body: cameraStreamBodySchema,
        response: { 200: cameraStreamSchema, ...errors },
      },
    },
    async (req) => putCameraStream(app.db, actorOf(req), app.tokenSecret, req.params.id, req.body),
  );

  app.delete(
    '/api/markers/:id/stream',
    {
      config: { permission: ['update', 'Video'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteCameraStream(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/video/streams/:alertId',
    {
      config: { permission: ['read', 'Video'], featureFlag: 'video' },
      schema: {
        params: z.object({ alertId: z.string().max(100) }),
        response: { 200: videoStreamsSchema, ...errors },
      },
    },
    async (req) => listAlertStreams(app.db, callerOf(req), app.tokenSecret, req.params.alertId),
  );

  app.get(
    '/api/video/proxy/:token',
    {
      // The signed, expiring token is the authorisation: an <img> or a player sends no headers.
      config: { auth: 'public' },
      schema: {
        params: z.object({ token: z.string().max(1000) }),
        response: { 403: errorSchema, 404: errorSchema, 502: errorSchema },
      },
    },
    async (req, reply) => proxyVideo(app.db, app.tokenSecret, req.params.token, reply),
  );
};
