// Sustained button events per second through the HTTP ingest API, many gateways posting
// batches at once with duplicates mixed in, on the embedded database and on PostgreSQL. Targets:
// ≥ 5,000 events/s embedded, ≥ 20,000 events/s on PostgreSQL, one instance.
//
// The server runs in this process (buildApp with jobs and escalation, as `vigil serve` runs it); the
// load generator (bench/ingest-load.mjs) runs in a child process so its CPU is measured apart. After
// the run, every answer is checked against the database: one stored claim per (tag, nonce) carrying
// the alert it was answered with, one alert per claim's press (press counts add up, one 'created'
// per alert, one history row per press), at most one open alert per tag.
//
// BENCH_ENGINES=pglite,pg (default both)  BENCH_SECONDS=10  BENCH_WARMUP_S=3  BENCH_GATEWAYS=200
// BENCH_CONCURRENCY=200 (posts in flight)  BENCH_BATCH=10 (events per post)  BENCH_TAGS=20000
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 (a database vigil_bench_ingest_<port> is created,
// then dropped)  BENCH_PORT=8301  BENCH_PROFILE=<dir> (a CPU profile of the server over the window)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { and, eq, openDatabase, sql, type Database } from '../apps/server/src/platform/db/client';
import { alertEvents, alerts, buttonEvents, gateways, tags, zones } from '../apps/server/src/db/schema';
import { DEMO_GATEWAY_KEY, seedDemo } from '../apps/server/src/db/seed';
import * as ingest from '../apps/server/src/ingest/batcher';

const env = process.env;
const ENGINES = (env.BENCH_ENGINES ?? 'pglite,pg').split(',').map((s) => s.trim());
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(env.BENCH_WARMUP_S ?? 3);
const GATEWAYS = Number(env.BENCH_GATEWAYS ?? 200);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? GATEWAYS);
const BATCH = Number(env.BENCH_BATCH ?? 10);
const TAGS = Number(env.BENCH_TAGS ?? 20_000);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PORT = Number(env.BENCH_PORT ?? 8301);
const DUP_SHARE = 0.1;
const RETRY_SHARE = 0.02;
const UNKNOWN_SHARE = 0.01;
const TARGETS: Record<string, number> = { pglite: 5_000, pg: 20_000 };

const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(12 - prefix.length, '0')}`;
const TAG_IDS = Array.from({ length: TAGS }, (_, i) => hex('be', i));
const UNKNOWN_IDS = Array.from({ length: 500 }, (_, i) => hex('bd', i));
const GATEWAY_IDS = Array.from({ length: GATEWAYS }, (_, i) => hex('bf', i));

/** BENCH_PROFILE=dir: a CPU profile of this process (the server) over the measured window. */
async function profileWindow(engine: string): Promise<() => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const started = new Promise<void>((resolve) =>
    setTimeout(() => void session.post('Profiler.start').then(() => resolve()), WARMUP_S * 1000),
  );
  const ended = new Promise<void>((resolve) =>
    setTimeout(
      () =>
        void (async () => {
          await started;
          const { profile } = await session.post('Profiler.stop');
          fs.mkdirSync(env.BENCH_PROFILE!, { recursive: true });
          fs.writeFileSync(
            path.join(env.BENCH_PROFILE!, `ingest-${engine}.cpuprofile`),
            JSON.stringify(profile),
          );
          resolve();
        })(),
      (WARMUP_S + SECONDS) * 1000,
    ),
  );
  return async () => {
    await ended;
    session.disconnect();
  };
}

/**
 * Calibration, for figures taken on a busy machine: plain claim rows (button_events' shape, its
 * indexes) written 1,000 per transaction, as fast as this machine writes them right now. Ingest
 * writes about five rows per button event (claim and its answer, history, alert, outbox).
 */
async function rowsPerSecond(database: Database, orgId: string): Promise<number> {
  const db = database.db;
  await db.execute(sql`create table bench_calibration (like ${buttonEvents} including all)`);
  const rounds = 10;
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      tag_id: hex('bc', r * 1000 + i),
      nonce: String(i),
      events: [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }],
    }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_calibration (org_id, tag_id, nonce, gateway_id, events, status)
        select ${orgId}::uuid, v.tag_id, v.nonce, 'bf0000000000', v.events, 'created'
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(tag_id text, nonce text, events jsonb)
        on conflict do nothing`);
    });
  }
  const perS = (rounds * 1000) / ((performance.now() - started) / 1000);
  await db.execute(sql`drop table bench_calibration`);
  return Math.round(perS);
}

async function seed(database: Database) {
  const db = database.db;
  await seedDemo(db);
  const [org] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.slug, 'demo'), eq(zones.level, 'org')));
  const places = (await db.select().from(zones)).filter(
    (z) => z.path.includes(org!.id) && (z.level === 'area' || z.level === 'unit'),
  );
  for (let i = 0; i < TAG_IDS.length; i += 1000) {
    await db.insert(tags).values(
      TAG_IDS.slice(i, i + 1000).map((id, k) => {
        const zone = places[(i + k) % places.length]!;
        return {
          id,
          orgId: org!.id,
          zoneId: zone.id,
          config: {
            state: 'deployed',
            location: zone.id,
            label: `Badge ${id.slice(-4)}`,
            owner: { name: `Person ${i + k}`, personId: `P-${i + k}` },
          },
        };
      }),
    );
  }
  await db.insert(gateways).values(
    GATEWAY_IDS.map((id, k) => {
      const zone = places[k % places.length]!;
      return { id, orgId: org!.id, zoneId: zone.id, config: { state: 'deployed', location: zone.id } };
    }),
  );
  return org!.id;
}

type LoadResult = {
  /** Shares of one core (machine: of all cores) over the measured window. */
  cpu: { seconds: number; loadGen: number; server: number; postgres: number; machine: number };
  windowEvents: number;
  windowPosts: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  httpStatus: Record<string, number>;
  conflicts: number;
  misordered: number;
  failures: number;
  failureCodes: Record<string, number>;
  answers: [string, string][];
};

async function runEngine(engine: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-ingest-'));
  let databaseUrl: string | undefined;
  const dbName = `vigil_bench_ingest_${PORT}`;
  if (engine === 'pg') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = `${PG_URL}/${dbName}`;
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  const orgId = await seed(database);
  const ceiling = await rowsPerSecond(database, orgId);
  const app = await buildApp(
    { ...loadConfig({}), dataDir, databaseUrl, consoleDir: undefined },
    { database, ownsDatabase: true, logger: false },
  );
  await app.listen({ port: PORT, host: '127.0.0.1' });

  const child = fork(path.join(import.meta.dirname, 'ingest-load.mjs'), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stopProfile = env.BENCH_PROFILE ? await profileWindow(engine) : undefined;
  const result = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m: { type: string } & LoadResult) => {
      if (m.type === 'done') resolve(m);
    });
    child.on('exit', (code) => code && reject(new Error(`load generator exited ${code}`)));
    child.send({
      port: PORT,
      authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
      gateways: GATEWAY_IDS,
      tags: TAG_IDS,
      unknownTags: UNKNOWN_IDS,
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_S * 1000,
      durationMs: SECONDS * 1000,
      batch: BATCH,
      dupShare: DUP_SHARE,
      retryShare: RETRY_SHARE,
      unknownShare: UNKNOWN_SHARE,
      seed: 7,
    });
  });

  await stopProfile?.();

  // ── Verification against the database ──────────────────────────────────────────────────────
  const db = database.db;
  const stored = new Map(
    (
      await db
        .select({
          tag: buttonEvents.tagId,
          nonce: buttonEvents.nonce,
          status: buttonEvents.status,
          alertId: buttonEvents.alertId,
        })
        .from(buttonEvents)
        .where(eq(buttonEvents.orgId, orgId))
    ).map((r) => [`${r.tag}|${r.nonce}`, r]),
  );
  const problems: string[] = [];
  let missing = 0;
  let wrongAlert = 0;
  for (const [key, answered] of result.answers) {
    const row = stored.get(key);
    if (!row) missing++;
    else if (answered === 'unknown_tag' ? row.status !== 'unknown_tag' : row.alertId !== answered)
      wrongAlert++;
  }
  if (missing) problems.push(`${missing} answered (tag, nonce) not stored`);
  if (wrongAlert) problems.push(`${wrongAlert} (tag, nonce) stored with another alert than answered`);
  if (result.conflicts) problems.push(`${result.conflicts} (tag, nonce) answered with two alerts`);
  if (result.misordered) problems.push(`${result.misordered} results not in the order of the events`);
  const pending = [...stored.values()].filter((r) => r.status !== 'unknown_tag' && !r.alertId).length;
  if (pending) problems.push(`${pending} stored presses without an alert`);

  const [counts] = (
    (await db.execute(sql`
      select
        (select count(*) from ${alerts} where ${alerts.orgId} = ${orgId})::int as alerts,
        (select coalesce(sum(${alerts.pressCount}), 0) from ${alerts} where ${alerts.orgId} = ${orgId})::int as presses,
        (select count(*) from ${buttonEvents} where ${buttonEvents.orgId} = ${orgId} and ${buttonEvents.alertId} is not null)::int as claims,
        (select count(*) from (select ${alerts.tagId} from ${alerts} where ${alerts.closedAt} is null group by 1 having count(*) > 1) x)::int as double_open,
        (select count(*) from (select ${buttonEvents.alertId} from ${buttonEvents} where ${buttonEvents.status} = 'created' group by 1 having count(*) <> 1) x)::int as bad_created,
        (select count(*) from ${alerts} a where a.org_id = ${orgId} and a.press_count <>
          1 + (select count(*) from ${alertEvents} h where h.alert_id = a.id and h.action = 'pressed'))::int as bad_history
    `)) as unknown as { rows: unknown[] }
  ).rows as {
    alerts: number;
    presses: number;
    claims: number;
    double_open: number;
    bad_created: number;
    bad_history: number;
  }[];
  if (counts!.presses !== counts!.claims)
    problems.push(`press counts ${counts!.presses} ≠ stored presses ${counts!.claims}`);
  if (counts!.double_open) problems.push(`${counts!.double_open} tags with two open alerts`);
  if (counts!.bad_created) problems.push(`${counts!.bad_created} alerts not created exactly once`);
  if (counts!.bad_history) problems.push(`${counts!.bad_history} alerts whose history misses presses`);
  const non2xx = Object.entries(result.httpStatus).filter(([s]) => s !== '200' && s !== '202');
  if (non2xx.length || result.failures)
    problems.push(
      `answers other than 2xx: ${JSON.stringify(Object.fromEntries(non2xx))}, ${result.failures} transport errors ${JSON.stringify(result.failureCodes)}`,
    );

  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pg') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }

  const eventsPerS = result.windowEvents / SECONDS;
  const perEvent = (share: number) => Math.round((share * result.cpu.seconds * 1e6) / result.windowEvents);
  // Group commit's own figures, where the code has them (the version before it did not).
  const stats = (
    ingest as { ingestStats?: (db: unknown) => { flushes: number; posts: number; isolated: number } }
  ).ingestStats?.(database.db);
  const core = (share: number) => `${(share * 100).toFixed(0)}% of a core`;
  const target = TARGETS[engine]!;
  return {
    engine,
    'events/s': Math.round(eventsPerS),
    'posts/s': Math.round(result.windowPosts / SECONDS),
    'p50 ms': (result.p50 ?? NaN).toFixed(1),
    'p99 ms': (result.p99 ?? NaN).toFixed(1),
    'max ms': (result.max ?? NaN).toFixed(0),
    'load gen CPU': core(result.cpu.loadGen),
    'server CPU': core(result.cpu.server),
    'postgres CPU': engine === 'pg' ? core(result.cpu.postgres) : '-',
    'machine busy': `${(result.cpu.machine * 100).toFixed(0)}% of ${os.cpus().length} cores`,
    'server µs/event': perEvent(result.cpu.server),
    'postgres µs/event': engine === 'pg' ? perEvent(result.cpu.postgres) : '-',
    'posts/flush': stats ? (stats.posts / stats.flushes).toFixed(1) : '-',
    'rows/s now': ceiling,
    'vs target': `${(eventsPerS / target).toFixed(2)}× ${target}`,
    alerts: counts!.alerts,
    statuses: result.statuses,
    verified: problems.length ? problems.join('; ') : 'ok',
  };
}

console.log(
  `ingest: ${GATEWAYS} gateways, ${CONCURRENCY} posts in flight, ${BATCH} events/post, ${TAGS} tags, ` +
    `${DUP_SHARE * 100}% duplicate events, ${RETRY_SHARE * 100}% retried posts, ${UNKNOWN_SHARE * 100}% unknown tags; ` +
    `${WARMUP_S} s warm-up, ${SECONDS} s measured, ${os.cpus().length} cores`,
);
let failed = false;
const table: Record<string, Record<string, unknown>> = {};
for (const engine of ENGINES) {
  const row = await runEngine(engine);
  const { statuses, verified, ...figures } = row;
  for (const [figure, value] of Object.entries(figures)) (table[figure] ??= {})[engine] = value;
  console.log(`  ${engine} answers: ${JSON.stringify(statuses)}`);
  console.log(`  ${engine} verified: ${verified}`);
  console.log(
    `  ${engine}: ${figures['events/s']} events/s = ${figures['vs target']} target ` +
      `(${figures['events/s'] >= TARGETS[engine]! ? 'met' : 'missed'}), p99 ${figures['p99 ms']} ms per post`,
  );
  if (verified !== 'ok') failed = true;
}
console.table(table);
process.exit(failed ? 1 : 0);
