// Data at real scale: 100,000 tags and 5,000 gateways in one organisation on the embedded
// database (PGlite, fresh temp dir), through the real HTTP API with the server in a process of its
// own (bench/lists-server.ts) so its memory is measured apart from this client's.
//
//  1. p50/p95 of a tags page query (sorted, filtered, searched), then the same queries with the
//     list indexes of migration 0006 dropped.                                   target p95 < 30 ms
//  2. the full 100,000-row CSV the way the console fetches it (a count, then 200 pages of 500 by
//     nextCursor, apps/console/src/ui/data-table/use-csv-download.ts)            target < 5 s
//  3. the same rows through the streamed export GET /api/tags/export.csv, with the server's memory
//     growth (rss and heap+external, sampled every 20 ms)              target < 2 s and < 64 MB
//  4. ingest p99 (POST /api/ingest/button-events, demo gateway key, 20 posts/s) while (3) runs and
//     while 500-tag batch operations run                                      target p99 < 100 ms
//
// BENCH_TAGS=100000 BENCH_GATEWAYS=5000 BENCH_PAGE_RUNS=60 BENCH_INGEST_RATE=20
// BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p') go to the server's node
// (bench/server-process.ts); the presses are bench/presses.ts's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { seedScale } from '../apps/server/src/db/seed-scale';
import { pressesDuring } from './presses';
import { Server, signInAdmin } from './server-process';

const env = process.env;
const TAGS = Number(env.BENCH_TAGS ?? 100_000);
const GATEWAYS = Number(env.BENCH_GATEWAYS ?? 5_000);
const PAGE_RUNS = Number(env.BENCH_PAGE_RUNS ?? 60);
const INGEST_RATE = Number(env.BENCH_INGEST_RATE ?? 20);
const BATCHES = Number(env.BENCH_BATCHES ?? 40);
const TARGET = { pageP95: 30, consoleCsvS: 5, exportS: 2, exportMb: 64, ingestP99: 100 };
/** The list indexes of migrations 0006 and 0008 (apps/server/drizzle/). */
const LIST_INDEXES = [
  'tags_search_trgm_idx',
  'tags_org_owner_name_idx',
  'tags_org_label_idx',
  'tags_org_state_idx',
  'tags_org_battery_idx',
  'tags_org_last_seen_idx',
  'tags_org_urgency_idx',
  'tags_org_id_idx',
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const ratio = (value: number, target: number) =>
  `${fmt(value / target, 2)}× target (${value <= target ? 'met' : 'MISSED'})`;

// --- measurements ---------------------------------------------------------------------------------

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return performance.now() - started;
}

async function pageLatencies(server: Server, headers: Record<string, string>, query: string) {
  const url = `${server.url}/api/tags?${query}`;
  for (let i = 0; i < 5; i++) await timed(url, headers);
  const times: number[] = [];
  for (let i = 0; i < PAGE_RUNS; i++) times.push(await timed(url, headers));
  times.sort((a, b) => a - b);
  const res = await (await fetch(url, { headers })).json();
  return {
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    rows: res.data.length as number,
    total: res.total as number,
  };
}

/**
 * SPEC §9 CSV as the console fetches it (apps/console/src/ui/data-table/use-csv-download.ts): the
 * count, then pages of 500, each after the one before by its `nextCursor` (`byOffset`: by offset,
 * as the console did until run I).
 */
async function consoleCsv(server: Server, headers: Record<string, string>, byOffset = false) {
  const started = performance.now();
  const first = await (await fetch(`${server.url}/api/tags?limit=1&offset=0`, { headers })).json();
  const rows: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  while (rows.length < first.total) {
    const at = cursor ? `cursor=${cursor}` : `offset=${rows.length}`;
    const res = await fetch(`${server.url}/api/tags?limit=500&${at}`, { headers });
    if (!res.ok) throw new Error(`page ${pages}: ${res.status} ${await res.text()}`);
    const page = await res.json();
    if (page.data.length === 0) break;
    rows.push(...page.data);
    pages++;
    if (cursor && !page.nextCursor) break;
    if (!byOffset) cursor = page.nextCursor;
  }
  return { s: (performance.now() - started) / 1000, rows: rows.length, pages };
}

async function streamedExport(server: Server, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/tags/export.csv`, { headers });
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { s: (performance.now() - started) / 1000, rows: lines - 1, mb: bytes / 1024 / 1024 };
}

// --- the run --------------------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-lists-'));
// BENCH_DB=pg: the same run on PostgreSQL (a database made for it on BENCH_PG_URL, dropped after).
const PG_BASE = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const pgName = env.BENCH_DB === 'pg' ? `vigil_bench_lists_${process.pid}` : undefined;
const databaseUrl = pgName ? `${PG_BASE}/${pgName}` : undefined;
async function adminSql(text: string) {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
if (pgName) await adminSql(`create database ${pgName}`);
process.on('exit', () => {
  if (pgName)
    spawnSync('psql', [`${PG_BASE}/postgres`, '-qc', `drop database if exists ${pgName} with (force)`]);
});
{
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemo(database.db);
  // The demo organisation already holds the demo tags: its list is exactly TAGS rows.
  const demoTags = await database.sql.query<{ n: number }>(
    `select count(*)::int as n from tags t join zones z on z.id = t.org_id where z.slug = 'demo'`,
  );
  const tagsToSeed = TAGS - demoTags.rows[0]!.n;
  const report = await seedScale(database.db, { tags: tagsToSeed, gateways: GATEWAYS, org: 'demo' });
  await database.close();
  console.log(
    `seed: ${report.tags} tags, ${report.gateways} gateways, ${report.heartbeats} heartbeats in ${fmt(report.ms / 1000)} s ` +
      `(vigil seed --tags --gateways; target < 60 s: ${report.ms < 60_000 ? 'met' : 'MISSED'})`,
  );
}
const server = await Server.start(dataDir, { databaseUrl });
const headers = await signInAdmin(server.url);

const PAGE_QUERIES: [string, string][] = [
  [
    '"kowalski", deployed, by owner name',
    'query=kowalski&config.state=deployed&orderBy=config.owner.name&limit=100&locationFields=1',
  ],
  [
    '"nadia kowalski", by -battery',
    'query=nadia+kowalski&orderBy=-state.battery.current.level&limit=100&locationFields=1',
  ],
  [
    'battery low, deployed, by battery',
    'batteryLevel=low&config.state=deployed&orderBy=state.battery.current.level&limit=100',
  ],
  ['all, by owner name (first page)', 'orderBy=config.owner.name&limit=100'],
];

console.log(
  `\n${pgName ? `PostgreSQL (${pgName})` : 'PGlite (embedded)'}, ${TAGS} tags + ${GATEWAYS} gateways in one organisation; pages of 100, ${PAGE_RUNS} runs each; ` +
    `load average before: ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
console.log('1. tags page query through GET /api/tags');
const withIndexes: ({ name: string } & Awaited<ReturnType<typeof pageLatencies>>)[] = [];
for (const [name, query] of PAGE_QUERIES) {
  const w = { name, ...(await pageLatencies(server, headers, query)) };
  withIndexes.push(w);
  console.log(
    `   ${name}: ${w.rows} of ${w.total} rows, p50 ${fmt(w.p50)} ms, p95 ${fmt(w.p95)} ms, ${ratio(w.p95, TARGET.pageP95)}`,
  );
}

const csv = await consoleCsv(server, headers);
console.log(
  `2. console CSV: ${csv.rows} rows, a count + ${csv.pages} pages of 500 by nextCursor: ${fmt(csv.s, 2)} s, ${ratio(csv.s, TARGET.consoleCsvS)}`,
);

const byOffset = await consoleCsv(server, headers, true);
console.log(
  `   the same by offset instead of nextCursor: ${byOffset.rows} rows, ${byOffset.pages} pages: ${fmt(byOffset.s, 2)} s, ${ratio(byOffset.s, TARGET.consoleCsvS)}`,
);

server.sampleStart();
const exp = await streamedExport(server, headers);
const memory = await server.sampleStop();
const growth = { rss: memory.peak.rss - memory.base.rss, heap: memory.peak.heap - memory.base.heap };
console.log(
  `3. streamed export: ${exp.rows} rows, ${fmt(exp.mb)} MB in ${fmt(exp.s, 2)} s, ${ratio(exp.s, TARGET.exportS)}; ` +
    `server memory growth: rss ${fmt(growth.rss)} MB, ${ratio(growth.rss, TARGET.exportMb)}; ` +
    `heap+external ${fmt(growth.heap)} MB (rss before ${fmt(memory.base.rss)} MB)`,
);

const duringExport = await pressesDuring(server.url, { rate: INGEST_RATE }, async () => {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await streamedExport(server, headers));
  return runs;
});
console.log(
  `4. ingest at ${INGEST_RATE}/s during 3 streamed exports (${duringExport.result.map((r) => `${fmt(r.s, 2)} s`).join(', ')}): ` +
    `${duringExport.posts} posts${duringExport.failed}, p50 ${fmt(duringExport.p50)} ms, p99 ${fmt(duringExport.p99)} ms, ` +
    `max ${fmt(duringExport.max)} ms, ${ratio(duringExport.p99, TARGET.ingestP99)}`,
);

const available = await (
  await fetch(`${server.url}/api/tags?config.state=available&limit=500&orderBy=id`, { headers })
).json();
const batchIds = (available.data as { id: string }[]).map((t) => t.id);
const batchTimes: number[] = [];
const duringBatch = await pressesDuring(server.url, { rate: INGEST_RATE }, async () => {
  for (let i = 0; i < BATCHES; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/tags`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: batchIds, op: 'label', args: { label: `Bench ${i}` } }),
    });
    const body = await res.json();
    if (!res.ok || body.count !== batchIds.length)
      throw new Error(`batch: ${res.status} ${JSON.stringify(body)}`);
    batchTimes.push(performance.now() - t);
  }
});
batchTimes.sort((a, b) => a - b);
console.log(
  `   ingest during ${BATCHES} × 'label' on ${batchIds.length} tags (batch p50 ${fmt(pct(batchTimes, 0.5))} ms, ` +
    `max ${fmt(batchTimes.at(-1)!)} ms): ${duringBatch.posts} posts${duringBatch.failed}, p50 ${fmt(duringBatch.p50)} ms, ` +
    `p99 ${fmt(duringBatch.p99)} ms, max ${fmt(duringBatch.max)} ms, ${ratio(duringBatch.p99, TARGET.ingestP99)}`,
);

// Back to the tag indexes of migration 0005, which 0006 replaced.
await server.sql(`drop index ${LIST_INDEXES.join(', ')}`);
await server.sql('create index tags_org_idx on tags (org_id)');
await server.sql(`create index tags_config_state_idx on tags ((config->>'state'))`);
await server.sql('analyze tags');
const withoutIndexes: typeof withIndexes = [];
for (const [name, query] of PAGE_QUERIES)
  withoutIndexes.push({ name, ...(await pageLatencies(server, headers, query)) });
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);

console.log('\n1. (again) the page queries with and without the indexes of migration 0006');
console.table(
  withIndexes.map((w, i) => ({
    query: w.name,
    rows: `${w.rows} of ${w.total}`,
    'p50 ms': fmt(w.p50),
    'p95 ms': fmt(w.p95),
    'p50 no idx': fmt(withoutIndexes[i]!.p50),
    'p95 no idx': fmt(withoutIndexes[i]!.p95),
    'no idx / idx (p95)': `${fmt(withoutIndexes[i]!.p95 / w.p95)}×`,
  })),
);
