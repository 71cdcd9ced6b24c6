// Nearest responders (issue 20 "Speed"): an organisation of 110,000 tags (seed-scale: some 1,000 of
// them responders, deployed tags in behaviour mode responder) and 1,000 gateways, every deployed tag
// last heard at one of them (tag_positions), and open alerts. Timed, one request at a time over
// HTTP on the embedded database (and on PostgreSQL when it answers):
//
//   GET /api/alerts/{id}/responders   the 3 nearest by walking distance       target p95 < 20 ms
//   GET /api/responders               the whole list (~1,000 rows), for comparison
//   GET /api/users/me                 any signed-in request's cost on this machine now (baseline)
//
// with the partial index the responders' filter is written for (responder-rows.ts; migration 0023
// `tags_org_responder_idx on tags (org_id, id) where (config->>'mode') = 'responder'`), then again
// without it, to say what it buys.
//
// BENCH_TAGS=110000 BENCH_GATEWAYS=1000 BENCH_RUNS=300 BENCH_ALERTS=20 BENCH_DB=pglite,postgres
// (PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432, a fresh database dropped after).
// Figures: docs/BENCHMARKS.md "Nearest responders (issue 20)".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, openDatabase, type Database } from '../apps/server/src/platform/db/client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { DEMO_GATEWAY_KEY, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';
import { seedRespondersDemo } from '../apps/server/src/db/seed-responders';
import { seedScale } from '../apps/server/src/db/seed-scale';
import { zones } from '../apps/server/src/db/schema';
import { freshPostgresDatabase, postgresAnswers } from '../apps/server/test/helpers/spawn';
import { f1, pct, sorted } from './stats';

const env = process.env;
const TAGS = Number(env.BENCH_TAGS ?? 110_000);
const GATEWAYS = Number(env.BENCH_GATEWAYS ?? 1_000);
const RUNS = Number(env.BENCH_RUNS ?? 300);
const ALERTS = Number(env.BENCH_ALERTS ?? 20);
const DATABASES = (env.BENCH_DB ?? 'pglite,postgres').split(',');
const TARGET_P95_MS = 20;
const DROP_PARTIAL_INDEX = sql.raw(`drop index if exists tags_org_responder_idx`);

type Row = Record<string, string | number>;
const rows: Row[] = [];

async function run(kind: 'pglite' | 'postgres') {
  let dataDir: string | undefined;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let database: Database;
  if (kind === 'postgres') {
    fresh = await freshPostgresDatabase('vigil_bench_responders');
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: os.tmpdir() });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-resp-'));
    database = await openDatabase({ dataDir });
  }
  const { db } = database;
  try {
    const t0 = performance.now();
    await seedDemo(db);
    const { orgId } = await seedScale(db, {
      tags: TAGS,
      gateways: GATEWAYS,
      org: 'demo',
      heartbeatsPerGateway: 1,
    });
    const named = await db
      .select({ id: zones.id, name: zones.name })
      .from(zones)
      .where(sql`${zones.path} @> array[${orgId}]::uuid[]`);
    await seedRespondersDemo(db, orgId, new Map(named.map((z) => [z.name, z.id])), new Date());
    const responders = await placeEveryDeployedTag(database, orgId);
    console.log(
      `${kind}: ${TAGS} tags, ${responders} responders, ${GATEWAYS} gateways seeded and placed in ${f1((performance.now() - t0) / 1000)} s`,
    );

    const app = await buildApp(
      { ...loadConfig({}), dataDir: dataDir ?? os.tmpdir(), consoleDir: undefined },
      { database, ownsDatabase: false, logger: false, jobs: false, notifications: false },
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const headers = await signInAdmin(address);
      const alerts = await openAlerts(address, db, orgId);
      for (const index of ['with the partial index', 'without it']) {
        if (index === 'without it') {
          await db.execute(DROP_PARTIAL_INDEX);
          await db.execute(sql`analyze tags`);
        }
        const near = await timed(
          RUNS,
          (i) => `${address}/api/alerts/${alerts[i % alerts.length]}/responders`,
          headers,
        );
        const list = await timed(Math.ceil(RUNS / 5), () => `${address}/api/responders`, headers);
        // What any signed-in request costs here (credentials, scope, permission), for comparison.
        const me = await timed(Math.ceil(RUNS / 5), () => `${address}/api/users/me`, headers);
        for (const [name, ms] of [
          ['GET /api/alerts/{id}/responders', near],
          ['GET /api/responders (whole list)', list],
          ['GET /api/users/me (baseline)', me],
        ] as const) {
          rows.push({
            db: kind,
            index,
            request: name,
            runs: ms.length,
            'p50 ms': f1(pct(ms, 0.5)),
            'p95 ms': f1(pct(ms, 0.95)),
          });
        }
        const p95 = pct(near, 0.95);
        console.log(
          `${kind}, ${index}: nearest p95 ${f1(p95)} ms, target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

/** Every deployed tag last heard by a gateway of the organisation (spread by a hash of its id); the responders' count. */
async function placeEveryDeployedTag({ db }: Database, orgId: string): Promise<number> {
  await db.execute(sql`
    with g as (
      select array_agg(id order by id) as ids, array_agg(zone_id order by id) as zones
      from gateways where org_id = ${orgId} and zone_id is not null
    ), t as (
      select id, 1 + abs(hashtext(id)) % (select cardinality(ids) from g) as k, abs(hashtext(id || 'at')) % 600 as ago
      from tags where org_id = ${orgId} and config->>'state' = 'deployed'
    )
    insert into tag_positions (tag_id, org_id, gateway_id, zone_id, rssi, seen_at, moved_at)
    select t.id, ${orgId}::uuid, g.ids[t.k], g.zones[t.k], -55 - t.ago % 30,
      now() - make_interval(secs => t.ago), now() - make_interval(secs => t.ago)
    from t, g
    on conflict (tag_id) do nothing`);
  await db.execute(sql`vacuum analyze tag_positions`);
  const res = await db.execute(
    sql`select count(*)::int as n from tags where org_id = ${orgId} and (config->>'mode') = 'responder'`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function signInAdmin(address: string): Promise<Record<string, string>> {
  const base = { slug: 'demo', domain: 'localhost', 'content-type': 'application/json' };
  const login = await fetch(`${address}/api/auth/password/demo`, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { access: { token: string } }).access.token;
  return { slug: 'demo', domain: 'localhost', authorization: `Bearer ${token}` };
}

/** ALERTS open alerts: presses of standard deployed tags through the ingest API, at their gateway. */
async function openAlerts(address: string, db: Database['db'], orgId: string): Promise<string[]> {
  const res = await db.execute(sql`
    select t.id as tag, p.gateway_id as gateway from tags t join tag_positions p on p.tag_id = t.id
    where t.org_id = ${orgId} and (t.config->>'mode') = 'standard' order by t.id limit ${ALERTS}`);
  const pressed = (res as unknown as { rows: { tag: string; gateway: string }[] }).rows;
  const ids: string[] = [];
  for (const { tag, gateway } of pressed) {
    const answer = await fetch(`${address}/api/ingest/button-events`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        gateway,
        buttonEvents: [
          { tag, nonce: `bench-${tag}`, events: [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }] },
        ],
      }),
    });
    const body = (await answer.json()) as { results: { alertId?: string }[] };
    if (!body.results[0]?.alertId) throw new Error(`press of ${tag}: ${JSON.stringify(body)}`);
    ids.push(body.results[0].alertId);
  }
  return ids;
}

/** Each request's milliseconds, one at a time after 10 unmeasured; every answer must be 200. */
async function timed(runs: number, url: (i: number) => string, headers: Record<string, string>) {
  const ms: number[] = [];
  for (let i = -10; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(url(i + 10), { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url(i)}: ${res.status} ${body}`);
    if (i >= 0) ms.push(performance.now() - t);
  }
  return sorted(ms);
}

for (const kind of DATABASES) {
  if (kind === 'postgres' && !(await postgresAnswers())) {
    console.log('PostgreSQL does not answer (DATABASE_URL or 127.0.0.1:5432): skipped');
    continue;
  }
  await run(kind as 'pglite' | 'postgres');
}
console.table(rows);
console.log(
  `load average while it ran (1, 5, 15 min): ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} on ${os.cpus().length} cores`,
);
