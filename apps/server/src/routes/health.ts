import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ ok: true }));

  /** Ready when the database answers. */
  app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await app.database.sql.query('select 1');
      return { ok: true, database: app.database.kind };
    } catch {
      return reply.code(503).send({ reason: 'Database unavailable', code: 'not_ready' });
    }
  });
};
