// The alert path, proven: from a gateway's POST of a button event to the alert's row
// painted in a real Chromium console, with 1,000 other consoles on the event stream as light
// clients in a process of their own (bench/alert-latency-clients.mjs), and the same with the
// stream cut (the console polling every 2 s, the light clients gone) as the baseline.
//
// The server runs as its own process (`vigil serve`), on embedded PGlite and, when 127.0.0.1:5432
// answers, on PostgreSQL in a database made for the run and dropped after it. Both ends read the
// same wall clock: the bench notes Date.now() (1 ms steps) just before each post; the page notes
// performance.timeOrigin + performance.now() (0.1 ms steps in Chromium) when a MutationObserver
// sees the alert's card (`article` named "Alert: Tag <id> at …") enter the DOM, and again after
// the next frame has rendered it ("painted"); bench/alert-latency-probe.mjs. Chromium connects
// after the light clients, so it is the last stream the server writes each event to (the worst
// place). Each alert is closed through the API once painted. Server event-loop delay and CPU come
// from GET /healthz/event-loop. Figures: docs/BENCHMARKS.md "Press to console".
//
// BENCH_PRESSES (200 per mode), BENCH_CLIENTS (1000), BENCH_RATE (presses per second, 5),
// BENCH_DB (pglite,postgres), BENCH_MODES (stream,polling), BENCH_PG (postgres://postgres@127.0.0.1:5432),
// BENCH_SERVER_LOG=1 shows the server's log; BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof) go to its node;
// BENCH_PAGE_PROFILE=<dir> saves a CPU profile of the console's page over the presses; BENCH_NICE below.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { eq, openDatabase } from '../apps/server/src/platform/db/client';
import { tags } from '../apps/server/src/db/schema';
import {
  DEMO_API_KEY,
  DEMO_GATEWAY_IDS,
  DEMO_GATEWAY_KEY,
  DEMO_PASSWORD,
  DEMO_TAG_IDS,
  seedBase,
  seedDemo,
} from '../apps/server/src/db/seed';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 200);
const WARMUP = 10;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const TARGET_MS = 100;
const PORTS = { pglite: 8310, postgres: 8311 } as const;
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as (keyof typeof PORTS)[];
const MODES = (process.env.BENCH_MODES ?? 'stream,polling').split(',') as Mode[];
const USER = 'security@demo.example';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

type Mode = 'stream' | 'polling';
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const apiHeaders = {
  slug: 'demo',
  domain: 'localhost',
  authorization: `Basic ${Buffer.from(`${DEMO_API_KEY}:`).toString('base64')}`,
};
const gatewayHeaders = {
  authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};

// ── In the page (bench/alert-latency-probe.mjs) ──────────────────────────────────────────────────

type Seen = { dom: number; painted?: number };
/** What bench/alert-latency-probe.mjs keeps in the page as `window.__bench`. */
type Probe = {
  seen: Record<string, Seen>;
  arrived: Record<string, number>;
  polls: number;
  streams: number;
  blocked: number;
  warnings: number;
};
const PROBE = path.join(import.meta.dirname, 'alert-latency-probe.mjs');

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

type LoopLag = {
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  samples: number;
  windowMs: number;
  cpuMs: { user: number; system: number };
};
async function eventLoop(base: string, reset: boolean): Promise<LoopLag> {
  const res = await fetch(`${base}/healthz/event-loop${reset ? '?reset=true' : ''}`);
  if (!res.ok) throw new Error(`event-loop ${res.status}`);
  return (await res.json()) as LoopLag;
}

/** The light clients' process, driven over IPC. */
class LightClients {
  private readonly child: ChildProcess;
  private waiting = new Map<string, (msg: Record<string, unknown>) => void>();
  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'alert-latency-clients.mjs'), [], { stdio: 'inherit' });
    this.child.on('message', (msg: Record<string, unknown>) => {
      const resolve = this.waiting.get(msg.type as string);
      this.waiting.delete(msg.type as string);
      resolve?.(msg);
    });
  }
  private ask<T>(cmd: Record<string, unknown>, answer: string): Promise<T> {
    return new Promise((resolve) => {
      this.waiting.set(answer, resolve as (msg: Record<string, unknown>) => void);
      this.child.send(cmd);
    });
  }
  connect(url: string, count: number) {
    return this.ask<{ connected: number; failed: Record<string, number>; ms: number }>(
      { cmd: 'connect', url, headers: apiHeaders, count },
      'connected',
    );
  }
  stats() {
    return this.ask<ClientStats>({ cmd: 'stats' }, 'stats');
  }
  async close() {
    await this.ask({ cmd: 'close' }, 'closed');
  }
}
type ClientStats = {
  clients: number;
  open: number;
  drops: number;
  eventsMin: number;
  eventsMax: number;
  eventsTotal: number;
  cpuMs: number;
  tags: Record<string, { n: number; first: number; last: number }>;
};

// ── One database ───────────────────────────────────────────────────────────────────────────────

type Row = {
  database: string;
  mode: Mode;
  presses: number;
  painted: number[];
  dom: number[];
  /** Stream mode: the event in the page, and from there to painted. */
  arrived: number[];
  render: number[];
  posts: number[];
  missing: number;
  loop: LoopLag;
  polls: number;
  streams: number;
  warnings: number;
  clients?: ClientStats & {
    connected: number;
    connectMs: number;
    fanoutLast: number[];
    fullCoverage: number;
  };
  clockSkewMs: number;
  /** The machine's 1-minute load average when the mode started, and when it ended. */
  load: [number, number];
};

async function prepare(kind: keyof typeof PORTS, dataDir: string, benchTags: string[]) {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  let name = 'PGlite (embedded, DATA_DIR)';
  if (kind === 'postgres') {
    const dbName = `vigil_bench_alert_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = `${PG_URL}/${dbName}`;
    const version = new pg.Client({ connectionString: databaseUrl });
    await version.connect();
    const v = (await version.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    await version.end();
    name = `PostgreSQL ${v} at 127.0.0.1:5432, database ${dbName}`;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    };
  }
  // Seed before the server starts (PGlite has one owner): the demo, plus a tag per press.
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedBase(database.db);
  await seedDemo(database.db);
  const [demoTag] = await database.db.select().from(tags).where(eq(tags.id, DEMO_TAG_IDS[0]!));
  await database.db.insert(tags).values(
    benchTags.map((id) => ({
      id,
      orgId: demoTag!.orgId,
      zoneId: demoTag!.zoneId,
      config: { state: 'deployed', location: demoTag!.zoneId },
      state: {},
    })),
  );
  await database.close();
  return { databaseUrl, dropDatabase, name };
}

function startServer(port: number, dataDir: string, databaseUrl: string | undefined): ChildProcess {
  // A copy of the built console: another run rebuilding apps/console/dist must not change it under us.
  const consoleDir = path.join(dataDir, 'console');
  fs.cpSync(path.join(root, 'apps/console/dist'), consoleDir, { recursive: true });
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/cli.ts'), 'serve'],
    {
      cwd: root,
      stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CONSOLE_DIR: consoleDir,
      },
    },
  );
  return server;
}

async function signIn(browser: Browser, base: string, block: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (block) await context.addInitScript({ content: 'window.__benchBlockStream = true;' });
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(USER);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/alerts/);
  await page.getByText('No active alerts').waitFor();
  return page;
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/**
 * How far the page's clock (timeOrigin + now(), monotonic since the page opened) has drifted from
 * the wall clock both processes share (Date.now(), read in the page, no IPC in between).
 */
const clockSkew = (page: Page) =>
  page.evaluate(() => performance.timeOrigin + performance.now() - Date.now());

async function runMode(
  browser: Browser,
  base: string,
  database: string,
  mode: Mode,
  benchTags: string[],
): Promise<Row> {
  const loadBefore = os.loadavg()[0]!;
  let clients: LightClients | undefined;
  let connected = { connected: 0, failed: {}, ms: 0 };
  if (mode === 'stream') {
    clients = new LightClients();
    connected = await clients.connect(`${base}/api/events`, CLIENTS);
    console.log(
      `  ${connected.connected} light clients on /api/events in ${(connected.ms / 1000).toFixed(1)} s` +
        (Object.keys(connected.failed).length ? `, failed ${JSON.stringify(connected.failed)}` : ''),
    );
  }
  const page = await signIn(browser, base, mode === 'polling');
  if (mode === 'stream')
    await waitFor('the console stream', async () => ((await probeOf(page)).streams ? 1 : undefined));
  else {
    await sleep(2500);
    const p = await probeOf(page);
    if (p.streams !== 0 || p.blocked === 0 || p.polls < 1)
      throw new Error(`the console is not polling: ${JSON.stringify(p)}`);
  }
  const skewBefore = await clockSkew(page);
  // BENCH_PAGE_PROFILE=dir: a CPU profile of the console's page over the presses (DevTools format).
  const cdp = process.env.BENCH_PAGE_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }

  const sent = new Map<string, number>();
  const posted = new Map<string, number>();
  const alertIds = new Map<string, string>();
  const closed = new Set<string>();
  const pending: Promise<void>[] = [];
  let failure: Error | undefined;

  async function press(tag: string) {
    const t0 = Date.now();
    sent.set(tag, t0);
    const res = await fetch(`${base}/api/ingest/button-events`, {
      method: 'POST',
      headers: gatewayHeaders,
      body: JSON.stringify({
        gateway: DEMO_GATEWAY_IDS[0],
        buttonEvents: [
          { tag, nonce: `n-${tag}`, events: [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }] },
        ],
      }),
    });
    posted.set(tag, Date.now() - t0);
    const body = (await res.json()) as { results?: { alertId?: string; status: string }[] };
    const alertId = body.results?.[0]?.alertId;
    if (!res.ok || !alertId) throw new Error(`ingest ${res.status} ${JSON.stringify(body)}`);
    alertIds.set(tag, alertId);
  }

  async function closePainted(all = false) {
    const seen = (await probeOf(page)).seen;
    const due = [...alertIds].filter(([tag]) => !closed.has(tag) && (all || seen[tag]?.painted));
    for (const [tag] of due) closed.add(tag);
    await Promise.all(
      due.map(async ([, id]) => {
        const res = await fetch(`${base}/api/alerts/${id}`, {
          method: 'PUT',
          headers: { ...apiHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({ reasonCode: 'ignored_false_alarm' }),
        });
        if (!res.ok) throw new Error(`close ${res.status} ${await res.text()}`);
      }),
    );
  }

  // Each alert is closed once painted, so the list holds a few open alerts at a time.
  let done = false;
  const closer = (async () => {
    while (!done && !failure) {
      await sleep(500);
      await closePainted().catch((err) => void (failure ??= err));
    }
  })();

  // Warm-up presses first (not counted), then the measured ones, one every 1/RATE s.
  const start = performance.now();
  for (let i = 0; i < benchTags.length; i++) {
    if (i === WARMUP) await eventLoop(base, true);
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(press(benchTags[i]!).catch((err) => void (failure ??= err)));
  }
  await Promise.all(pending);
  const measured = benchTags.slice(WARMUP);
  await waitFor(
    'the last alerts on screen',
    async () => {
      const seen = (await probeOf(page)).seen;
      return measured.every((t) => seen[t]?.painted) ? true : undefined;
    },
    mode === 'stream' ? 5000 : 8000,
  ).catch(() => undefined);
  const loop = await eventLoop(base, false);
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(process.env.BENCH_PAGE_PROFILE!, `console-${mode}-${Date.now()}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  console profile: ${file}`);
  }
  const state = await probeOf(page);
  const skewAfter = await clockSkew(page);
  let clientStats: Row['clients'];
  if (clients) {
    // Every light client should hold every press, and as many events as the others: wait for the
    // last of the fan-out (30 s at most).
    let s = await clients.stats();
    for (const until = Date.now() + 30_000; Date.now() < until; s = await clients.stats()) {
      const all = measured.every((t) => (s.tags[t]?.n ?? 0) === connected.connected);
      if (all && s.eventsMin === s.eventsMax) break;
      await sleep(500);
    }
    const fanoutLast = measured
      .map((t) => (s.tags[t] ? s.tags[t].last - sent.get(t)! : Infinity))
      .sort((a, b) => a - b);
    const fullCoverage = measured.filter((t) => (s.tags[t]?.n ?? 0) === connected.connected).length;
    clientStats = { ...s, connected: connected.connected, connectMs: connected.ms, fanoutLast, fullCoverage };
    await clients.close();
  }
  done = true;
  await closer;
  await closePainted(true).catch((err) => void (failure ??= err));
  if (failure) throw failure;
  await page.context().close();

  const painted = measured
    .map((t) => (state.seen[t]?.painted ?? Infinity) - sent.get(t)!)
    .sort((a, b) => a - b);
  const dom = measured.map((t) => (state.seen[t]?.dom ?? Infinity) - sent.get(t)!).sort((a, b) => a - b);
  const inPage = measured.filter((t) => state.arrived[t] !== undefined);
  const arrived = inPage.map((t) => state.arrived[t]! - sent.get(t)!).sort((a, b) => a - b);
  const render = inPage
    .map((t) => (state.seen[t]?.painted ?? Infinity) - state.arrived[t]!)
    .sort((a, b) => a - b);
  return {
    database,
    mode,
    presses: measured.length,
    painted,
    dom,
    arrived,
    render,
    posts: measured.map((t) => posted.get(t) ?? Infinity).sort((a, b) => a - b),
    missing: painted.filter((m) => !Number.isFinite(m)).length,
    loop,
    polls: state.polls,
    streams: state.streams,
    warnings: state.warnings,
    clients: clientStats,
    clockSkewMs: Math.max(Math.abs(skewBefore), Math.abs(skewAfter)),
    load: [loadBefore, os.loadavg()[0]!],
  };
}

async function benchDatabase(browser: Browser, kind: keyof typeof PORTS, run: number): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-alert-'));
  const perMode = PRESSES + WARMUP;
  const benchTags = Array.from({ length: perMode * MODES.length }, (_, i) =>
    `be0c${String(run)}${String(i).padStart(7, '0')}`.slice(0, 12),
  );
  const { databaseUrl, dropDatabase, name } = await prepare(kind, dataDir, benchTags);
  const base = `http://127.0.0.1:${PORTS[kind]}`;
  const server = startServer(PORTS[kind], dataDir, databaseUrl);
  try {
    const exited = new Promise<never>((_, reject) =>
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
    );
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      waitFor('the server', async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined)),
    ]);
    console.log(`\n# ${name}: server pid ${server.pid} on ${base}`);
    const rows: Row[] = [];
    for (const [i, mode] of MODES.entries()) {
      console.log(`  ${mode}: ${PRESSES} presses (+${WARMUP} warm-up) at ${RATE}/s …`);
      rows.push(await runMode(browser, base, name, mode, benchTags.slice(i * perMode, (i + 1) * perMode)));
    }
    return rows;
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await gone;
    }
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────

if (!fs.existsSync(path.join(root, 'apps/console/dist/index.html'))) {
  console.log('building the console …');
  const build = spawn('npm', ['run', 'build', '--workspace', 'apps/console'], {
    cwd: root,
    stdio: 'inherit',
  });
  await new Promise((r) => build.once('exit', r));
}

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

// BENCH_NICE=-10: this process, and so the server, the light clients and Chromium it starts, get
// that scheduling priority (root only), as if the machine were theirs; PostgreSQL keeps its own.
if (process.env.BENCH_NICE) os.setPriority(0, Number(process.env.BENCH_NICE));
const nice = os.getPriority(0);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const rows: Row[] = [];
try {
  for (const [run, kind] of DATABASES.entries()) {
    if (kind === 'postgres' && !(await postgresAnswers())) {
      console.log(`\n# PostgreSQL at ${PG_URL} does not answer: skipped`);
      continue;
    }
    rows.push(...(await benchDatabase(browser, kind, run)));
  }
} finally {
  await browser.close();
}

console.log(
  `\npress → alert row painted in Chromium (/alerts as ${USER}), ${os.cpus().length} cores, ` +
    `${RATE} presses/s, target p99 < ${TARGET_MS} ms with the stream; nice ${nice}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
console.table(
  rows.map((r) => ({
    database: r.database.split(' at ')[0]!.split(' (')[0],
    console: r.mode === 'stream' ? `SSE + ${r.clients?.connected ?? 0} clients` : 'polling 2 s',
    presses: r.presses,
    'p50 ms': f1(pct(r.painted, 0.5)),
    'p95 ms': f1(pct(r.painted, 0.95)),
    'p99 ms': f1(pct(r.painted, 0.99)),
    'max ms': f1(pct(r.painted, 1)),
    'DOM p99': f1(pct(r.dom, 0.99)),
    'post p50': f1(pct(r.posts, 0.5)),
    'post p99': f1(pct(r.posts, 0.99)),
    missing: r.missing,
    'loop p50/p99/max ms': `${r.loop.eventLoopDelayMs.p50}/${r.loop.eventLoopDelayMs.p99}/${r.loop.eventLoopDelayMs.max}`,
    'CPU ms/press': f1((r.loop.cpuMs.user + r.loop.cpuMs.system) / r.presses),
  })),
);
for (const r of rows) {
  console.log(`\n${r.database}, ${r.mode}:`);
  const cpu = r.loop.cpuMs.user + r.loop.cpuMs.system;
  console.log(
    `  server: event-loop delay p50 ${r.loop.eventLoopDelayMs.p50} ms, p99 ${r.loop.eventLoopDelayMs.p99} ms, max ${r.loop.eventLoopDelayMs.max} ms; ` +
      `CPU ${(cpu / 1000).toFixed(1)} s in ${(r.loop.windowMs / 1000).toFixed(1)} s (${((100 * cpu) / r.loop.windowMs).toFixed(0)}% of a core); ` +
      `machine load ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}`,
  );
  console.log(
    `  console: ${r.polls} polls of GET /api/alerts, ${r.streams} stream connection(s), ` +
      `'Alerts will not be shown' ${r.warnings ? `shown ${r.warnings}×` : 'never shown'}; ` +
      `page clock − wall clock ≤ ${r.clockSkewMs.toFixed(1)} ms`,
  );
  if (r.clients) {
    const c = r.clients;
    console.log(
      `  light clients: ${c.connected} connected in ${(c.connectMs / 1000).toFixed(1)} s, ${c.open} still open, ${c.drops} dropped; ` +
        `alert events received per client ${c.eventsMin}–${c.eventsMax} (total ${c.eventsTotal}); ` +
        `${c.fullCoverage}/${r.presses} presses reached all of them (their process: ${(c.cpuMs / 1000).toFixed(1)} s CPU); last client p50 ${f1(pct(c.fanoutLast, 0.5))} ms, p99 ${f1(pct(c.fanoutLast, 0.99))} ms after the post`,
    );
  }
  if (r.mode === 'stream') {
    console.log(
      `  event in the page p50 ${f1(pct(r.arrived, 0.5))} ms, p99 ${f1(pct(r.arrived, 0.99))} ms after the post; ` +
        `from there to painted p50 ${f1(pct(r.render, 0.5))} ms, p99 ${f1(pct(r.render, 0.99))} ms (${r.arrived.length} events seen)`,
    );
    const p99 = pct(r.painted, 0.99);
    console.log(
      `  p99 ${f1(p99)} ms: ${p99 < TARGET_MS ? 'met' : 'MISSED'} (${(p99 / TARGET_MS).toFixed(2)}× the ${TARGET_MS} ms target)`,
    );
    const base = rows.find((b) => b.database === r.database && b.mode === 'polling');
    if (base)
      console.log(
        `  stream vs polling: p50 ${f1(pct(base.painted, 0.5))} / ${f1(pct(r.painted, 0.5))} = ${(pct(base.painted, 0.5) / pct(r.painted, 0.5)).toFixed(1)}× faster, ` +
          `p99 ${f1(pct(base.painted, 0.99))} / ${f1(p99)} = ${(pct(base.painted, 0.99) / p99).toFixed(1)}× faster`,
      );
  }
}
if (rows.some((r) => r.missing > 0)) process.exitCode = 1;
