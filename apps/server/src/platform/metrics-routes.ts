import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { enableDefaultMetrics, metricsRegistry } from './metrics';
import { collectStoredState } from './metrics-scrape';

const NOT_FOUND = { reason: 'Not found', code: 'not_found' } as const;

/**
 * GET /metrics in Prometheus text format (docs/OPERATIONS.md), never public by accident: on the
 * server's port only with `Authorization: Bearer <METRICS_TOKEN>`; on METRICS_PORT (a listener of its
 * own, on HOST) without a token. With neither set it answers 404, as it does on the server's port
 * when only METRICS_PORT is set. A real route either way, so the console's SPA fallback never
 * answers /metrics with its HTML. Outside /api: the access hook's headers and permissions are the
 * console's, not a scraper's.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { token, port } = app.config.metrics;
  if (token || port !== undefined) enableDefaultMetrics();

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) return reply.code(404).send(NOT_FOUND);
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ reason: 'Send the metrics token as a bearer token', code: 'unauthorized' });
    }
    return sendMetrics(app, reply);
  });

  if (port !== undefined) await listenApart(app, port);
};

/** The scrape: the gauges of stored state read now, then every metric as text. */
async function sendMetrics(app: FastifyInstance, reply: FastifyReply): Promise<string> {
  await collectStoredState(app.database, app.log);
  reply.header('cache-control', 'no-store').type(metricsRegistry.contentType);
  return metricsRegistry.metrics();
}

/** METRICS_PORT: /metrics alone, on HOST, opened when the app is ready and closed with it. */
async function listenApart(app: FastifyInstance, port: number): Promise<void> {
  const server = Fastify({ logger: false });
  server.get('/metrics', (_req, reply) => sendMetrics(app, reply));
  server.setNotFoundHandler((_req, reply) => reply.code(404).send(NOT_FOUND));
  app.addHook('onReady', async () => {
    const address = await server.listen({ port, host: app.config.host });
    app.log.info(`metrics on ${address}/metrics`);
  });
  app.addHook('onClose', () => server.close());
}

/** `Bearer <token>` compared in constant time (both sides hashed first: equal lengths, no early exit). */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(match[1]!), digest(token));
}
