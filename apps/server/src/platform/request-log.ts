import fp from 'fastify-plugin';

/** A request slower than this is logged at info whatever it was. */
export const SLOW_REQUEST_MS = 1000;

export type RequestOutcome = {
  method: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of its response. */
  ms: number;
  /** An event stream (SSE) stays open for as long as its console does: its duration is no slowness. */
  stream: boolean;
  /** A write a device repeats on a timer (HEARTBEAT_ROUTES): routine when it succeeds. */
  heartbeat?: boolean;
};

/** Posts that consoles and gateways repeat every minute or so whether or not anything happens. */
export const HEARTBEAT_ROUTES: ReadonlySet<string> = new Set([
  '/api/consoles/:id/heartbeats',
  '/api/consoles/:id/snapshots',
  '/api/ingest/heartbeats',
]);

/**
 * One line per request, at info only when an operator would look for it: an error (status 400 and
 * up), a write (any method but GET, HEAD and OPTIONS: sign-ins and button presses included) or a
 * slow request. What repeats while nothing happens — an idle console's 2 s polls, health checks,
 * static files, its event stream, the heartbeats of consoles and gateways — is debug.
 */
export function requestLogLevel({ method, status, ms, stream, heartbeat }: RequestOutcome): 'info' | 'debug' {
  if (status >= 400) return 'info';
  if (!stream && ms > SLOW_REQUEST_MS) return 'info';
  const read = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return read || heartbeat ? 'debug' : 'info';
}

/**
 * Fastify's own request lines (two per request, both info) are off (buildApp's `logController`);
 * this hook writes the one line instead, with the request id its child logger carries.
 */
export const requestLogPlugin = fp(async (app) => {
  app.addHook('onResponse', async (req, reply) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    const outcome = {
      method: req.method,
      status: reply.statusCode,
      ms: reply.elapsedTime,
      stream: contentType.startsWith('text/event-stream'),
      heartbeat: HEARTBEAT_ROUTES.has(req.routeOptions.url ?? ''),
    };
    req.log[requestLogLevel(outcome)](
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
        ip: req.ip,
      },
      'request completed',
    );
  });
});
