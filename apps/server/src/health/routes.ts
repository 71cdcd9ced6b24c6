import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** How often the event-loop delay is sampled (Node's default); each sample includes this interval. */
export const EVENT_LOOP_RESOLUTION_MS = 10;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request comes from this machine itself: a loopback socket and no proxy's forwarding
 * header (a reverse proxy on the same host connects over loopback too, but adds one of these).
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  const h = req.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined)
    return false;
  return LOOPBACK.has(req.raw.socket.remoteAddress ?? '');
}

/** The delay over the sampling interval, in ms (a histogram value holds the interval itself). */
const lagMs = (ns: number) => Math.max(0, ns / 1e6 - EVENT_LOOP_RESOLUTION_MS);
const round = (ms: number) => Math.round(ms * 100) / 100;

function summarise(histogram: IntervalHistogram, since: number, cpuSince: NodeJS.CpuUsage) {
  const empty = histogram.count === 0;
  const cpu = process.cpuUsage(cpuSince);
  return {
    eventLoopDelayMs: {
      p50: empty ? 0 : round(lagMs(histogram.percentile(50))),
      p99: empty ? 0 : round(lagMs(histogram.percentile(99))),
      max: empty ? 0 : round(lagMs(histogram.max)),
      mean: empty ? 0 : round(lagMs(histogram.mean)),
    },
    samples: histogram.count,
    windowMs: Date.now() - since,
    /** CPU time this process used in the window (all threads), user and system. */
    cpuMs: { user: Math.round(cpu.user / 1000), system: Math.round(cpu.system / 1000) },
    resolutionMs: EVENT_LOOP_RESOLUTION_MS,
  };
}

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

  // How late this process's event loop runs (docs/BENCHMARKS.md): sampled all the time, read by an
  // operator or a benchmark on the machine itself; from anywhere else the route does not exist.
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  let since = Date.now();
  let cpuSince = process.cpuUsage();
  app.addHook('onClose', async () => histogram.disable());

  /** Event-loop delay and CPU time since the last reset; `?reset=true` answers, then starts a new window. */
  app.get(
    '/healthz/event-loop',
    {
      config: { auth: 'public' },
      schema: { querystring: z.object({ reset: z.enum(['true', 'false']).optional() }), hide: true },
    },
    async (req, reply) => {
      if (!isLocalRequest(req)) return reply.code(404).send({ reason: 'Not found', code: 'not_found' });
      const answer = summarise(histogram, since, cpuSince);
      if (req.query.reset === 'true') {
        histogram.reset();
        since = Date.now();
        cpuSince = process.cpuUsage();
      }
      return answer;
    },
  );
};
