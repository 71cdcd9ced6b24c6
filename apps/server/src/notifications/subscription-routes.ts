import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 16: /api/subscriptions (list, add, edit, pause, delete, test). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async () => {};
