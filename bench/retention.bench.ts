// Retention at scale (issue 19 "Retention": "enforced by a daily job in small batches that never
// holds the ingest back (ingest p99 stays < 100 ms while it runs, measured in bench/)").
//
// The demo organisation gets years of history: 200,000 closed alerts over a year with two events
// and a notification trigger each, 1,000,000 gateway heartbeats over 60 days on 1,000 gateways,
// 100,000 audit rows and 20,000 delivered gateway commands over two years, 20,000 console snapshots
// over 60 days; and short settings (alerts 30 days, heartbeats 7, change log 365, sync log 90,
// snapshots 14), so most of it is due. The server runs in a process of its own (this file, with
// --server), on embedded PGlite (a fresh temp dir) and then on PostgreSQL (a fresh database on
// 127.0.0.1:5432, dropped after). Presses (POST /api/ingest/button-events, the demo gateway key)
// are posted at a steady rate, open loop, for BENCH_BEFORE_S seconds before the run and then while
// the run (runRetention, as the daily job calls it, in the server's process) deletes. Printed:
// ingest p50/p95/p99/max before and during, and per statement kind the rows deleted, rows/s, the
// statements and the longest one.                                  target: ingest p99 < 100 ms
//
// SCALE=1 (0.05 for a quick look) BENCH_RATE=20 (presses/s) BENCH_BEFORE_S=20 BENCH_PGLITE=0 (skip)
// BENCH_PG=0 (skip PostgreSQL) BENCH_AFTER_S=20 BENCH_PORT (47100). Figures: docs/BENCHMARKS.md
// "Retention (issue 19)".
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventsForPattern } from '@vigil/domain';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase, type Database } from '../apps/server/src/platform/db/client';
import { DEMO_GATEWAY_KEY, DEMO_TAG_IDS, seedDemo } from '../apps/server/src/db/seed';
import { seedAlerts } from '../apps/server/src/db/seed-alerts';
import { seedScale } from '../apps/server/src/db/seed-scale';
import { runRetention, type RetentionReport } from '../apps/server/src/retention';
import { freshPostgresDatabase, postgresAnswers } from '../apps/server/test/helpers/spawn';
import { f1, pct } from './stats';

const env = process.env;
const SCALE = Number(env.SCALE ?? 1);
const RATE = Number(env.BENCH_RATE ?? 20);
const BEFORE_S = Number(env.BENCH_BEFORE_S ?? 20);
const PORT = Number(env.BENCH_PORT ?? 47100);
const AFTER_S = Number(env.BENCH_AFTER_S ?? 20);
const TARGET_P99_MS = 100;
const N = {
  alerts: Math.round(200_000 * SCALE),
  gateways: Math.max(10, Math.round(1_000 * SCALE)),
  heartbeats: Math.round(1_000_000 * SCALE),
  audit: Math.round(100_000 * SCALE),
  commands: Math.round(20_000 * SCALE),
  consoles: 20,
  snapshots: Math.round(20_000 * SCALE),
};
const SETTINGS = { alerts: 30, heartbeats: 7, auditLog: 365, syncLog: 90, consoleSnapshots: 14 };

// ── The server's side (`retention.bench.ts --server dataDir databaseUrl port`) ──────────────────

type ToServer = { type: 'retention' } | { type: 'sql'; id: number; text: string } | { type: 'exit' };
type FromServer =
  | { type: 'ready'; address: string }
  | { type: 'retention'; report: RetentionReport; maintenance: { sql: string; ms: number }[] }
  | { type: 'sql'; id: number; rows?: unknown[]; error?: string };

async function serve(dataDir: string, databaseUrl: string, port: number): Promise<void> {
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
  const app = await buildApp(
    { ...loadConfig({}), dataDir, consoleDir: undefined },
    { database, ownsDatabase: true, logger: false, jobs: false },
  );
  const address = await app.listen({ port, host: '127.0.0.1' });
  process.on('message', async (m: ToServer) => {
    if (m.type === 'retention') {
      const since = Date.now();
      const report = await runRetention(database.db);
      // The embedded database's own upkeep meanwhile (checkpoints, vacuums of what the run left dead).
      const maintenance = (database.maintenance?.statements ?? [])
        .filter((st) => st.startedAt >= since && st.ms > 50)
        .map((st) => ({ sql: st.sql, ms: Math.round(st.ms) }));
      process.send!({ type: 'retention', report, maintenance } satisfies FromServer);
    } else if (m.type === 'sql') {
      try {
        process.send!({
          type: 'sql',
          id: m.id,
          rows: (await database.sql.query(m.text)).rows,
        } satisfies FromServer);
      } catch (err) {
        process.send!({ type: 'sql', id: m.id, error: (err as Error).message } satisfies FromServer);
      }
    } else if (m.type === 'exit') {
      await app.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', address } satisfies FromServer);
}

// ── The bench's side ───────────────────────────────────────────────────────────────────────────

class BenchServer {
  private next = 0;
  private waiting = new Map<number, (m: FromServer & { type: 'sql' }) => void>();
  private reported?: (m: FromServer & { type: 'retention' }) => void;
  constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (m: FromServer) => {
      if (m.type === 'sql') this.waiting.get(m.id)?.(m);
      if (m.type === 'retention') this.reported?.(m);
    });
  }

  static async start(dataDir: string, databaseUrl: string | undefined, port: number): Promise<BenchServer> {
    const child = fork(import.meta.filename, ['--server', dataDir, databaseUrl ?? '', String(port)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...env, LOG_LEVEL: 'warn' },
    });
    process.on('exit', () => child.kill('SIGKILL'));
    const ready = await new Promise<FromServer>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    return new BenchServer(child, (ready as { address: string }).address);
  }

  sql<T>(text: string): Promise<T[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (m) => {
        this.waiting.delete(id);
        if (m.error) reject(new Error(m.error));
        else resolve(m.rows as T[]);
      });
      this.child.send({ type: 'sql', id, text } satisfies ToServer);
    });
  }

  retention(): Promise<FromServer & { type: 'retention' }> {
    return new Promise((resolve) => {
      this.reported = resolve;
      this.child.send({ type: 'retention' } satisfies ToServer);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.send({ type: 'exit' } satisfies ToServer);
    await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

let nonces = 0;
type Latencies = {
  sorted: number[];
  /** Each post's start (ms after the phase began) and latency, in the order sent. */
  posts: { at: number; ms: number }[];
  failed: number;
  result: unknown;
};

/** Open-loop presses at RATE per second while `work` runs; each post's latency (p95 too, unlike presses.ts). */
async function pressesWhile<T>(url: string, work: () => Promise<T>): Promise<Latencies & { result: T }> {
  const headers = {
    authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const posts: { at: number; ms: number }[] = [];
  const inFlight: Promise<void>[] = [];
  const began = performance.now();
  let failed = 0;
  let n = 0;
  const timer = setInterval(() => {
    const tag = DEMO_TAG_IDS[n++ % DEMO_TAG_IDS.length]!;
    const body = JSON.stringify({
      gateway: 'b0a710000001',
      buttonEvents: [
        { tag, nonce: `retention-${process.pid}-${nonces++}`, events: eventsForPattern('help') },
      ],
    });
    const started = performance.now();
    inFlight.push(
      fetch(`${url}/api/ingest/button-events`, { method: 'POST', headers, body })
        .then(async (res) => {
          await res.text();
          if (!res.ok) throw new Error(String(res.status));
          posts.push({ at: started - began, ms: performance.now() - started });
        })
        .catch(() => void failed++),
    );
  }, 1000 / RATE);
  const result = await work();
  clearInterval(timer);
  await Promise.all(inFlight);
  return { sorted: posts.map((p) => p.ms).sort((a, b) => a - b), posts, failed, result };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The demo organisation's history, written straight to the tables (an import would). */
async function seedHistory(database: Database, log: (line: string) => void): Promise<void> {
  const db = database.db;
  await seedDemo(db);
  const scale = await seedScale(db, {
    tags: 100,
    gateways: N.gateways,
    org: 'demo',
    heartbeatsPerGateway: 0,
  });
  log(`${scale.gateways} gateways`);
  await seedAlerts(db, { alerts: N.alerts, days: 365, org: 'demo' });
  const q = (text: string) => database.sql.query(text);
  const [{ id: org }] = (await q(`select id from zones where slug = 'demo'`)).rows as { id: string }[];
  await q(`insert into alert_events (alert_id, action, at)
    select id, 'created', created_at from alerts where org_id = '${org}' and closed_at is not null
    union all select id, 'closed', closed_at from alerts where org_id = '${org}' and closed_at is not null`);
  await q(`insert into notification_triggers (org_id, kind, alert_id, at, processed_at)
    select org_id, 'created', id, created_at, created_at from alerts where org_id = '${org}' and closed_at is not null`);
  log(`${N.alerts} alerts with two events and a trigger each`);
  const perGateway = Math.ceil(N.heartbeats / N.gateways);
  const gateways = (await q(`select id from gateways where org_id = '${org}' and id like 'd%' order by id`))
    .rows as {
    id: string;
  }[];
  for (let from = 0; from < gateways.length; from += 100) {
    const ids = gateways
      .slice(from, from + 100)
      .map((g) => `'${g.id}'`)
      .join(',');
    await q(`insert into gateway_heartbeats (org_id, gateway_id, status, payload, at)
      select '${org}', g.id, 'connected',
        jsonb_build_object('gateway', g.id, 'status', 'connected', 'version', jsonb_build_object('app', '5.2.1'),
          'diagnostics', jsonb_build_object('button', 95, 'coverage', 88, 'floor', 60)),
        now() - (i * interval '60 days' / ${perGateway})
      from unnest(array[${ids}]) as g(id) cross join generate_series(1, ${perGateway}) as i`);
  }
  log(`${perGateway * gateways.length} heartbeats over 60 days`);
  await q(`insert into audit_log (request_id, actor, org_id, entity, entity_id, action, after, at)
    select 'bench', 'someone', '${org}', 'tag', 'x' || i, 'update', '{"label":"x"}'::jsonb,
      now() - (i * interval '730 days' / ${N.audit}) from generate_series(1, ${N.audit}) as i`);
  await q(`insert into gateway_commands (org_id, gateway_id, type, created_at, delivered_at)
    select '${org}', 'b0a710000001', 'diag', now() - (i * interval '730 days' / ${N.commands}),
      now() - (i * interval '730 days' / ${N.commands}) from generate_series(1, ${N.commands}) as i`);
  await q(`insert into consoles (id, org_id, name)
    select gen_random_uuid(), '${org}', 'Bench console ' || i from generate_series(1, ${N.consoles}) as i`);
  await q(`insert into console_snapshots (console_id, org_id, data, created_at, received_at)
    select c.id, '${org}', '{"alerts":[]}'::jsonb, now() - (i * interval '60 days' / ${N.snapshots / N.consoles}),
      now() - (i * interval '60 days' / ${N.snapshots / N.consoles})
    from (select id from consoles where org_id = '${org}' and name like 'Bench console %') c
    cross join generate_series(1, ${N.snapshots / N.consoles}) as i`);
  log(`${N.audit} audit rows, ${N.commands} commands, ${N.snapshots} snapshots`);
  await q(
    `update zones set config = config || '${JSON.stringify({ retention: SETTINGS })}'::jsonb where id = '${org}'`,
  );
  for (const table of [
    'alerts',
    'alert_events',
    'notification_triggers',
    'gateway_heartbeats',
    'audit_log',
    'gateway_commands',
    'console_snapshots',
  ])
    await q(`vacuum analyze ${table}`);
}

function latencyLine(engine: string, phase: string, l: Latencies): string {
  const s = l.sorted;
  const p99 = pct(s, 0.99);
  return `| ${engine} | ${phase} | ${s.length}${l.failed ? ` (${l.failed} failed)` : ''} | ${f1(pct(s, 0.5))} | ${f1(pct(s, 0.95))} | ${f1(p99)} | ${f1(s.at(-1) ?? NaN)} |`;
}

async function bench(engine: 'PGlite' | 'PostgreSQL', port: number): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-retention-'));
  const fresh = engine === 'PostgreSQL' ? await freshPostgresDatabase('retention_bench') : undefined;
  let server: BenchServer | undefined;
  try {
    const seedStarted = performance.now();
    const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
    await seedHistory(database, (line) => console.log(`  ${engine} seed: ${line}`));
    await database.close();
    console.log(`  ${engine} seeded in ${seconds(performance.now() - seedStarted)} s`);

    server = await BenchServer.start(dataDir, fresh?.url, port);
    const [size] = await server.sql<{ rows: number; bytes: number }>(
      `select count(*)::int as rows, pg_total_relation_size('gateway_heartbeats')::bigint as bytes from gateway_heartbeats`,
    );
    console.log(
      `  ${engine}: ${size!.rows} heartbeats, ${Math.round(Number(size!.bytes) / size!.rows)} bytes each with indexes`,
    );
    await pressesWhile(server.url, () => sleep(3000)); // warm-up
    const before = await pressesWhile(server.url, () => sleep(BEFORE_S * 1000));
    const started = performance.now();
    const during = await pressesWhile(server.url, () => server!.retention());
    const wallMs = performance.now() - started;
    const after = await pressesWhile(server.url, () => sleep(AFTER_S * 1000));
    const { report, maintenance } = during.result;
    console.log(
      `  ${engine}: database upkeep over 50 ms during the run: ${maintenance.length ? maintenance.map((m) => `${m.sql} ${m.ms} ms`).join('; ') : 'none'}`,
    );

    const lines = [
      latencyLine(engine, 'before', before),
      latencyLine(engine, 'during retention', during),
      latencyLine(engine, 'after', after),
    ];
    // The run's minutes one by one: is a slow press spread over the run, or bunched?
    const minutes = Math.ceil(wallMs / 60_000);
    const perMinute = Array.from({ length: minutes }, (_, m) => {
      const inMinute = during.posts.filter((p) => p.at >= m * 60_000 && p.at < (m + 1) * 60_000);
      const sortedMs = inMinute.map((p) => p.ms).sort((a, b) => a - b);
      return `${f1(pct(sortedMs, 0.99))}`;
    });
    console.log(`  ${engine}: ingest p99 by minute of the run (ms): ${perMinute.join(' ')}`);
    const p99 = pct(during.sorted, 0.99);
    lines.push(
      `|  |  | ingest p99 during: ${f1(p99)} ms, ${(p99 / TARGET_P99_MS).toFixed(2)}× the target (${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}) |  |  |  |  |`,
    );
    const deleted = report.organisations.flatMap((o) => Object.entries(o.deleted));
    const totalRows = deleted.reduce((sum, [, n]) => sum + n, 0);
    const kinds = Object.entries(report.batches).map(
      ([kind, s]) =>
        `| ${engine} | ${kind} | ${s.rows} | ${s.statements} | ${f1(s.ms / 1000)} | ${f1(s.maxMs)} | ${s.slow} | ${Math.round(s.rows / Math.max(s.ms / 1000, 0.001))} |`,
    );
    const perTable = deleted
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    return [
      ...lines,
      '',
      `| engine | statement | rows | statements | held the database (s) | longest (ms) | over 50 ms | rows/s held |`,
      `| --- | --- | --- | --- | --- | --- | --- | --- |`,
      ...kinds,
      '',
      `${engine}: deleted ${totalRows} rows (${perTable}) in ${seconds(wallMs)} s: ` +
        `${Math.round(totalRows / (wallMs / 1000))} rows/s overall${report.complete ? '' : ' (stopped early)'}`,
    ];
  } finally {
    await server?.stop();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Retention (issue 19): SCALE ${SCALE} — ${N.alerts} alerts, ${N.heartbeats} heartbeats on ${N.gateways} gateways, ` +
      `${N.audit} audit rows, ${N.commands} commands, ${N.snapshots} snapshots; presses at ${RATE}/s; ` +
      `settings ${JSON.stringify(SETTINGS)}; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const out: string[] = [
    `| engine | phase | presses | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
  ];
  if (env.BENCH_PGLITE !== '0') out.push(...(await bench('PGlite', PORT)));
  if (env.BENCH_PG !== '0') {
    if (await postgresAnswers()) out.push('', ...(await bench('PostgreSQL', PORT + 1)));
    else out.push('', 'PostgreSQL: no server answers on 127.0.0.1:5432 (or DATABASE_URL): skipped');
  }
  console.log(out.join('\n'));
}

if (process.argv[2] === '--server') {
  await serve(process.argv[3]!, process.argv[4] ?? '', Number(process.argv[5]));
} else {
  await main();
}
