import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 18: the stored report routines (SPEC §7 bigquery/routines).
export const routineRoutes: FastifyPluginAsyncZod = async () => {};
