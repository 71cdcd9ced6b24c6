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
};

/**
 * One line per request, at info only when an operator would look for it: an error (status 400 and
 * up), a write (any method but GET, HEAD and OPTIONS: sign-ins included) or a slow request. What
 * an idle console repeats every 2 s — successful polls, health checks, static files, its event
 * stream — is debug.
 */
export function requestLogLevel({ method, status, ms, stream }: RequestOutcome): 'info' | 'debug' {
  if (status >= 400) return 'info';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return 'info';
  return !stream && ms > SLOW_REQUEST_MS ? 'info' : 'debug';
}

/**
 * Fastify's own request lines (two per request, both info) are off (`disableRequestLogging` in buildApp);
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
