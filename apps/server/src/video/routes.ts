import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 16: camera stream sources, GET /api/video/streams/{alertId} and the stream proxy. */
export const videoRoutes: FastifyPluginAsyncZod = async () => {};
