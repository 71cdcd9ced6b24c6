import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { escalateAlert } from '../../src/alerts/escalation';
import { alerts, gatewayHeartbeats, gateways, notifications, subscriptions } from '../../src/db/schema';
import { DeliveryError, type Channel } from '../../src/notifications/channels';
import { deliverDue } from '../../src/notifications/deliver';
import { fanOut } from '../../src/notifications/fan-out';
import { describeConfig, loadConfig } from '../../src/platform/config';
import { createJobQueue } from '../../src/platform/jobs';
import { metricsRegistry } from '../../src/platform/metrics';
import { freshMac, freshTag, gatewayAuth, press, pressForAlert, zoneByName } from '../helpers/alerts';
import { getTestApp, signIn, testConfig, unique } from '../helpers/app';
import { parsePrometheusText, sampleValue, type Exposition } from '../helpers/prometheus-text';
import { collectEvents } from '../helpers/sse';

// Issue 19 "Metrics": GET /metrics as Prometheus scrapes it, parsed by a strict parser of the text
// format; every metric docs/OPERATIONS.md lists is there and moves when its event happens through
// the real app; the guard refuses a scrape without the token and never answers the console's HTML.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const DOCS = path.resolve(import.meta.dirname, '../../../../docs');

let shared: FastifyInstance;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  shared = await getTestApp();
  // The shared app has no metrics settings: this one, on the same database, has a token.
  app = await buildApp(testConfig({ metrics: { token: TOKEN } }), {
    database: shared.database,
    ownsDatabase: false,
    logger: false,
    jobs: false,
    escalation: false,
    notifications: false,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

async function scrape(): Promise<Exposition> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
  return parsePrometheusText(res.body);
}

/** A sample's value; a labelled counter that never moved has no sample yet, which is 0. */
const valueOf = (e: Exposition, name: string, labels?: Record<string, string>) =>
  sampleValue(e, name, labels) ?? 0;

/** The metrics docs/OPERATIONS.md lists: its table rows, each starting with the metric's name. */
function documentedMetrics(): { name: string; postgresOnly: boolean }[] {
  const doc = fs.readFileSync(path.join(DOCS, 'OPERATIONS.md'), 'utf8');
  return [...doc.matchAll(/^\| `((?:vigil|process|nodejs)_[a-z0-9_]+)`.*$/gm)].map((m) => ({
    name: m[1]!,
    postgresOnly: m[0].includes('PostgreSQL only'),
  }));
}

/** The metric families a text names (`vigil_…`), a histogram's series under its family's name. */
function vigilNamesIn(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/\bvigil_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')),
  );
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('GET /metrics: the guard', () => {
  it('refuses a scrape without the token, with a wrong one, or with another scheme (401)', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
    ]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
      expect(res.body).not.toContain('vigil_');
    }
  });

  describe('with a console to serve', () => {
    let dir: string;
    const built: FastifyInstance[] = [];
    const appWith = async (metrics: { token?: string; port?: number }) => {
      const made = await buildApp(testConfig({ consoleDir: dir, metrics }), {
        database: shared.database,
        ownsDatabase: false,
        logger: false,
        jobs: false,
        escalation: false,
        notifications: false,
      });
      built.push(made);
      await made.ready();
      return made;
    };
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-metrics-console-'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vigil</title>');
    });
    afterAll(async () => {
      await Promise.all(built.map((b) => b.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers 404, not the console’s HTML, when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
      const off = await appWith({});
      // The console's fallback answers any other page with its HTML…
      const page = await off.inject({ url: '/alerts' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // …but not /metrics, with or without a token.
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await off.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ reason: 'Not found', code: 'not_found' });
      }
    });

    it('serves METRICS_PORT without a token, on its own listener, and not on the server’s port', async () => {
      const port = await freePort();
      const apart = await appWith({ port });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = parsePrometheusText(await res.text());
      expect(text.get('vigil_alerts_open')?.type).toBe('gauge');
      expect((await fetch(`http://127.0.0.1:${port}/alerts`)).status).toBe(404);
      const main = await apart.inject({ url: '/metrics' });
      expect(main.statusCode).toBe(404);
      expect(main.headers['content-type']).toMatch(/^application\/json/);
      await apart.close();
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });
  });

  it('reads METRICS_TOKEN and METRICS_PORT, and never prints the token', () => {
    const config = loadConfig({ METRICS_TOKEN: ' s3cret-metrics-token ', METRICS_PORT: '9464' });
    expect(config.metrics).toEqual({ token: 's3cret-metrics-token', port: 9464 });
    const printed = describeConfig(config).join('\n');
    expect(printed).toContain('METRICS_TOKEN=***');
    expect(printed).toContain('METRICS_PORT=9464');
    expect(printed).not.toContain('s3cret');
    expect(loadConfig({ METRICS_PORT: 'nine' }).metrics).toEqual({ token: undefined, port: undefined });
    expect(describeConfig(loadConfig({})).join('\n')).toContain('(/metrics is off)');
  });
});

describe('GET /metrics: the text', () => {
  it('is Prometheus text with the process defaults and every metric docs/OPERATIONS.md lists', async () => {
    const text = await scrape();
    const documented = documentedMetrics();
    expect(documented.length).toBeGreaterThan(15);
    const postgres = shared.database.kind === 'pg';
    for (const { name, postgresOnly } of documented) {
      expect(text.has(name), name).toBe(true);
      // Declared on the embedded database too, without a value there.
      if (postgresOnly && !postgres) expect(text.get(name)!.samples, name).toEqual([]);
    }
    expect(text.get('process_cpu_seconds_total')?.type).toBe('counter');
    expect(text.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
  });

  it('names in its rules and in the Grafana dashboard only metrics it lists', () => {
    const listed = new Set(documentedMetrics().map((m) => m.name));
    // The metrics chapter: the others name other things vigil_ (the report routines' role vigil_report).
    const all = fs.readFileSync(path.join(DOCS, 'OPERATIONS.md'), 'utf8');
    const start = all.indexOf('## Metrics');
    const end = all.indexOf('\n## ', start + 1);
    const doc = all.slice(start, end === -1 ? undefined : end);
    expect(doc).toContain('### Alerting rules');
    const dashboard = fs.readFileSync(path.join(DOCS, 'grafana-dashboard.json'), 'utf8');
    const panels = (JSON.parse(dashboard) as { panels: { title: string }[] }).panels;
    expect(panels.length).toBeGreaterThan(5);
    for (const name of [...vigilNamesIn(doc), ...vigilNamesIn(dashboard)]) {
      expect(listed.has(name), name).toBe(true);
    }
  });

  it('keeps label sets bounded: no tag, user, alert or organisation', async () => {
    const allowed = new Set(['mode', 'state', 'outcome', 'queue', 'channel', 'engine', 'le']);
    for (const family of (await scrape()).values()) {
      if (!family.name.startsWith('vigil_')) continue;
      for (const sample of family.samples) {
        for (const [label, value] of Object.entries(sample.labels)) {
          expect(allowed.has(label), `${sample.name}{${label}}`).toBe(true);
          expect(value).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-|^[0-9a-f]{12}$/i);
        }
      }
    }
  });
});

describe('the metrics move with what happens', () => {
  it('counts a press, its duplicate, a second press and an unknown tag, with latency and batch size', async () => {
    const tag = await freshTag(shared, 'Room 201');
    const before = await scrape();
    const nonce = unique('n');
    expect((await press(app, tag, { nonce })).json().results[0].status).toBe('created');
    expect((await press(app, tag, { nonce })).json().results[0].status).toBe('duplicate');
    expect((await press(app, tag)).json().results[0].status).toBe('joined');
    expect((await press(app, freshMac())).json().results[0].status).toBe('unknown_tag');
    const after = await scrape();
    const events = (outcome: string, e: Exposition) =>
      valueOf(e, 'vigil_ingest_button_events_total', { outcome });
    for (const outcome of ['created', 'duplicate', 'joined', 'unknown_tag'])
      expect(events(outcome, after), outcome).toBe(events(outcome, before) + 1);
    const count = (name: string, e: Exposition) => valueOf(e, `${name}_count`);
    expect(count('vigil_ingest_latency_seconds', after)).toBe(
      count('vigil_ingest_latency_seconds', before) + 4,
    );
    expect(count('vigil_ingest_batch_button_events', after)).toBe(
      count('vigil_ingest_batch_button_events', before) + 4,
    );
    expect(valueOf(after, 'vigil_ingest_batch_button_events_sum')).toBe(
      valueOf(before, 'vigil_ingest_batch_button_events_sum') + 4,
    );
  });

  it('counts a post waiting for the group commit while the database holds it up', async () => {
    const waiting = async () =>
      sampleValue(
        // Read from the registry: the scrape's own queries would wait for the database too.
        parsePrometheusText(
          `${await metricsRegistry.getSingleMetricAsString('vigil_ingest_posts_waiting')}\n`,
        ),
        'vigil_ingest_posts_waiting',
      );
    const tag = await freshTag(shared, 'Room 201');
    // The gateway key is cached now: the next post reaches the group commit without the database.
    await pressForAlert(app, tag);
    const before = await waiting();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table button_events in share mode`);
      locked();
      await released;
    });
    await isLocked;
    const pending = press(app, tag);
    try {
      await vi.waitFor(async () => expect(await waiting()).toBe(before! + 1), { timeout: 10_000 });
    } finally {
      release();
      await holding;
    }
    expect((await pending).statusCode).toBe(200);
    expect(await waiting()).toBe(before);
  });

  it('shows an open alert by mode and state', async () => {
    const before = await scrape();
    const tag = await freshTag(shared, 'Room 202');
    const alertId = await pressForAlert(app, tag, { pattern: 'test' });
    const [row] = await shared.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(row).toMatchObject({ mode: 'test' });
    const labels = { mode: 'test', state: row!.state };
    const after = await scrape();
    expect(valueOf(after, 'vigil_alerts_open', labels)).toBe(
      valueOf(before, 'vigil_alerts_open', labels) + 1,
    );
    // Every mode and open state is there, zeros included.
    expect(sampleValue(after, 'vigil_alerts_open', { mode: 'danger', state: 'escalated' })).toBeDefined();
  });

  it('counts an escalation, and the alert as unacknowledged past escalation', async () => {
    const tag = await freshTag(shared, 'Room 202');
    const alertId = await pressForAlert(app, tag);
    const before = await scrape();
    const { escalated } = await escalateAlert(shared.db, alertId, new Date(Date.now() + 3600_000));
    expect(escalated?.id).toBe(alertId);
    const after = await scrape();
    // At least: the shared app's sweep may escalate another file's alert meanwhile.
    expect(valueOf(after, 'vigil_alert_escalations_total', { mode: 'help' })).toBeGreaterThanOrEqual(
      valueOf(before, 'vigil_alert_escalations_total', { mode: 'help' }) + 1,
    );
    expect(
      valueOf(after, 'vigil_alerts_unacknowledged_past_escalation', { mode: 'help' }),
    ).toBeGreaterThanOrEqual(
      valueOf(before, 'vigil_alerts_unacknowledged_past_escalation', { mode: 'help' }) + 1,
    );
  });

  it('counts an event stream while it is open, and times a press to its alert event on it', async () => {
    const headers = (await signIn(app, 'security@demo.example')).headers;
    const before = await scrape();
    const stream = await collectEvents(base, headers);
    try {
      const open = await scrape();
      expect(valueOf(open, 'vigil_sse_clients')).toBe(valueOf(before, 'vigil_sse_clients') + 1);
      const tag = await freshTag(shared, 'Room 201');
      await pressForAlert(app, tag);
      await stream.waitFor((events) =>
        events.some(
          (e) => e.type === 'alert' && (e.data as { alert: { tag: { id: string } } }).alert.tag.id === tag,
        ),
      );
      const sent = await scrape();
      expect(valueOf(sent, 'vigil_press_to_sse_seconds_count')).toBeGreaterThan(
        valueOf(before, 'vigil_press_to_sse_seconds_count'),
      );
    } finally {
      stream.close();
    }
    await vi.waitFor(
      async () =>
        expect(valueOf(await scrape(), 'vigil_sse_clients')).toBe(valueOf(before, 'vigil_sse_clients')),
      {
        timeout: 10_000,
      },
    );
  });

  it('shows a job waiting in its queue, and counts its failed attempt', async () => {
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const queue = await createJobQueue(shared.database.sql, { pollIntervalMs: 500, log: quiet });
    const name = unique('metrics-job-');
    try {
      await queue.send(name, {}, { retryLimit: 0 });
      const waiting = await scrape();
      expect(valueOf(waiting, 'vigil_job_queue_depth', { queue: name, state: 'due' })).toBe(1);
      expect(valueOf(waiting, 'vigil_job_failures_total', { queue: name })).toBe(0);
      await queue.work(name, async () => {
        throw new Error('the handler failed');
      });
      await vi.waitFor(
        async () => {
          const failed = await scrape();
          expect(valueOf(failed, 'vigil_job_failures_total', { queue: name })).toBe(1);
          expect(sampleValue(failed, 'vigil_job_queue_depth', { queue: name, state: 'due' })).toBeUndefined();
        },
        { timeout: 10_000 },
      );
    } finally {
      await queue.stop();
    }
  });

  it('counts notification deliveries by channel: delivered, and failed for good', async () => {
    const tower = await zoneByName(shared, 'North Tower');
    const [subscription] = await shared.db
      .insert(subscriptions)
      .values({
        orgId: tower.path[1]!,
        zoneId: tower.id,
        modes: ['help', 'danger'],
        moments: ['created'],
        contactName: 'Metrics desk',
        contactKind: 'email',
        contactAddress: 'metrics-desk@hospital.test',
      })
      .returning();
    const accept: Channel = { kind: 'email', send: async () => ({ providerId: 'accepted' }) };
    const refuse: Channel = {
      kind: 'email',
      send: async () => {
        throw new DeliveryError('no such mailbox', false);
      },
    };
    /** A press in the building, its delivery fanned out and sent through `channel`: its row after. */
    const deliverThrough = async (channel: Channel) => {
      const alertId = await pressForAlert(app, await freshTag(shared, 'ED Room 101'));
      while ((await fanOut(shared.db)).triggers > 0);
      const mine = async () =>
        (await shared.db.select().from(notifications).where(eq(notifications.alertId, alertId)))[0];
      const ctx = { db: shared.db, secret: shared.tokenSecret, publicBase: 'http://console.test' };
      // Deliveries other files left due go first, through the same channel.
      for (let i = 0; i < 20 && (await mine())?.state === 'pending'; i++)
        await deliverDue({ ...ctx, channels: { email: channel } });
      return mine();
    };
    const count = (e: Exposition, outcome: string) =>
      valueOf(e, 'vigil_notification_deliveries_total', { channel: 'email', outcome });
    try {
      const before = await scrape();
      expect(await deliverThrough(accept)).toMatchObject({ channel: 'email', state: 'delivered' });
      const delivered = await scrape();
      expect(count(delivered, 'delivered')).toBeGreaterThanOrEqual(count(before, 'delivered') + 1);
      expect(await deliverThrough(refuse)).toMatchObject({ channel: 'email', state: 'failed' });
      const failed = await scrape();
      expect(count(failed, 'failed')).toBeGreaterThanOrEqual(count(delivered, 'failed') + 1);
    } finally {
      await shared.db.delete(subscriptions).where(eq(subscriptions.id, subscription!.id));
    }
  });

  it('counts a deployed gateway that never reported as silent, until its heartbeat', async () => {
    const org = (await zoneByName(shared, 'North Tower')).path[1]!;
    const id = freshMac();
    const before = await scrape();
    await shared.db.insert(gateways).values({ id, orgId: org, config: { state: 'deployed' }, state: {} });
    try {
      const silent = await scrape();
      expect(valueOf(silent, 'vigil_gateways_silent')).toBe(valueOf(before, 'vigil_gateways_silent') + 1);
      const res = await app.inject({
        method: 'POST',
        url: '/api/ingest/heartbeats',
        headers: gatewayAuth(),
        payload: { gateway: id, status: 'connected' },
      });
      expect(res.statusCode).toBe(200);
      const heard = await scrape();
      expect(valueOf(heard, 'vigil_gateways_silent')).toBe(valueOf(before, 'vigil_gateways_silent'));
      const age = sampleValue(heard, 'vigil_gateway_newest_heartbeat_age_seconds');
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
    } finally {
      await shared.db.delete(gatewayHeartbeats).where(eq(gatewayHeartbeats.gatewayId, id));
      await shared.db.delete(gateways).where(eq(gateways.id, id));
    }
  });

  it('says which database engine answers, and its pool on PostgreSQL', async () => {
    const text = await scrape();
    const engine = shared.database.kind === 'pg' ? 'postgresql' : 'pglite';
    expect(sampleValue(text, 'vigil_database_info', { engine })).toBe(1);
    expect(text.get('vigil_database_info')!.samples).toHaveLength(1);
    expect(sampleValue(text, 'vigil_database_up')).toBe(1);
    if (engine === 'postgresql') {
      expect(sampleValue(text, 'vigil_database_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'vigil_database_pool_max_connections')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'vigil_database_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'vigil_database_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    } else {
      expect(sampleValue(text, 'vigil_database_pool_connections')).toBeUndefined();
    }
  });
});
