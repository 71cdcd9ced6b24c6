import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { HEARTBEAT_ROUTES, requestLogLevel } from '../../src/platform/request-log';
import { DEMO_HEADERS, getTestApp, signIn, testConfig } from '../helpers/app';

// What an operator reads at info: errors, writes (sign-ins included) and slow requests, one line
// each; what an idle console repeats (its polls, health checks, static files) is debug.

describe('requestLogLevel', () => {
  it.each([
    ['a successful poll', { method: 'GET', status: 200, ms: 12, stream: false }, 'debug'],
    ['a health check', { method: 'HEAD', status: 204, ms: 1, stream: false }, 'debug'],
    ['a not modified static file', { method: 'GET', status: 304, ms: 1, stream: false }, 'debug'],
    ['a slow read', { method: 'GET', status: 200, ms: 1500, stream: false }, 'info'],
    [
      'an event stream open for an hour',
      { method: 'GET', status: 200, ms: 3_600_000, stream: true },
      'debug',
    ],
    ['a refused read', { method: 'GET', status: 403, ms: 3, stream: false }, 'info'],
    ['a failure', { method: 'GET', status: 500, ms: 3, stream: false }, 'info'],
    ['a sign-in', { method: 'POST', status: 200, ms: 80, stream: false }, 'info'],
    ['a change', { method: 'PATCH', status: 200, ms: 10, stream: false }, 'info'],
    ['a heartbeat', { method: 'POST', status: 200, ms: 5, stream: false, heartbeat: true }, 'debug'],
    ['a refused heartbeat', { method: 'POST', status: 401, ms: 5, stream: false, heartbeat: true }, 'info'],
    ['a slow heartbeat', { method: 'POST', status: 200, ms: 2000, stream: false, heartbeat: true }, 'info'],
  ] as const)('logs %s at %s', (_case, outcome, level) => {
    expect(requestLogLevel(outcome)).toBe(level);
  });
});

describe('the request log of a running app', () => {
  const lines: { level: number; msg: string; url?: string; status?: number; reqId?: string }[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const shared = await getTestApp();
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(testConfig(), {
      database: shared.database,
      ownsDatabase: false,
      logger: { level: 'info', stream },
      jobs: false,
      escalation: false,
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const requestLines = (url: string) => lines.filter((l) => l.url === url);

  it('writes one info line for a sign-in and a refusal, none at info for a successful poll', async () => {
    const { headers } = await signIn(app, 'admin@demo.example');
    const poll = await app.inject({ url: '/api/alerts/', headers });
    expect(poll.statusCode).toBe(200);
    const refused = await app.inject({ url: '/api/users/', headers: DEMO_HEADERS });
    expect(refused.statusCode).toBe(401);

    const signInLines = requestLines('/api/auth/password/demo');
    expect(signInLines).toHaveLength(1);
    expect(signInLines[0]).toMatchObject({ level: 30, msg: 'request completed', status: 200 });
    expect(signInLines[0]!.reqId).toBeTruthy();
    expect(requestLines('/api/alerts/')).toEqual([]);
    expect(requestLines('/api/users/')).toMatchObject([{ level: 30, status: 401 }]);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('knows each heartbeat by a route the app serves', () => {
    for (const url of HEARTBEAT_ROUTES) expect(app.hasRoute({ method: 'POST', url }), url).toBe(true);
  });
});
