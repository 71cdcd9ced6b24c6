import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { alerts, gateways } from '../../src/db/schema';
import { buildApp } from '../../src/app';
import { DEMO_GATEWAY_IDS } from '../../src/db/seed';
import { formatReport, parseSimulateArgs, reportFailed, simulate } from '../../src/simulate';
import { positionsOf } from '../../src/sightings';
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
    expect(opts.sightings).toBe(0);
    expect(parseSimulateArgs(['--sightings', '8']).sightings).toBe(8);
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
      ['--sightings', '9'],
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

  it('walks tags between the gateways: each second every gateway posts what it hears (issue 20)', async () => {
    const tags = [await freshTag(app, 'Room 201'), await freshTag(app, 'Day Room')];
    const opts = parseSimulateArgs([
      ...['--url', base, '--tags', tags.join(','), '--sightings', '2', '--gateways', '3'],
      ...['--rate', '1', '--duration', '2', '--heartbeat', '5'],
    ]);
    const report = await simulate(opts);
    expect(reportFailed(report)).toBe(false);
    // Each walking tag is heard by every gateway within two of it: 3 gateways, each second.
    expect(report.sightings.posts).toBeGreaterThanOrEqual(3);
    expect(report.sightings.accepted).toBe(report.sightings.sightings);
    expect(report.sightings.moved).toBeGreaterThanOrEqual(2); // each tag's first position
    expect(formatReport(opts, report)).toMatch(/sightings {6}\d+ posts of 2 walking tag\(s\)/);
    const [{ orgId }] = await app.db
      .select({ orgId: gateways.orgId })
      .from(gateways)
      .where(inArray(gateways.id, opts.gateways));
    const positions = await positionsOf(app.db, orgId!, tags);
    expect(positions.map((p) => p.tag).sort()).toEqual([...tags].sort());
    for (const p of positions) expect(opts.gateways).toContain(p.gateway);
  });

  it('hears a tag strongest at its own gateway, weaker one away, not at all three away', async () => {
    const { rssiAt } = await import('../../src/simulate-walk');
    expect(rssiAt(0, 0)).toBeGreaterThan(rssiAt(1, 1)!);
    expect(rssiAt(1, 0)).toBeGreaterThan(rssiAt(2, 1)!);
    expect(rssiAt(3)).toBeUndefined();
  });
});
