// Reports and analytics at real scale (issue 18 "Speed"): 100,000 tags, 5,000 gateways and
// 1,000,000 closed alerts over a year in the demo organisation, on embedded PGlite (a fresh temp
// dir) and then on PostgreSQL (a fresh database on 127.0.0.1:5432, dropped after), through the real
// HTTP API with the server in a process of its own (bench/server-process.ts).
//
//  1. each report's summary and first details page (GET /api/reports/{type}, a year's range) and
//     each analytics answer for a year (GET /api/analytics/{incidents,response-times}), cold: the
//     analytics cache is keyed by the range's days, so every run starts a day earlier than the one
//     before (the reports have no answer cache). p50/p95 over BENCH_RUNS.   target p95 < 100 ms
//     Each against a baseline over the raw rows: the analytics answers' figures computed by SQL
//     straight from `alerts` (counts, percentile_cont, width_bucket histograms, the slowest), and
//     the reports' same requests with their indexes (tags_org_last_seen_idx, tags_org_urgency_idx)
//     dropped, measured last.
//  2. Missing Tags' streamed CSV over the year (GET /api/reports/tagsNotSeen/export), every tag
//     last heard over a day ago (~86,000 of the 100,000), with the server's memory growth.
//                                                                                target < 2 s
//  3. navigation → chart painted in Chromium: the console signed in, /alerts loaded afresh and the
//     server's analytics cache emptied, then the sidebar's Response Times; from the click to the
//     first frame painted with the first chart's bars, and with all the screen's charts.
//                                                                           target p95 < 1 s
//  4. ingest p99 (POST /api/ingest/button-events, demo gateway key) while the rollups are kept up to
//     date: presses of fresh tags at a steady rate, each opening an alert that two other clients
//     acknowledge and close (PUT /api/alerts/{id}), so the rollup triggers fire during the burst;
//     then the rollups' totals checked against the raw alerts.             target p99 < 100 ms
//
// BENCH_TAGS=100000 BENCH_GATEWAYS=5000 BENCH_ALERTS=1000000 BENCH_ALERT_DAYS=365 BENCH_RUNS=20
// BENCH_BASELINE_RUNS (default BENCH_RUNS) BENCH_RAW_RUNS=5 BENCH_EXPORT_RUNS=3 BENCH_NAVIGATIONS=10
// BENCH_INGEST_RATE=20 BENCH_BURST_S=30 BENCH_PHASES=answers,export,chart,burst,baseline
// BENCH_PGLITE=0 (skip PGlite) BENCH_PG=0 (skip PostgreSQL: the server of DATABASE_URL, else
// 127.0.0.1:5432, as bench/instances.bench.ts) BENCH_CONSOLE_DIR (a console already built; else
// apps/console is built into a temporary folder) BENCH_SERVER_NODE_ARGS. Figures: docs/BENCHMARKS.md
// "Reports and analytics (issue 18)".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPORT_TYPES, RESPONSE_BUCKETS_S, type ReportType } from '@vigil/domain';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { seedAlerts } from '../apps/server/src/db/seed-alerts';
import { seedScale } from '../apps/server/src/db/seed-scale';
import { freshPostgresDatabase, postgresAnswers } from '../apps/server/test/helpers/spawn';
import { launchChromium, sidebar, signIn } from './chromium';
import { BenchApi, consoleBuild, sleep } from './floor-map-setup';
import { pressesDuring } from './presses';
import { Server, signInAdmin } from './server-process';
import { f1, pct, sorted } from './stats';

const env = process.env;
const TAGS = Number(env.BENCH_TAGS ?? 100_000);
const GATEWAYS = Number(env.BENCH_GATEWAYS ?? 5_000);
const ALERTS = Number(env.BENCH_ALERTS ?? 1_000_000);
const ALERT_DAYS = Number(env.BENCH_ALERT_DAYS ?? 365);
const RUNS = Number(env.BENCH_RUNS ?? 20);
const BASELINE_RUNS = Number(env.BENCH_BASELINE_RUNS ?? RUNS);
/** The analytics baselines read a million rows for seconds each: fewer runs, one warm-up. */
const RAW_RUNS = Number(env.BENCH_RAW_RUNS ?? 5);
const WARMUP = 2;
const EXPORT_RUNS = Number(env.BENCH_EXPORT_RUNS ?? 3);
const NAVIGATIONS = Number(env.BENCH_NAVIGATIONS ?? 10);
const INGEST_RATE = Number(env.BENCH_INGEST_RATE ?? 20);
const BURST_S = Number(env.BENCH_BURST_S ?? 30);
const PHASES = (env.BENCH_PHASES ?? 'answers,export,chart,burst,baseline').split(',');
const TARGET = { answerP95: 100, exportS: 2, chartP95: 1000, ingestP99: 100 };
/** The indexes the tag reports read (tags/tables.ts): the baseline drops them. */
const REPORT_INDEXES = ['tags_org_last_seen_idx', 'tags_org_urgency_idx'];
const DAY_MS = 86_400_000;

const fmtS = (ms: number) => (ms / 1000).toFixed(2);
const verdict = (value: number, target: number) =>
  `${(value / target).toFixed(2)}× (${value < target ? 'met' : 'MISSED'})`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// ── The questions ──────────────────────────────────────────────────────────────────────────────

/** A year's range ending now, starting `shift` days earlier than a year ago (a new cache key each run). */
function yearRange(shift: number): { start: string; end: string } {
  const now = Date.now();
  return {
    start: new Date(now - (365 + shift) * DAY_MS).toISOString(),
    end: new Date(now).toISOString(),
  };
}

type Question = {
  name: string;
  /** The request's path and query for run `i`. */
  path: (i: number) => string;
  /** What the answer held, for the table. */
  held: (body: Record<string, unknown>) => string;
};

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const REPORT_VIEWS = [
  { view: 'summary', label: 'summary', extra: {} },
  // The console's first page (features/reports/report-tables.tsx: 50 a page) and SPEC §7's (500).
  { view: 'details', label: 'details 50', extra: { limit: 50 } },
  { view: 'details', label: 'details 500', extra: { limit: 500 } },
] as const;

function reportQuestions(): Question[] {
  return REPORT_TYPES.flatMap((type: ReportType) =>
    REPORT_VIEWS.map(({ view, label, extra }) => ({
      name: `${type} ${label}`,
      path: (i: number) => `/api/reports/${type}?${query({ ...yearRange(i), view, ...extra })}`,
      held: (body: Record<string, unknown>) =>
        view === 'summary'
          ? `${body.total} in ${(body.counts as unknown[]).length} zones`
          : `${(body.data as unknown[]).length} of ${body.total}`,
    })),
  );
}

const ANALYTICS: Question[] = [
  {
    name: 'analytics incidents',
    path: (i) => `/api/analytics/incidents?${query(yearRange(i))}`,
    held: (b) => `${b.total} alerts, ${(b.series as unknown[]).length} ${b.interval}s`,
  },
  {
    name: 'analytics response-times',
    path: (i) => `/api/analytics/response-times?${query(yearRange(i))}`,
    held: (b) => `${(b.close as { count: number }).count} closed, ${(b.weekly as unknown[]).length} weeks`,
  },
];

async function ask(url: string, headers: Record<string, string>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return { ms, body: JSON.parse(text) };
}

type Timing = { name: string; held: string; times: number[] };

/** WARMUP + `runs` asks of each question, each run with its own range (run numbers from `from`). */
async function timeQuestions(
  server: Server,
  headers: Record<string, string>,
  questions: Question[],
  runs: number,
  from = 0,
): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const q of questions) {
    const times: number[] = [];
    let held = '';
    for (let i = 0; i < WARMUP + runs; i++) {
      const { ms, body } = await ask(`${server.url}${q.path(from + i)}`, headers);
      if (i >= WARMUP) times.push(ms);
      held = q.held(body as Record<string, unknown>);
    }
    out.push({ name: q.name, held, times: sorted(times) });
  }
  return out;
}

// ── The baselines over the raw alerts ──────────────────────────────────────────────────────────

/** The range's first and last local days as instants, as the server reads them (analytics-query.ts). */
const bounds = (orgId: string, i: number) => {
  const { start, end } = yearRange(i);
  return `b as (
    select tz.name as tz,
      ((('${start}'::timestamptz at time zone tz.name)::date)::timestamp at time zone tz.name) as f,
      ((('${end}'::timestamptz at time zone tz.name)::date + 1)::timestamp at time zone tz.name) as u
    from (select coalesce(nullif(config->>'timeZone', ''), 'UTC') as name from zones where id = '${orgId}') tz)`;
};

/** GET /api/analytics/incidents's figures straight from `alerts`: per week and mode, child zone, detail. */
const rawIncidents = (orgId: string, i: number) => `
  with ${bounds(orgId, i)}, a as (
    select a.created_at, a.mode, a.zone_id, a.closed_at, a.reason_details
    from alerts a, b
    where a.org_id = '${orgId}' and a.created_at >= b.f and a.created_at < b.u and a.mode <> 'test')
  select
    (select json_agg(s) from (select to_char(date_trunc('week', a.created_at at time zone b.tz), 'YYYY-MM-DD') as period,
       a.mode, count(*)::int as n from a, b group by 1, 2) s) as series,
    (select json_agg(l) from (select z.path[array_position(z.path, '${orgId}'::uuid) + 1] as child, count(*)::int as n
       from a left join zones z on z.id = a.zone_id group by 1) l) as by_location,
    (select json_agg(d) from (select d.key, d.value, count(*)::int as n
       from a cross join jsonb_each_text(a.reason_details) d
       where a.closed_at is not null and d.key in ('category', 'source', 'injury') group by 1, 2) d) as details,
    (select json_agg(t) from (select t.value, count(*)::int as n
       from a cross join jsonb_array_elements_text(case when jsonb_typeof(a.reason_details->'target') = 'array'
         then a.reason_details->'target' else '[]'::jsonb end) t
       where a.closed_at is not null group by 1) t) as targets`;

const BUCKETS = `'{${RESPONSE_BUCKETS_S.join(',')}}'::float8[]`;
const PERCENTILES = `count(*)::int as n,
  percentile_cont(array[0.5, 0.9]) within group (order by a.ack) as ack,
  percentile_cont(array[0.5, 0.9]) within group (order by a.cl) as cl`;

/** GET /api/analytics/response-times's figures straight from `alerts`: percentiles, histograms, slowest. */
const rawResponseTimes = (orgId: string, i: number) => `
  with ${bounds(orgId, i)}, a as (
    select a.id, a.tag_id, a.created_at, a.zone_id,
      extract(epoch from a.acknowledged_at - a.created_at)::float8 as ack,
      extract(epoch from a.closed_at - a.created_at)::float8 as cl
    from alerts a, b
    where a.org_id = '${orgId}' and a.closed_at is not null
      and a.created_at >= b.f and a.created_at < b.u and a.mode <> 'test')
  select
    (select row_to_json(t) from (select ${PERCENTILES} from a) t) as total,
    (select json_agg(h) from (select width_bucket(a.ack, ${BUCKETS}) as k, count(*)::int as n
       from a where a.ack is not null group by 1) h) as acknowledge,
    (select json_agg(h) from (select width_bucket(a.cl, ${BUCKETS}) as k, count(*)::int as n from a group by 1) h) as close,
    (select json_agg(w) from (select to_char(date_trunc('week', a.created_at at time zone b.tz), 'YYYY-MM-DD') as week,
       ${PERCENTILES} from a, b group by 1) w) as weekly,
    (select json_agg(l) from (select z.path[array_position(z.path, '${orgId}'::uuid) + 1] as child, ${PERCENTILES}
       from a left join zones z on z.id = a.zone_id group by 1) l) as by_location,
    (select json_agg(s) from (select a.id, a.tag_id, a.ack, a.cl from a
       order by coalesce(a.ack, a.cl) desc limit 10) s) as slowest`;

async function timeSql(server: Server, make: (i: number) => string, runs: number, from: number) {
  const times: number[] = [];
  for (let i = 0; i < 1 + runs; i++) {
    const started = performance.now();
    await server.sql(make(from + i));
    if (i >= 1) times.push(performance.now() - started);
  }
  return sorted(times);
}

// ── 2. The streamed CSV ────────────────────────────────────────────────────────────────────────

async function streamedExport(server: Server, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(
    `${server.url}/api/reports/tagsNotSeen/export?${query({ ...yearRange(0), timeZone: 'America/Chicago' })}`,
    { headers },
  );
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { ms: performance.now() - started, rows: lines - 1, mb: bytes / 1024 / 1024 };
}

// ── 3. Navigation → chart painted ──────────────────────────────────────────────────────────────

/**
 * Runs in the console's page before its own scripts. From each click (a capturing listener), a
 * MutationObserver watches the page for recharts' charts (one `.recharts-responsive-container`
 * each) and their marks (bars, lines, dots); when the first chart, then every chart, holds marks,
 * the time of the next frame is noted: a requestAnimationFrame, then a task posted from it, which
 * runs once that frame is painted. Plain JavaScript in a string: tsx would rename a function's helpers.
 */
const CHART_PROBE = `(() => {
  const state = { clickAt: null, first: null, all: null, charts: 0 };
  window.__chartBench = state;
  const MARKS = '.recharts-bar-rectangle path, .recharts-line-curve, .recharts-line-dots circle, .recharts-line-dot';
  let observer = null;
  const painted = (note) => requestAnimationFrame(() => setTimeout(() => note(performance.now()), 0));
  document.addEventListener('click', () => {
    const click = performance.now();
    Object.assign(state, { clickAt: click, first: null, all: null, charts: 0 });
    let firstSeen = false;
    if (observer) observer.disconnect();
    const check = () => {
      const charts = [...document.querySelectorAll('.recharts-responsive-container')];
      const drawn = charts.filter((c) => c.querySelector('svg.recharts-surface') && c.querySelector(MARKS)).length;
      if (drawn > 0 && !firstSeen) {
        firstSeen = true;
        painted((t) => { if (state.clickAt === click) state.first = t; });
      }
      if (drawn > 0 && drawn === charts.length) {
        observer.disconnect();
        painted((t) => { if (state.clickAt === click) { state.all = t; state.charts = drawn; } });
      }
    };
    observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
  }, true);
})();`;

type ChartFigures = {
  first: number[];
  all: number[];
  charts: number;
  again: { first: number[]; all: number[] };
};

async function chartPainted(page: Page, server: Server, base: string): Promise<ChartFigures> {
  const figures: ChartFigures = { first: [], all: [], charts: 0, again: { first: [], all: [] } };
  const link = (name: string) => sidebar(page).getByRole('link', { name, exact: true });
  const clickThrough = async (): Promise<{ first: number; all: number; charts: number }> => {
    await link('Response Times').click();
    await page.waitForFunction('window.__chartBench.all !== null', null, { timeout: 60_000 });
    const s = (await page.evaluate('window.__chartBench')) as {
      clickAt: number;
      first: number;
      all: number;
      charts: number;
    };
    if (!page.url().endsWith('/analytics/response-times')) throw new Error(`the link opened ${page.url()}`);
    return { first: s.first - s.clickAt, all: s.all - s.clickAt, charts: s.charts };
  };
  for (let i = 0; i <= NAVIGATIONS; i++) {
    // The alerts screen loaded afresh (the page's query cache empty), settled, the server's cache empty.
    await page.goto(`${base}/alerts`);
    await link('Response Times').waitFor();
    await sleep(1000);
    await server.clearAnalyticsCache();
    const once = await clickThrough();
    // Again: the sidebar's Alerts, then Response Times (the chunk and the page's answer kept).
    await link('Alerts').click();
    await page.waitForURL(/\/alerts$/);
    await sleep(500);
    const again = await clickThrough();
    if (i === 0) continue; // warm-up
    figures.first.push(once.first);
    figures.all.push(once.all);
    figures.charts = once.charts;
    figures.again.first.push(again.first);
    figures.again.all.push(again.all);
  }
  return figures;
}

// ── 4. Ingest while alerts close ───────────────────────────────────────────────────────────────

async function burst(server: Server, orgId: string) {
  const count = Math.ceil(INGEST_RATE * BURST_S * 1.2) + 50;
  // Fresh deployed tags of the scale seed, located, not in maintenance: each press opens an alert.
  const tags = (
    await server.sql<{ id: string }>(
      `select id from tags where org_id = '${orgId}' and config->>'state' = 'deployed' and zone_id is not null
         and config->>'maintMode' is null and config->>'mode' = 'standard'
         and not exists (select 1 from alerts a where a.tag_id = tags.id and a.closed_at is null)
       order by id desc limit ${count}`,
    )
  ).map((r) => r.id);
  const api = new BenchApi(server.url);
  const queue: string[] = [];
  const acks: number[] = [];
  const closes: number[] = [];
  const failures: string[] = [];
  let opened = 0;
  let pressing = true;
  const closer = async () => {
    while (pressing || queue.length > 0) {
      const id = queue.shift();
      if (!id) {
        await sleep(5);
        continue;
      }
      try {
        let t = performance.now();
        await api.acknowledge(id);
        acks.push(performance.now() - t);
        t = performance.now();
        await api.close(id);
        closes.push(performance.now() - t);
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
  };
  const closers: Promise<void>[] = [];
  let closedInBurst = 0;
  const presses = await pressesDuring(
    server.url,
    {
      rate: INGEST_RATE,
      tags,
      onResult: (r) => {
        if (r.alertId && r.status === 'created') {
          opened++;
          queue.push(r.alertId);
        }
      },
    },
    async () => {
      closers.push(closer(), closer());
      await sleep(BURST_S * 1000);
      closedInBurst = closes.length;
    },
  );
  pressing = false;
  await Promise.all(closers);
  // The rollups against the raw alerts: the organisation's closed alerts per mode, by day and by month.
  const check = await server.sql<{ grain: string; mode: string; rollup: number; raw: number }>(
    `with raw as (select mode, count(*)::int as n from alerts where org_id = '${orgId}' and closed_at is not null group by 1),
       rolled as (select grain, mode, sum(alerts)::int as n from analytics_alert_days
         where org_id = '${orgId}' and zone_id = '${orgId}' group by 1, 2)
     select g.grain, raw.mode, coalesce(rolled.n, 0) as rollup, raw.n as raw
     from raw cross join (values ('day'), ('month')) g(grain)
     left join rolled on rolled.grain = g.grain and rolled.mode = raw.mode order by 1, 2`,
  );
  return {
    presses,
    opened,
    closedInBurst,
    acks: sorted(acks),
    closes: sorted(closes),
    failed: failures.length ? ` (${failures.length} failed: ${[...new Set(failures)].join('; ')})` : '',
    check,
  };
}

// ── One engine ─────────────────────────────────────────────────────────────────────────────────

type Row = {
  engine: string;
  measure: string;
  held: string;
  runs: number;
  'p50 ms': string;
  'p95 ms': string;
  'p99 ms': string;
  target: string;
  'vs target': string;
  'baseline p95 ms': string;
  'baseline ÷ answer (p95)': string;
};

async function runEngine(engine: 'PGlite' | 'PostgreSQL', consoleDir: string | undefined): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-reports-'));
  const fresh = engine === 'PostgreSQL' ? await freshPostgresDatabase('vigil_bench_reports') : undefined;
  let server: Server | undefined;
  const rows: Row[] = [];
  const row = (
    measure: string,
    held: string,
    times: number[],
    target: string,
    targetMs: number,
    p: number,
  ) => {
    const at = pct(times, p);
    const r: Row = {
      engine,
      measure,
      held,
      runs: times.length,
      'p50 ms': f1(pct(times, 0.5)),
      'p95 ms': f1(pct(times, 0.95)),
      'p99 ms': f1(pct(times, 0.99)),
      target,
      'vs target': verdict(at, targetMs),
      'baseline p95 ms': '',
      'baseline ÷ answer (p95)': '',
    };
    rows.push(r);
    return r;
  };
  try {
    console.log(`\n### ${engine}${fresh ? ` (${fresh.url})` : ` (${dataDir})`}; load average ${load()}`);
    {
      const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
      await seedDemo(database.db);
      const demoTags = await database.sql.query<{ n: number }>(
        `select count(*)::int as n from tags t join zones z on z.id = t.org_id where z.slug = 'demo'`,
      );
      const scale = await seedScale(database.db, {
        tags: TAGS - demoTags.rows[0]!.n,
        gateways: GATEWAYS,
        org: 'demo',
      });
      const alerts = await seedAlerts(database.db, { alerts: ALERTS, days: ALERT_DAYS, org: 'demo' });
      await database.close();
      console.log(
        `seed: ${scale.tags} tags + ${scale.gateways} gateways in ${fmtS(scale.ms)} s; ` +
          `${alerts.alerts} alerts over ${ALERT_DAYS} days in ${alerts.zones} zones, ${alerts.rollupRows} rollup rows, ` +
          `in ${fmtS(alerts.ms)} s (target < 60 s: ${alerts.ms < 60_000 ? 'met' : 'MISSED'})`,
      );
    }
    server = await Server.start(dataDir, { databaseUrl: fresh?.url, consoleDir });
    const headers = await signInAdmin(server.url);
    const [org] = await server.sql<{ id: string }>(
      `select id from zones where slug = 'demo' and level = 'org'`,
    );
    const orgId = org!.id;

    let reports: Timing[] = [];
    let analytics: Timing[] = [];
    const answerRows = new Map<string, Row>();
    if (PHASES.includes('answers')) {
      console.log(`1. first pages and answers, ${WARMUP} warm-up + ${RUNS} runs each, a year's range …`);
      reports = await timeQuestions(server, headers, reportQuestions(), RUNS);
      analytics = await timeQuestions(server, headers, ANALYTICS, RUNS);
      for (const t of [...reports, ...analytics]) {
        const r = row(t.name, t.held, t.times, 'p95 < 100 ms', TARGET.answerP95, 0.95);
        answerRows.set(t.name, r);
        console.log(
          `   ${t.name}: ${t.held}; p50 ${r['p50 ms']} ms, p95 ${r['p95 ms']} ms, ${r['vs target']}`,
        );
      }
      // For comparison: the same analytics question again, answered from the cache.
      for (const q of ANALYTICS) {
        const warm: number[] = [];
        for (let i = 0; i < 10; i++) warm.push((await ask(`${server.url}${q.path(0)}`, headers)).ms);
        console.log(`   ${q.name}, cached (the same range again): p50 ${f1(pct(sorted(warm), 0.5))} ms`);
      }
    }

    if (PHASES.includes('export')) {
      const runs: { ms: number; rows: number; mb: number }[] = [];
      server.sampleStart();
      for (let i = 0; i < EXPORT_RUNS; i++) runs.push(await streamedExport(server, headers));
      const memory = await server.sampleStop();
      const times = sorted(runs.map((r) => r.ms));
      const held = `${runs[0]!.rows} rows, ${runs[0]!.mb.toFixed(1)} MB`;
      const r = row('Missing Tags streamed CSV', held, times, 'max < 2 s', TARGET.exportS * 1000, 1);
      r['p50 ms'] = f1(pct(times, 0.5));
      console.log(
        `2. Missing Tags export: ${held}; ${runs.map((x) => `${fmtS(x.ms)} s`).join(', ')}, slowest ${verdict(times.at(-1)! / 1000, TARGET.exportS)}; ` +
          `server rss growth ${(memory.peak.rss - memory.base.rss).toFixed(1)} MB`,
      );
    }

    if (PHASES.includes('chart') && consoleDir) {
      console.log(`3. navigation → chart painted in Chromium, 1 warm-up + ${NAVIGATIONS} …`);
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript({ content: CHART_PROBE });
        const page = await context.newPage();
        await signIn(page, server.url);
        const chart = await chartPainted(page, server, server.url);
        const first = sorted(chart.first);
        const all = sorted(chart.all);
        row(
          'navigation → first chart painted',
          'Time to acknowledge',
          first,
          'p95 < 1 s',
          TARGET.chartP95,
          0.95,
        );
        row(`navigation → all ${chart.charts} charts painted`, '', all, 'p95 < 1 s', TARGET.chartP95, 0.95);
        row(
          'again (in-app, answer kept) → all painted',
          '',
          sorted(chart.again.all),
          'p95 < 1 s',
          TARGET.chartP95,
          0.95,
        );
        console.log(
          `   first chart p50 ${f1(pct(first, 0.5))} ms, p95 ${f1(pct(first, 0.95))} ms; all ${chart.charts} charts p50 ` +
            `${f1(pct(all, 0.5))} ms, p95 ${f1(pct(all, 0.95))} ms, ${verdict(pct(all, 0.95), TARGET.chartP95)}`,
        );
      } finally {
        await browser.close();
      }
    }

    if (PHASES.includes('burst')) {
      console.log(`4. ingest at ${INGEST_RATE}/s for ${BURST_S} s while two clients acknowledge and close …`);
      const b = await burst(server, orgId);
      const r = row(
        'ingest during the close burst',
        `${b.presses.posts} posts${b.presses.failed}`,
        [],
        'p99 < 100 ms',
        TARGET.ingestP99,
        0.99,
      );
      Object.assign(r, {
        runs: b.presses.posts,
        'p50 ms': f1(b.presses.p50),
        'p95 ms': '',
        'p99 ms': f1(b.presses.p99),
        'vs target': verdict(b.presses.p99, TARGET.ingestP99),
      });
      const agree = b.check.every((c) => c.rollup === c.raw);
      console.log(
        `   ${b.presses.posts} presses${b.presses.failed}: p50 ${f1(b.presses.p50)} ms, p99 ${f1(b.presses.p99)} ms, ` +
          `max ${f1(b.presses.max)} ms, ${verdict(b.presses.p99, TARGET.ingestP99)}; ${b.opened} alerts opened, ` +
          `${b.closedInBurst} closed during the burst, ${b.closes.length} in all${b.failed}; ` +
          `PUT acknowledge p50 ${f1(pct(b.acks, 0.5))} / p99 ${f1(pct(b.acks, 0.99))} ms, ` +
          `PUT close p50 ${f1(pct(b.closes, 0.5))} / p99 ${f1(pct(b.closes, 0.99))} ms`,
      );
      console.log(
        `   rollups vs raw alerts (organisation, per mode, day and month rows): ${agree ? 'agree' : 'DISAGREE'} ` +
          b.check.map((c) => `${c.grain}/${c.mode} ${c.rollup}/${c.raw}`).join(', '),
      );
    }

    if (PHASES.includes('baseline') && answerRows.size > 0) {
      console.log(
        `5. baselines over the raw rows: analytics 1 warm-up + ${RAW_RUNS} runs, reports ${WARMUP} + ${BASELINE_RUNS} …`,
      );
      const setBaseline = (name: string, times: number[]) => {
        const r = answerRows.get(name)!;
        const base = pct(times, 0.95);
        r['baseline p95 ms'] = f1(base);
        r['baseline ÷ answer (p95)'] = `${(base / Number(r['p95 ms'])).toFixed(1)}×`;
        console.log(`   ${name}: raw p50 ${f1(pct(times, 0.5))} ms, p95 ${f1(base)} ms`);
      };
      setBaseline('analytics incidents', await timeSql(server, (i) => rawIncidents(orgId, i), RAW_RUNS, 100));
      setBaseline(
        'analytics response-times',
        await timeSql(server, (i) => rawResponseTimes(orgId, i), RAW_RUNS, 100),
      );
      const present = (
        await server.sql<{ name: string }>(
          `select indexname as name from pg_indexes where tablename = 'tags' and indexname in (${REPORT_INDEXES.map((n) => `'${n}'`).join(', ')})`,
        )
      ).map((r) => r.name);
      await server.sql(`drop index ${present.join(', ')}`);
      await server.sql('analyze tags');
      console.log(`   the reports without ${present.join(', ')}:`);
      for (const t of await timeQuestions(server, headers, reportQuestions(), BASELINE_RUNS, 100))
        setBaseline(t.name, t.times);
    }
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
  console.log(`load average after: ${load()}`);
  return rows;
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────

const engines: ('PGlite' | 'PostgreSQL')[] = [];
if (env.BENCH_PGLITE !== '0') engines.push('PGlite');
if (env.BENCH_PG !== '0') {
  if (await postgresAnswers()) engines.push('PostgreSQL');
  else console.log('PostgreSQL does not answer (DATABASE_URL or 127.0.0.1:5432): skipped');
}
const build = PHASES.includes('chart') ? consoleBuild() : undefined;
console.log(
  `reports and analytics: ${TAGS} tags, ${GATEWAYS} gateways, ${ALERTS} alerts over ${ALERT_DAYS} days in one ` +
    `organisation; ${os.cpus().length} cores, load average ${load()}`,
);
const rows: Row[] = [];
try {
  for (const engine of engines) rows.push(...(await runEngine(engine, build?.dir)));
} finally {
  build?.cleanup();
}
console.log('\nreports and analytics at scale:');
console.table(rows);
