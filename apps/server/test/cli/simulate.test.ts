import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { alerts, gateways } from '../../src/db/schema';
import { buildApp } from '../../src/app';
import { DEMO_GATEWAY_IDS } from '../../src/db/seed';
import { formatReport, parseSimulateArgs, reportFailed, simulate } from '../../src/simulate';
import { getTestApp, testConfig } from '../helpers/app';
import { freshMac, freshTag } from '../helpers/alerts';

let app: FastifyInstance;
let server: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await getTestApp();
  server = await buildApp(testConfig(), {
    database: app.database,
    ownsDatabase: false,
    logger: false,
    jobs: false,
    escalation: false,
  });
  base = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
});

describe('vigil simulate', () => {
  it('reads its options with demo defaults and bounds', () => {
    const opts = parseSimulateArgs([]);
    expect(opts).toMatchObject({
      url: 'http://localhost:8080',
      rate: 1,
      durationS: 10,
      maxPresses: 10,
      pattern: 'help',
    });
    expect(opts.gateways).toEqual(DEMO_GATEWAY_IDS.slice(0, 2));
    expect(opts.tags).toHaveLength(8);
    expect(parseSimulateArgs(['--tags', 'A1:B2:C3:D4:E5:F6', '--rate', '2', '--duration', '3']).tags).toEqual(
      ['a1b2c3d4e5f6'],
    );
    for (const bad of [
      ['--rate', '501'],
      ['--duration', '3601'],
      ['--gateways', '5'],
      ['--pattern', 'panic'],
      ['--url', 'ftp://x'],
      ['--tags', 'nope'],
      ['--retries', '2'],
    ]) {
      expect(() => parseSimulateArgs(bad)).toThrow();
    }
  });

  it('drives a running server: presses, same-nonce retries and heartbeats, then reports', async () => {
    const tags = [await freshTag(app, 'Room 201'), await freshTag(app, 'Day Room'), freshMac()];
    const opts = parseSimulateArgs([
      ...['--url', base, '--tags', tags.join(','), '--rate', '20', '--duration', '1'],
      ...['--retries', '0.5', '--heartbeat', '0.5', '--pattern', 'mixed'],
    ]);
    const report = await simulate(opts);
    expect(reportFailed(report)).toBe(false);
    expect(report.presses).toBe(20);
    const answered = Object.values(report.statuses).reduce((a, b) => a + b, 0);
    expect(answered).toBe(20);
    expect(report.statuses.created).toBe(2);
    expect(report.statuses.unknown_tag).toBeGreaterThan(0);
    expect(report.retries.sent).toBeGreaterThan(0);
    expect(report.retries.matched).toBe(report.retries.sent);
    expect(report.heartbeats.ok).toBeGreaterThanOrEqual(2);
    expect(report.latency!.max).toBeLessThan(5000);
    expect(formatReport(opts, report)).toMatch(/press latency {2}p50 [\d.]+ ms/);

    const opened = await app.db.select().from(alerts).where(inArray(alerts.tagId, tags));
    expect(opened).toHaveLength(2);
    const beating = await app.db.select().from(gateways).where(inArray(gateways.id, opts.gateways));
    for (const g of beating)
      expect(g.state).toMatchObject({
        status: 'connected',
        version: { app: expect.stringMatching(/^simulate-/) },
      });
  });
});
