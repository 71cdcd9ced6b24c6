import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTestApp } from '../helpers/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await getTestApp();
});

type LoopAnswer = {
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  samples: number;
  windowMs: number;
  cpuMs: { user: number; system: number };
  resolutionMs: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /healthz/event-loop (docs/BENCHMARKS.md)', () => {
  it('shows a blocked event loop and its CPU time to a caller on this machine; a reset starts a new window', async () => {
    await app.inject({ url: '/healthz/event-loop?reset=true' });
    await sleep(50);
    const cpu = process.cpuUsage();
    while (process.cpuUsage(cpu).user < 120_000); // the loop is blocked, busy, for 120 ms of CPU
    await sleep(50);
    const res = await app.inject({ url: '/healthz/event-loop?reset=true' });
    expect(res.statusCode).toBe(200);
    const blocked = res.json() as LoopAnswer;
    expect(blocked.eventLoopDelayMs.max).toBeGreaterThanOrEqual(90);
    expect(blocked.samples).toBeGreaterThan(0);
    expect(blocked.cpuMs.user).toBeGreaterThanOrEqual(120);
    expect(blocked.resolutionMs).toBe(10);

    await sleep(100);
    const after = (await app.inject({ url: '/healthz/event-loop' })).json() as LoopAnswer;
    expect(after.eventLoopDelayMs.max).toBeLessThan(90);
    expect(after.windowMs).toBeLessThan(1000);
  });

  it('does not exist for a caller elsewhere or behind a proxy', async () => {
    const remote = await app.inject({ url: '/healthz/event-loop', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ reason: 'Not found', code: 'not_found' });
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await app.inject({ url: '/healthz/event-loop', headers: { [header]: '203.0.113.7' } });
      expect(proxied.statusCode, header).toBe(404);
    }
  });
});
