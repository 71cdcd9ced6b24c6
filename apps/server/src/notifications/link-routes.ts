import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 16: /api/link/a/{token}, the no-login alert link. */
export const alertLinkRoutes: FastifyPluginAsyncZod = async () => {};
