import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 16: the delivery log and the channels' health. */
export const notificationRoutes: FastifyPluginAsyncZod = async () => {};
