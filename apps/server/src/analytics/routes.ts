import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 18: analytics (GET /api/analytics/incidents, /api/analytics/response-times).
export const analyticsRoutes: FastifyPluginAsyncZod = async () => {};
