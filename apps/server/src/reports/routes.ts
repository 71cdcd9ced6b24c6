import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 18: the tag and gateway reports (GET /api/reports/{type}, its CSV export).
export const reportRoutes: FastifyPluginAsyncZod = async () => {};
