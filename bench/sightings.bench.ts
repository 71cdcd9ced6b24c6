// Sightings ingest at scale (issue 20): 100,000 tags and many gateways in one organisation, the
// gateways posting batches of 1,000 sightings (POST /api/ingest/sightings, demo gateway key) as fast
// as the server answers them (a few posts in flight), while presses go on: press → console
// (a console's event stream, test/helpers/instances.ts pressToConsole) and the presses' answers
// (bench/presses.ts). The server runs in a process of its own (bench/server-process.ts), on embedded
// PGlite and on PostgreSQL (a fresh database, dropped after).
//
// The walk: each tag is at a gateway; every gateway hears its own tags strongly (−50…−64 dBm) and
// its neighbours' (the gateways either side) weakly (−75…−89), each post 1,000 of those; after each
// round of every gateway (a second of the site's time, the sightings' `at`), MOVE_SHARE of the tags
// walk to a neighbouring gateway (a move: a tag_moves row, a new zone). First the tags are placed
// (every tag's first position: inserts), then the walk runs for BENCH_SECONDS.
//
// Figures: sightings/s, the server process's CPU per sighting (process.cpuUsage, GET
// /healthz/event-loop) and, on PostgreSQL, its backends' CPU per sighting (/proc), and this
// client's (it shares the machine's cores with them), press → console p50/p99 and the presses'
// answer p99. Targets: ≥ 50,000 sightings/s on PostgreSQL, ≥ 10,000/s
// embedded, press → console p99 < 100 ms.
//
// Each walk runs twice: as fast as the server answers (the capacity), then offered at the target
// rate (BENCH_RATE, default the target + 2 %, so that the rate answered over the whole phase, its
// last answers included, reaches the target if the server keeps up) in posts spread evenly: the
// presses' figures of that run are the ones the target is about. The server's event-loop delay
// (p99, max) is printed with each phase: the longest a press's request can wait to be read.
//
// SCALE (1: 100,000 tags, 100 gateways, 30 s per walk; 0.05 for a short run), BENCH_DB
// (pglite,postgres), BENCH_SECONDS, BENCH_IN_FLIGHT (posts in flight, default 2 embedded, 4 on
// PostgreSQL), BENCH_PRESS_RATE (presses/s, 5), BENCH_PG (postgres://postgres@127.0.0.1:5432);
// BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p') go to the server's node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MAX_SIGHTINGS_PER_POST } from '@vigil/domain';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { DEMO_GATEWAY_KEY, seedDemo } from '../apps/server/src/db/seed';
import { seedScale } from '../apps/server/src/db/seed-scale';
import { percentile, pressToConsole, timedConsole } from '../apps/server/test/helpers/instances';
import { pressesDuring } from './presses';
import { Server } from './server-process';
import { f1 } from './stats';

const env = process.env;
const SCALE = Number(env.SCALE ?? 1);
const TAGS = Math.round(100_000 * SCALE);
const GATEWAYS = Math.max(5, Math.round(100 * SCALE));
const SECONDS = Number(env.BENCH_SECONDS ?? Math.max(5, Math.round(30 * SCALE)));
const PRESS_RATE = Number(env.BENCH_PRESS_RATE ?? 5);
const MOVE_SHARE = 0.05;
const DATABASES = (env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const PG_BASE = env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const TARGET = { pglite: 10_000, postgres: 50_000, pressP99: 100 };
const AUTH = {
  authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The tags' walk among the gateways (a line of them, each with a neighbour either side). */
class Walk {
  /** The gateway index each tag is at. */
  readonly at: Int32Array;
  /** The tags at each gateway. */
  readonly members: Set<number>[];
  private seq = 0;
  constructor(
    readonly tags: string[],
    readonly gateways: string[],
  ) {
    this.at = new Int32Array(tags.length);
    this.members = gateways.map(() => new Set<number>());
    tags.forEach((_, i) => {
      this.at[i] = i % gateways.length;
      this.members[i % gateways.length]!.add(i);
    });
  }

  /** The posts of one round: every gateway's own tags strong, its neighbours' weak, 1,000 a post. */
  round(): { gateway: string; heard: [number, number][] }[] {
    return this.gateways.flatMap((_, g) => this.postsOf(g));
  }

  /** Gateway g's posts of the round under way. */
  postsOf(g: number): { gateway: string; heard: [number, number][] }[] {
    const posts: { gateway: string; heard: [number, number][] }[] = [];
    const n = this.gateways.length;
    const heard: [number, number][] = [];
    for (const i of this.members[g]!) heard.push([i, -50 - Math.floor(Math.random() * 15)]);
    for (const nb of [(g + n - 1) % n, (g + 1) % n])
      for (const i of this.members[nb]!) heard.push([i, -75 - Math.floor(Math.random() * 15)]);
    for (let k = 0; k < heard.length; k += MAX_SIGHTINGS_PER_POST)
      posts.push({ gateway: this.gateways[g]!, heard: heard.slice(k, k + MAX_SIGHTINGS_PER_POST) });
    return posts;
  }

  /** Only each tag's own gateway: its first position. */
  placing(): { gateway: string; heard: [number, number][] }[] {
    return this.gateways.flatMap((gateway, g) => {
      const own = [...this.members[g]!].map((i): [number, number] => [i, -55]);
      const posts = [];
      for (let k = 0; k < own.length; k += MAX_SIGHTINGS_PER_POST)
        posts.push({ gateway, heard: own.slice(k, k + MAX_SIGHTINGS_PER_POST) });
      return posts;
    });
  }

  /** A share of the tags walk to a neighbouring gateway. */
  walk(share: number) {
    const n = this.gateways.length;
    for (let k = 0; k < this.tags.length * share; k++) {
      const i = Math.floor(Math.random() * this.tags.length);
      const from = this.at[i]!;
      const to = (from + (Math.random() < 0.5 ? 1 : n - 1)) % n;
      this.members[from]!.delete(i);
      this.members[to]!.add(i);
      this.at[i] = to;
    }
  }

  /**
   * The walk's clock: a round is a second of the site's time (every gateway posts what it heard in
   * it), whatever it takes the server; it runs from a day ago, so never ahead of the server's clock.
   */
  private clock = Date.now() - 24 * 3600_000;

  tick() {
    this.clock += 1000;
  }

  body(post: { gateway: string; heard: [number, number][] }): string {
    const at = new Date(this.clock).toISOString();
    const sightings = post.heard.map(([i, rssi]) => `{"tag":"${this.tags[i]}","rssi":${rssi},"at":"${at}"}`);
    return `{"gateway":"${post.gateway}","batch":"bench-${process.pid}-${this.seq++}","sightings":[${sightings.join(',')}]}`;
  }
}

type Load = { sightings: number; moved: number; posts: number; seconds: number; postMs: number[] };

/**
 * Posts `next()`'s posts until it answers undefined or `untilMs` passes: `inFlight` at a time as
 * fast as answered (closed loop), or, with `rate`, that many posts a second whatever the answers
 * (open loop, at most 32 unanswered).
 */
async function load(
  url: string,
  opts: { inFlight: number; rate?: number; untilMs?: number },
  next: () => string | undefined,
) {
  const out: Load = { sightings: 0, moved: 0, posts: 0, seconds: 0, postMs: [] };
  const started = performance.now();
  const untilMs = opts.untilMs ?? Infinity;
  const postOne = async (body: string) => {
    const t = performance.now();
    const res = await fetch(`${url}/api/ingest/sightings`, { method: 'POST', headers: AUTH, body });
    const answer = (await res.json()) as { accepted: number; moved: number; reason?: string };
    if (!res.ok) throw new Error(`sightings: ${res.status} ${answer.reason}`);
    out.postMs.push(performance.now() - t);
    out.sightings += answer.accepted;
    out.moved += answer.moved;
    out.posts++;
  };
  if (opts.rate) {
    const pending = new Set<Promise<void>>();
    for (let k = 0; ; k++) {
      const due = started + (k * 1000) / opts.rate;
      if (due - started > untilMs) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (pending.size >= 32) await Promise.race(pending);
      const body = next();
      if (body === undefined) break;
      const p: Promise<void> = postOne(body).finally(() => pending.delete(p));
      pending.add(p);
    }
    await Promise.all(pending);
  } else {
    const worker = async () => {
      for (;;) {
        if (performance.now() - started > untilMs) return;
        const body = next();
        if (body === undefined) return;
        await postOne(body);
      }
    };
    await Promise.all(Array.from({ length: opts.inFlight }, worker));
  }
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

type ServerWindow = { cpuMs: number; loopP99: number; loopMax: number };

/** CPU ms of the server process since the last reset (user + system) and its event-loop delay; resets them. */
async function serverWindow(url: string): Promise<ServerWindow> {
  const res = await fetch(`${url}/healthz/event-loop?reset=true`);
  const body = (await res.json()) as {
    cpuMs: { user: number; system: number };
    eventLoopDelayMs: { p99: number; max: number };
  };
  return {
    cpuMs: body.cpuMs.user + body.cpuMs.system,
    loopP99: body.eventLoopDelayMs.p99,
    loopMax: body.eventLoopDelayMs.max,
  };
}

/** CPU ms so far of the PostgreSQL backends serving `database` (by pid, from /proc). */
async function backendCpuMs(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [database],
  );
  await client.end();
  const tick = 1000 / 100; // USER_HZ
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function run(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-sightings-'));
  const pgName = kind === 'postgres' ? `sightings_bench_${process.pid}` : undefined;
  const databaseUrl = pgName ? `${PG_BASE}/${pgName}` : undefined;
  if (pgName)
    spawnSync('psql', [`${PG_BASE}/postgres`, '-qc', `create database ${pgName}`], { stdio: 'inherit' });
  const cleanup = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgName)
      spawnSync('psql', [`${PG_BASE}/postgres`, '-qc', `drop database if exists ${pgName} with (force)`]);
  };
  process.on('exit', cleanup);

  const seeded = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemo(database.db);
  const demoTags = await database.sql.query<{ n: number }>(
    `select count(*)::int as n from tags t join zones z on z.id = t.org_id where z.slug = 'demo'`,
  );
  await seedScale(database.db, { tags: TAGS - demoTags.rows[0]!.n, gateways: GATEWAYS, org: 'demo' });
  const org = `(select id from zones where slug = 'demo' and level = 'org')`;
  const tagIds = (
    await database.sql.query<{ id: string }>(`select id from tags where org_id = ${org} order by id`)
  ).rows.map((r) => r.id);
  const gatewayIds = (
    await database.sql.query<{ id: string }>(
      `select id from gateways where org_id = ${org} and id like 'd%' order by id limit ${GATEWAYS}`,
    )
  ).rows.map((r) => r.id);
  await database.close();
  console.log(
    `\n${kind === 'postgres' ? `PostgreSQL (${pgName})` : 'PGlite (embedded, on disk)'}: ${tagIds.length} tags, ` +
      `${gatewayIds.length} gateways walked, seeded in ${f1((performance.now() - seeded) / 1000)} s; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const server = await Server.start(dataDir, { databaseUrl });
  const inFlight = Number(env.BENCH_IN_FLIGHT ?? (kind === 'postgres' ? 4 : 2));
  // The press tags: the first tags by id, out of the walk (each pressed once, an alert each).
  const pressTags = tagIds.splice(0, 400);
  const walk = new Walk(tagIds, gatewayIds);

  const queue = walk.placing();
  await serverWindow(server.url);
  let backends = pgName ? await backendCpuMs(pgName) : undefined;
  const placed = await load(server.url, { inFlight }, () => {
    const post = queue.shift();
    return post && walk.body(post);
  });
  const placeCpu = await serverWindow(server.url);
  const placeDbCpu = pgName ? cpuBetween(backends!, await backendCpuMs(pgName)) : 0;
  report('first positions (inserts), as fast as answered', placed, placeCpu, placeDbCpu, kind);

  // The walk, with presses: a press → console stream and presses' answers at PRESS_RATE.
  const stream = await timedConsole(server.url);
  // A round's posts are made gateway by gateway as they are sent: the same posts as made all at
  // once (the tags walk only between rounds), but the client never stops for long (making a whole
  // round of 100,000 tags at once held it 25–130 ms), which would delay the presses it times.
  let pending: { gateway: string; heard: [number, number][] }[] = [];
  let gateway = walk.gateways.length;
  const next = () => {
    while (pending.length === 0) {
      if (gateway === walk.gateways.length) {
        walk.walk(MOVE_SHARE);
        walk.tick();
        gateway = 0;
      }
      pending = walk.postsOf(gateway++);
    }
    return walk.body(pending.shift()!);
  };
  let pressed = 8;
  const phase = async (name: string, opts: { inFlight: number; rate?: number }) => {
    backends = pgName ? await backendCpuMs(pgName) : undefined;
    await serverWindow(server.url);
    const clientCpu = process.cpuUsage();
    const toConsole: number[] = [];
    const afterAnswer: number[] = [];
    const answered = await pressesDuring(
      server.url,
      { rate: PRESS_RATE, tags: pressTags.slice(0, 8) },
      async () => {
        const walking = load(server.url, { ...opts, untilMs: SECONDS * 1000 }, next);
        let done = false;
        void walking.then(() => (done = true));
        while (!done && pressed < pressTags.length) {
          const t = performance.now();
          const timed = await pressToConsole(server.url, stream, [pressTags[pressed++]!]);
          toConsole.push(...timed.total);
          afterAnswer.push(...timed.afterAnswer);
          await new Promise((r) => setTimeout(r, Math.max(0, 1000 / PRESS_RATE - (performance.now() - t))));
        }
        return walking;
      },
    );
    const cpu = await serverWindow(server.url);
    const dbCpu = pgName ? cpuBetween(backends!, await backendCpuMs(pgName)) : 0;
    const client = process.cpuUsage(clientCpu);
    report(name, answered.result, cpu, dbCpu, kind, (client.user + client.system) / 1000);
    const p99 = percentile(toConsole, 99);
    console.log(
      `     press → console meanwhile: ${toConsole.length} presses, p50 ${f1(percentile(toConsole, 50))} ms, p99 ${f1(p99)} ms ` +
        `(target < ${TARGET.pressP99} ms: ${met(p99 < TARGET.pressP99)}), of which after the press's answer p50 ` +
        `${f1(percentile(afterAnswer, 50))} ms, p99 ${f1(percentile(afterAnswer, 99))} ms; presses' answers: ${answered.posts} posts${answered.failed}, ` +
        `p50 ${f1(answered.p50)} ms, p99 ${f1(answered.p99)} ms`,
    );
  };
  await phase(`walk as fast as answered (${inFlight} posts in flight)`, { inFlight });
  // 2 % over the target: answered over the whole phase (the last posts' answers included), a
  // server that keeps up with the target then shows at least the target.
  const rate = Number(env.BENCH_RATE ?? TARGET[kind] * 1.02);
  // Posts are not all full (a gateway's last one of a round): offer posts at the rate that makes it.
  const sample = walk.round();
  const perPost = sample.reduce((n, p) => n + p.heard.length, 0) / sample.length;
  await phase(`walk at the target, ${Math.round(rate)} sightings/s offered (${f1(rate / perPost)} posts/s)`, {
    inFlight,
    rate: rate / perPost,
  });
  stream.close();
  const sizes = await server.sql<{ name: string; rows: number; hot: number; upd: number; mb: number }>(
    `select relname as name, n_live_tup::int as rows, n_tup_hot_upd::int as hot, n_tup_upd::int as upd,
       round(pg_total_relation_size(relid) / 1048576.0, 1)::float as mb
     from pg_stat_user_tables where relname in ('tag_positions', 'tag_moves', 'sighting_batches') order by relname`,
  );
  console.log(
    `   tables: ${sizes.map((s) => `${s.name} ${s.rows} rows ${s.mb} MB${s.upd ? ` (${s.hot} of ${s.upd} updates HOT)` : ''}`).join('; ')}`,
  );
  await server.stop();
  cleanup();
}

function report(
  name: string,
  l: Load,
  server: ServerWindow,
  dbCpuMs: number,
  kind: 'pglite' | 'postgres',
  clientCpuMs?: number,
) {
  const cpuMs = server.cpuMs;
  const rate = l.sightings / l.seconds;
  const sorted = [...l.postMs].sort((a, b) => a - b);
  const perSighting = (ms: number) => `${f1((ms * 1000) / l.sightings)} µs`;
  console.log(
    `   ${name}: ${l.sightings} sightings in ${l.posts} posts, ${f1(l.seconds)} s: ${Math.round(rate)} sightings/s ` +
      `(target ≥ ${TARGET[kind]}: ${met(rate >= TARGET[kind])}); ${l.moved} moves; post p50 ${f1(percentile(sorted, 50))} ms, ` +
      `p99 ${f1(percentile(sorted, 99))} ms; CPU per sighting: server ${perSighting(cpuMs)}` +
      (kind === 'postgres' ? `, PostgreSQL ${perSighting(dbCpuMs)}` : ' (database included)') +
      (clientCpuMs === undefined ? '' : `, this bench's client ${perSighting(clientCpuMs)}`) +
      `; server event-loop delay p99 ${f1(server.loopP99)} ms, max ${f1(server.loopMax)} ms`,
  );
}

for (const kind of DATABASES) await run(kind);
