// Months of uptime on the embedded database (issue 19), accelerated: a simulated week of gateway
// heartbeats, presses and their alerts on 100,000 tags, through the real server (bench/soak-server.ts,
// a process of its own, as `vigil serve` runs: jobs, escalations, notifications) on PGlite on disk,
// whose own maintenance (apps/server/src/platform/db/client.ts) runs on intervals shortened by the
// same factor as the clock. Before and after the week: table sizes and dead rows, the tag list's p95
// (GET /api/tags, bench/lists.bench.ts's queries) and press → console p99 (an SSE stream, test/helpers/
// instances.ts pressToConsole). During it, per simulated day: the presses' answer times, press →
// console over the stream, the server's event-loop delay, and what the maintenance ran.
//
// What is compressed (SPEED = 86,400 / BENCH_DAY_S; 864 at the defaults):
// - time: one simulated day is BENCH_DAY_S real seconds; every rate below is its real-life rate × SPEED;
// - maintenance: PGLITE_VACUUM_MS, PGLITE_CHECKPOINT_MS, PGLITE_GIN_MERGE_MS and the quiet-moment
//   times (PGLITE_QUIET.quietMs, .waitMs) ÷ SPEED; PGLITE_QUIET.aboveMs (a statement's length) is not;
// - housekeeping: button events and outbox rows are pruned once 24 simulated hours old (every
//   simulated 10 minutes); finished jobs are kept 7 real days, so the week's all stay, as they would;
// - presses: BENCH_PRESSES_PER_MIN site-wide (0.3: a press every few minutes, as a hospital has),
//   one button event a post from a random connected gateway, on random tags; each alert
//   acknowledged 30 s and closed 3 min (simulated) after it opened. (On these 2 cores an
//   acknowledgement or a close holds the server ~26 ms on PGlite on disk, a lone press ~4 ms: at
//   ×864 a press a minute would already take the server's whole thread.)
// - heartbeats: every connected gateway's heartbeat row every simulated 60 s (SPEC §9), written in
//   one INSERT per 100 ms real (the row the route writes); the route itself (POST
//   /api/ingest/heartbeats, which also rewrites the gateway's row, HOT) once per gateway per
//   simulated 6 hours, so 360 times fewer gateway-row rewrites than real gateways make;
// - console work: 2,000 tag rows rewritten a simulated day (four 500-tag 'label' batches, PUT
//   /api/tags: an import, a ward relabelled);
// - sightings do not exist yet; consoles' own heartbeats are not driven.
// At most 500 requests are in flight; a press or heartbeat due beyond that is skipped and counted.
//
// SCALE (1) scales tags (100,000), gateways (200), the site's presses (so each tag's rate stays) and
// the simulated days (7, at least 1) together, for short development runs; the speed stays. BENCH_DAYS,
// BENCH_DAY_S (100), BENCH_PRESSES_PER_MIN, BENCH_PHASE_PRESSES (200), BENCH_LIST_RUNS (40).
// Figures: docs/BENCHMARKS.md "Soak".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { eventsForPattern } from '@vigil/domain';
import { DEMO_API_KEY, DEMO_GATEWAY_KEY, seedDemo } from '../apps/server/src/db/seed';
import { scalePrefixes, seedScale } from '../apps/server/src/db/seed-scale';
import {
  PGLITE_CHECKPOINT_MS,
  PGLITE_GIN_MERGE_MS,
  PGLITE_QUIET,
  PGLITE_VACUUM_MS,
  openDatabase,
  type MaintenanceLog,
  type MaintenanceStatement,
} from '../apps/server/src/platform/db/client';
import { percentile, pressToConsole, timedConsole } from '../apps/server/test/helpers/instances';
import { alertOf } from '../apps/server/test/helpers/spawn';
import { collectEvents } from '../apps/server/test/helpers/sse';
import { signInAdmin } from './server-process';
import type { SoakMessage, SoakServerOptions } from './soak-server';

const env = process.env;
const SCALE = Number(env.SCALE ?? 1);
const TAGS = Math.round(100_000 * SCALE);
const GATEWAYS = Math.max(10, Math.round(200 * SCALE));
const DAYS = Number(env.BENCH_DAYS ?? Math.max(1, Math.round(7 * SCALE)));
const DAY_S = Number(env.BENCH_DAY_S ?? 100);
const PRESSES_PER_MIN = Number(env.BENCH_PRESSES_PER_MIN ?? 0.3 * SCALE);
const PHASE_PRESSES = Number(env.BENCH_PHASE_PRESSES ?? 200);
const LIST_RUNS = Number(env.BENCH_LIST_RUNS ?? 40);
const SPEED = 86_400 / DAY_S;
const HEARTBEAT_S = 60;
const ROUTE_HEARTBEAT_S = 6 * 3600;
const MAX_IN_FLIGHT = 500;
const ACK_S = 30;
const CLOSE_S = 180;
const HOUSEKEEPING_S = 600;
const BATCH_TAGS = 500;
const BATCHES_A_DAY = 4;
const TABLES = [
  'tags',
  'gateways',
  'gateway_heartbeats',
  'alerts',
  'alert_events',
  'jobs',
  'outbox',
  'button_events',
  'audit_log',
];
/** bench/lists.bench.ts's page queries. */
const PAGE_QUERIES: [string, string][] = [
  [
    '"kowalski", deployed, by owner',
    'query=kowalski&config.state=deployed&orderBy=config.owner.name&limit=100',
  ],
  [
    'battery low, deployed',
    'batteryLevel=low&config.state=deployed&orderBy=state.battery.current.level&limit=100',
  ],
  ['all, by owner (first page)', 'orderBy=config.owner.name&limit=100'],
  ['all, by last seen', 'orderBy=-state.updatedAt&limit=100'],
];
const gatewayHeaders = {
  authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};
const apiHeaders = {
  slug: 'demo',
  domain: 'localhost',
  authorization: `Basic ${Buffer.from(`${DEMO_API_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── The server ────────────────────────────────────────────────────────────────────────────────

class SoakServer {
  private next = 0;
  private waiting = new Map<number, (m: { answer?: unknown; error?: string }) => void>();
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (m: { type: string; id: number; answer?: unknown; error?: string }) => {
      if (m.type === 'answer') this.waiting.get(m.id)?.(m);
    });
  }

  static async start(dataDir: string, opts: SoakServerOptions): Promise<SoakServer> {
    const child = fork(path.join(import.meta.dirname, 'soak-server.ts'), [dataDir, JSON.stringify(opts)], {
      execArgv: ['--import', 'tsx', ...(env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...env, LOG_LEVEL: 'warn' },
    });
    process.on('exit', () => child.kill('SIGKILL'));
    const ready = await new Promise<{ address: string }>((resolve, reject) => {
      child.once('message', resolve as never);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    return new SoakServer(child, ready.address);
  }

  private ask<T>(m: Omit<SoakMessage, 'id'>): Promise<T> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (a) => {
        this.waiting.delete(id);
        if (a.error) reject(new Error(a.error));
        else resolve(a.answer as T);
      });
      this.child.send({ ...m, id });
    });
  }

  sql<T>(text: string, params?: unknown[]): Promise<T[]> {
    return this.ask({ type: 'sql', text, params } as never);
  }
  maintenance(): Promise<MaintenanceLog> {
    return this.ask({ type: 'maintenance' } as never);
  }
  prune(): Promise<void> {
    return this.ask({ type: 'prune' } as never);
  }
  async stop() {
    this.child.send({ type: 'exit' });
    await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

// ── Measurements ──────────────────────────────────────────────────────────────────────────────

type TableFigures = { bytes: number; heap: number; indexes: number; live: number; dead: number };

async function tableFigures(server: SoakServer): Promise<Record<string, TableFigures>> {
  await server.sql('select pg_stat_force_next_flush()');
  const rows = await server.sql<TableFigures & { name: string }>(
    `select s.relname as name, pg_total_relation_size(s.relid)::float8 as bytes,
       pg_relation_size(s.relid)::float8 as heap, pg_indexes_size(s.relid)::float8 as indexes,
       s.n_live_tup::int as live, s.n_dead_tup::int as dead
     from pg_stat_user_tables s where s.schemaname = 'public' and s.relname = any($1::text[])`,
    [TABLES],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r]));
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

async function listP95(url: string): Promise<Record<string, { p50: number; p95: number }>> {
  const headers = await signInAdmin(url);
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const [name, query] of PAGE_QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < 5 + LIST_RUNS; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/api/tags?${query}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /api/tags?${query}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - t);
    }
    out[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return out;
}

/** Presses each tag once, one after another, timing it to the console's stream; closes their alerts. */
async function pressToConsoleTimes(url: string, tags: string[]) {
  const stream = await timedConsole(url);
  const { total } = await pressToConsole(url, stream, tags);
  const ids = new Set<string>();
  for (const e of stream.events) {
    const alert = alertOf(e.data);
    if (alert && tags.includes(alert.tag)) ids.add(alert.id);
  }
  stream.close();
  for (const id of ids) await closeAlert(url, id);
  return {
    p50: percentile(total, 50),
    p99: percentile(total, 99),
    lost: total.filter((t) => t === Infinity).length,
  };
}

async function closeAlert(url: string, id: string): Promise<number> {
  const res = await fetch(`${url}/api/alerts/${id}`, {
    method: 'PUT',
    headers: apiHeaders,
    body: JSON.stringify({ reasonCode: 'ignored_false_alarm' }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function snapshot(server: SoakServer, dataDir: string, latencyTags: string[]) {
  const lists = await listP95(server.url);
  const presses = await pressToConsoleTimes(server.url, latencyTags);
  return { tables: await tableFigures(server), lists, presses, diskBytes: dirBytes(dataDir) };
}

/** Calls `fire` `rate` times a second, open loop (a slow answer never delays the next), until stopped. */
function pace(rate: number, fire: (i: number) => void): { stop(): void } {
  const started = performance.now();
  let fired = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (fired < due) fire(fired++);
  }, 10);
  return { stop: () => clearInterval(timer) };
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-soak-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
let orgId: string;
{
  const started = performance.now();
  const database = await openDatabase({ dataDir });
  await seedDemo(database.db);
  const demo = await database.sql.query<{ n: number }>(
    `select count(*)::int as n from tags t join zones z on z.id = t.org_id where z.slug = 'demo'`,
  );
  const report = await seedScale(database.db, {
    tags: TAGS - demo.rows[0]!.n,
    gateways: GATEWAYS,
    org: 'demo',
  });
  orgId = report.orgId;
  await database.close();
  console.log(
    `seed: ${TAGS} tags, ${GATEWAYS} gateways, ${report.heartbeats} heartbeats in ${f1((performance.now() - started) / 1000)} s`,
  );
}
const serverOptions: SoakServerOptions = {
  vacuumMs: PGLITE_VACUUM_MS / SPEED,
  checkpointMs: PGLITE_CHECKPOINT_MS / SPEED,
  ginMergeMs: PGLITE_GIN_MERGE_MS / SPEED,
  quiet: {
    aboveMs: PGLITE_QUIET.aboveMs,
    quietMs: PGLITE_QUIET.quietMs / SPEED,
    waitMs: PGLITE_QUIET.waitMs / SPEED,
  },
  speed: SPEED,
};
const server = await SoakServer.start(dataDir, serverOptions);
const prefix = scalePrefixes(orgId).tag;
const allTags = (
  await server.sql<{ id: string }>('select id from tags where org_id = $1 and id like $2 order by id', [
    orgId,
    `${prefix}%`,
  ])
).map((r) => r.id);
const startTags = allTags.slice(0, PHASE_PRESSES);
const endTags = allTags.slice(PHASE_PRESSES, 2 * PHASE_PRESSES);
const trafficTags = allTags.slice(2 * PHASE_PRESSES);
// SPEC §4: only available tags can be labelled.
const availableTags = (
  await server.sql<{ id: string }>(
    `select id from tags where org_id = $1 and id like $2 and config->>'state' = 'available' order by id`,
    [orgId, `${prefix}%`],
  )
).map((r) => r.id);
const gatewayIds = (
  await server.sql<{ id: string }>(
    `select id from gateways where org_id = $1 and id like $2 and state->>'status' <> 'disconnected' order by id`,
    [orgId, `${scalePrefixes(orgId).gateway}%`],
  )
).map((r) => r.id);
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

console.log(
  `\nPGlite on disk, ${TAGS} tags, ${gatewayIds.length} connected gateways of ${GATEWAYS}; ${DAYS} simulated days of ${DAY_S} s ` +
    `(speed ×${f1(SPEED)}); maintenance every ${f1(serverOptions.vacuumMs)} ms, checkpoints every ${f1(serverOptions.checkpointMs)} ms, ` +
    `GIN merges every ${f1(serverOptions.ginMergeMs)} ms, quiet ${f1(serverOptions.quiet.quietMs)} ms waited ≤ ${f1(serverOptions.quiet.waitMs)} ms ` +
    `for statements expected > ${serverOptions.quiet.aboveMs} ms; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const start = await snapshot(server, dataDir, startTags);
console.log(
  `start: press → console p99 ${f1(start.presses.p99)} ms; data directory ${mb(start.diskBytes)} MB`,
);

// The week.
type Day = {
  presses: number;
  failed: number;
  answers: number[];
  toConsole: number[];
  heartbeatRows: number;
  routeHeartbeats: number;
  closes: number;
  closeFailures: number;
  statements: MaintenanceStatement[];
  loop?: { p99: number; max: number };
};
const days: Day[] = [];
const newDay = (): Day => ({
  presses: 0,
  failed: 0,
  answers: [],
  toConsole: [],
  heartbeatRows: 0,
  routeHeartbeats: 0,
  closes: 0,
  closeFailures: 0,
  statements: [],
});
let today = newDay();
const arrivals = new Map<string, number>();
const sent = new Map<string, { at: number; day: Day }>();
const stream = await collectEvents(server.url, apiHeaders, undefined, (event) => {
  const alert = alertOf(event.data);
  if (alert?.state === 'notified' && !arrivals.has(alert.id)) {
    arrivals.set(alert.id, performance.now());
    const press = sent.get(alert.id);
    if (press) press.day.toConsole.push(performance.now() - press.at);
  }
});
const inFlight = new Set<Promise<unknown>>();
const track = (p: Promise<unknown>) => {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
};
let nonce = 0;

let skipped = 0;
let batchedRows = 0;
const pressOnce = () => {
  const day = today;
  if (inFlight.size >= MAX_IN_FLIGHT) return void skipped++;
  const tag = pick(trafficTags);
  const at = performance.now();
  day.presses++;
  track(
    fetch(`${server.url}/api/ingest/button-events`, {
      method: 'POST',
      headers: gatewayHeaders,
      body: JSON.stringify({
        gateway: pick(gatewayIds),
        buttonEvents: [{ tag, nonce: `soak-${process.pid}-${nonce++}`, events: eventsForPattern('help') }],
      }),
    })
      .then(async (res) => {
        const body = (await res.json()) as { results?: { alertId?: string }[] };
        if (!res.ok) throw new Error(String(res.status));
        day.answers.push(performance.now() - at);
        const id = body.results?.[0]?.alertId;
        if (!id || sent.has(id)) return;
        sent.set(id, { at, day });
        const arrived = arrivals.get(id);
        if (arrived !== undefined) day.toConsole.push(arrived - at);
        setTimeout(() => track(acknowledge(id)), (ACK_S * 1000) / SPEED);
        setTimeout(() => track(close(id, day)), (CLOSE_S * 1000) / SPEED);
      })
      .catch(() => day.failed++),
  );
};
const acknowledge = (id: string) =>
  fetch(`${server.url}/api/alerts/${id}`, {
    method: 'PUT',
    headers: apiHeaders,
    body: JSON.stringify({ acknowledged: true }),
  })
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
const close = async (id: string, day: Day) => {
  const status = await closeAlert(server.url, id).catch(() => 0);
  if (status === 200) day.closes++;
  else day.closeFailures++;
};

const weekStarted = performance.now();
const simNow = () => (performance.now() - weekStarted) * SPEED;
const presses = pace((PRESSES_PER_MIN / 60) * SPEED, pressOnce);
const routeHeartbeats = pace((gatewayIds.length / ROUTE_HEARTBEAT_S) * SPEED, (i) => {
  const day = today;
  if (inFlight.size >= MAX_IN_FLIGHT) return void skipped++;
  track(
    fetch(`${server.url}/api/ingest/heartbeats`, {
      method: 'POST',
      headers: gatewayHeaders,
      body: JSON.stringify({ gateway: gatewayIds[i % gatewayIds.length], status: 'connected' }),
    })
      .then((res) => res.arrayBuffer().then(() => res.ok && day.routeHeartbeats++))
      .catch(() => undefined),
  );
});
let minutesWritten = 0;
let running = true;
const heartbeatRows = (async () => {
  while (running) {
    const minutes = Math.floor(simNow() / (HEARTBEAT_S * 1000)) - minutesWritten;
    if (minutes > 0) {
      const day = today;
      minutesWritten += minutes;
      const [row] = await server.sql<{ n: number }>(
        `with w as (insert into gateway_heartbeats (org_id, gateway_id, status, payload, at)
           select g.org_id, g.id, 'connected', jsonb_build_object('gateway', g.id, 'status', 'connected',
             'version', g.state->'version', 'hardware', g.state->'hardware', 'diagnostics', g.state->'diagnostics',
             'neighbors', g.state->'neighbors'), now()
           from gateways g cross join generate_series(1, $1::int) k
           where g.id = any($2::text[]) returning 1)
         select count(*)::int as n from w`,
        [minutes, gatewayIds],
      );
      day.heartbeatRows += row!.n;
    }
    await sleep(100);
  }
})();
const housekeeping = setInterval(
  () => track(server.prune().catch(() => undefined)),
  (HOUSEKEEPING_S * 1000) / SPEED,
);
const seen = new Set<string>();
const collectStatements = async () => {
  const log = await server.maintenance();
  for (const s of log.statements) {
    const key = `${s.startedAt}:${s.sql}`;
    if (seen.has(key)) continue;
    seen.add(key);
    today.statements.push(s);
  }
  return log;
};
const statementsTimer = setInterval(() => track(collectStatements().catch(() => undefined)), 2000);
await fetch(`${server.url}/healthz/event-loop?reset=true`).then((res) => res.arrayBuffer());

for (let d = 0; d < DAYS; d++) {
  for (let b = 0; b < BATCHES_A_DAY; b++) {
    const batchAt = weekStarted + (d + b / BATCHES_A_DAY) * DAY_S * 1000;
    const ids = [...new Set(Array.from({ length: BATCH_TAGS }, () => pick(availableTags)))];
    setTimeout(
      () =>
        track(
          signInAdmin(server.url)
            .then((headers) =>
              fetch(`${server.url}/api/tags`, {
                method: 'PUT',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({
                  ids,
                  op: 'label',
                  args: { label: `Soak day ${d + 1} batch ${b + 1}` },
                }),
              }),
            )
            .then(async (res) => {
              const body = await res.text();
              if (!res.ok) throw new Error(`${res.status} ${body}`);
              batchedRows += ids.length;
            })
            .catch((err: Error) => console.log(`day ${d + 1}: a tag batch failed: ${err.message}`)),
        ),
      Math.max(0, batchAt - performance.now()),
    );
  }
  const dayEnds = weekStarted + (d + 1) * DAY_S * 1000;
  await sleep(dayEnds - performance.now());
  await collectStatements();
  const loop = (await fetch(`${server.url}/healthz/event-loop?reset=true`)
    .then((res) => res.json())
    .catch(() => undefined)) as { eventLoopDelayMs: { p99: number; max: number } } | undefined;
  today.loop = loop?.eventLoopDelayMs;
  days.push(today);
  const t = await tableFigures(server);
  console.log(
    `day ${d + 1}: ${today.presses} presses, ${today.heartbeatRows} heartbeat rows; tags ${mb(t.tags!.bytes)} MB ` +
      `(${t.tags!.dead} dead), gateway_heartbeats ${mb(t.gateway_heartbeats!.bytes)} MB, ${today.statements.length} maintenance statements`,
  );
  today = newDay();
}
running = false;
presses.stop();
routeHeartbeats.stop();
clearInterval(housekeeping);
clearInterval(statementsTimer);
await heartbeatRows;
await sleep(((CLOSE_S + 5) * 1000) / SPEED);
await Promise.all([...inFlight]);
stream.close();
const log = await collectStatements();
console.log(`tag rows rewritten by the console's batches: ${batchedRows}`);
if (skipped)
  console.log(`${skipped} presses or heartbeats skipped: ${MAX_IN_FLIGHT} requests were in flight`);
const end = await snapshot(server, dataDir, endTags);
await server.stop();

// ── Figures ───────────────────────────────────────────────────────────────────────────────────

const pct = (xs: number[], p: number) => percentile(xs, p);
console.log('\nPer simulated day (press: POST answer ms; console: press → SSE event ms)');
console.table(
  days.map((d, i) => {
    const longest = d.statements.reduce<MaintenanceStatement | undefined>(
      (a, s) => (!a || s.ms > a.ms ? s : a),
      undefined,
    );
    return {
      day: i + 1,
      presses: `${d.presses}${d.failed ? ` (${d.failed} failed)` : ''}`,
      'press p50/p99/max': `${f1(pct(d.answers, 50))} / ${f1(pct(d.answers, 99))} / ${f1(Math.max(...d.answers))}`,
      'console p99': f1(pct(d.toConsole, 99)),
      closed: `${d.closes}${d.closeFailures ? ` (${d.closeFailures} not)` : ''}`,
      'heartbeat rows (+route)': `${d.heartbeatRows} (+${d.routeHeartbeats})`,
      'loop p99/max': d.loop ? `${f1(d.loop.p99)} / ${f1(d.loop.max)}` : '—',
      statements: d.statements.length,
      'held ms': f1(d.statements.reduce((a, s) => a + s.ms, 0)),
      longest: longest ? `${f1(longest.ms)} ${longest.sql}` : '—',
    };
  }),
);

console.log('\nTables at the start and at the end of the week (total size = heap + indexes + TOAST)');
console.table(
  TABLES.map((name) => {
    const a = start.tables[name]!;
    const b = end.tables[name]!;
    return {
      table: name,
      'MB start': mb(a.bytes),
      'MB end': mb(b.bytes),
      'heap/idx MB end': `${mb(b.heap)} / ${mb(b.indexes)}`,
      'rows start': a.live,
      'rows end': b.live,
      'dead start': a.dead,
      'dead end': b.dead,
    };
  }),
);
console.log(`data directory: ${mb(start.diskBytes)} MB → ${mb(end.diskBytes)} MB`);

console.log('\nThe alert path and the tag list, start → end');
console.table([
  {
    measure: `press → console (${PHASE_PRESSES} presses, one at a time) p50`,
    start: f1(start.presses.p50),
    end: f1(end.presses.p50),
  },
  { measure: 'press → console p99', start: f1(start.presses.p99), end: f1(end.presses.p99) },
  ...PAGE_QUERIES.map(([name]) => ({
    measure: `tag list p95: ${name}`,
    start: f1(start.lists[name]!.p95),
    end: f1(end.lists[name]!.p95),
  })),
]);
if (start.presses.lost || end.presses.lost)
  console.log(`presses never seen: ${start.presses.lost} / ${end.presses.lost}`);

const all = days.flatMap((d) => d.statements);
const kinds = new Map<string, MaintenanceStatement[]>();
for (const s of all) {
  const kind = s.sql.split(/[ (]/)[0] === 'select' ? 'gin merge' : s.sql.replace(/ [^ ]+$/, '');
  kinds.set(kind, [...(kinds.get(kind) ?? []), s]);
}
console.log(`\nMaintenance over the week: ${log.rounds} rounds, ${all.length} statements`);
console.table(
  [...kinds].map(([kind, xs]) => ({
    kind,
    statements: xs.length,
    'held ms total': f1(xs.reduce((a, s) => a + s.ms, 0)),
    'p50 ms': f1(
      pct(
        xs.map((s) => s.ms),
        50,
      ),
    ),
    'max ms': f1(Math.max(...xs.map((s) => s.ms))),
    'waited for quiet': xs.filter((s) => s.waitedMs > 0).length,
    'ran at the cap': xs.filter((s) => s.waitedMs >= serverOptions.quiet.waitMs).length,
  })),
);
console.log('Vacuums and analyzes of the tables above:');
console.table(
  TABLES.map((name) => {
    const of = (kind: string) => all.filter((s) => s.sql === `${kind} ${name}`);
    const figures = (xs: MaintenanceStatement[]) =>
      xs.length
        ? `${xs.length}: p50 ${f1(
            pct(
              xs.map((s) => s.ms),
              50,
            ),
          )}, max ${f1(Math.max(...xs.map((s) => s.ms)))}`
        : '0';
    return {
      table: name,
      'vacuum (freeze) ms': figures(of('vacuum (freeze)')),
      'analyze ms': figures(of('analyze')),
    };
  }),
);
console.log('Longest statements:');
console.table(
  [...all]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((s) => ({ sql: s.sql, ms: f1(s.ms), 'waited ms': f1(s.waitedMs) })),
);
console.log(
  `longest single maintenance statement: ${log.longest ? `${f1(log.longest.ms)} ms (${log.longest.sql})` : '—'}`,
);
