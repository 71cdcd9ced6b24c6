// Warehouse scans at a scanner's pace (issue 22 "Speed": a scan acknowledged on the kiosk p95 <
// 150 ms with 10 scans a second typed by a scanner, none lost). The server side of it, over HTTP
// against the real app: a hand-held scanner reads a code every 100 ms; the kiosk (docs/WAREHOUSE.md
// "Idempotency and fast scans") queues each scan with its idempotency key and sends them one at a
// time, in order. Acknowledged = the scan's answer arrived, counted from the moment it was scanned
// (its wait in the queue included). Three runs of BENCH_SCANS scans each: the factory registering
// new tags, the factory packing them into boxes of 20, the warehouse receiving boxes (each box scan
// moves 20 devices). Afterwards every scan's key must be stored with its answer: none lost.
//
// BENCH_SCANS=300 BENCH_DB=pglite,postgres (PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432,
// a fresh database dropped after). Figures: docs/BENCHMARKS.md "Warehouse scans (issue 22)".
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, openDatabase, type Database } from '../apps/server/src/platform/db/client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { seedDemo } from '../apps/server/src/db/seed';
import { freshPostgresDatabase, postgresAnswers } from '../apps/server/test/helpers/spawn';
import { apiSignIn } from './api-sign-in';
import { f1, pct, sorted } from './stats';

const env = process.env;
const SCANS = Number(env.BENCH_SCANS ?? 300);
const DATABASES = (env.BENCH_DB ?? 'pglite,postgres').split(',');
const INTERVAL_MS = 100;
const TARGET_P95_MS = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = Record<string, string | number>;
const rows: Row[] = [];

type Answer = { changed: { outcome: string; text: string }; print: { barcode: string } | null };

/**
 * Scans arriving every INTERVAL_MS, sent one at a time in arrival order (the kiosk's queue): each
 * scan's milliseconds from arrival to answer, and the answers. Every answer must be a 200.
 */
async function paced(address: string, headers: Record<string, string>, bodies: object[]) {
  const start = performance.now();
  const arrival = bodies.map((_, i) => start + i * INTERVAL_MS);
  const ms: number[] = [];
  const answers: Answer[] = [];
  const keys: string[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const wait = arrival[i]! - performance.now();
    if (wait > 0) await sleep(wait);
    const key = crypto.randomUUID();
    keys.push(key);
    const res = await fetch(`${address}/api/warehouse/scan`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...bodies[i], idempotencyKey: key }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`scan ${i}: ${res.status} ${text}`);
    answers.push(JSON.parse(text) as Answer);
    ms.push(performance.now() - arrival[i]!);
  }
  return { ms: sorted(ms), answers, keys, seconds: (performance.now() - start) / 1000 };
}

async function run(kind: 'pglite' | 'postgres') {
  let dataDir: string | undefined;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let database: Database;
  if (kind === 'postgres') {
    fresh = await freshPostgresDatabase('vigil_bench_scans');
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: os.tmpdir() });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-scans-'));
    database = await openDatabase({ dataDir });
  }
  try {
    await seedDemo(database.db);
    const app = await buildApp(
      { ...loadConfig({}), dataDir: dataDir ?? os.tmpdir(), consoleDir: undefined },
      { database, ownsDatabase: false, logger: false, jobs: false, notifications: false },
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const factory = await apiSignIn(address, 'factory@smp.example', 'factory');
      const warehouse = await apiSignIn(address, 'warehouse@smp.example', 'smpwarehouse');
      const macs = Array.from({ length: SCANS * 20 }, () => `5d${crypto.randomBytes(5).toString('hex')}`);

      const register = await paced(
        address,
        factory,
        macs.slice(0, SCANS).map((text) => ({ step: 'register', text, sku: 'TAG5' })),
      );
      // The rest registered unmeasured, to have SCANS boxes of 20 to receive.
      for (const text of macs.slice(SCANS)) {
        await scanOnce(address, factory, { step: 'register', text, sku: 'TAG5' });
      }
      const pack = await paced(
        address,
        factory,
        macs.slice(0, SCANS).map((text) => ({ step: 'pack', text })),
      );
      const boxes = new Set(pack.answers.flatMap((a) => (a.print ? [a.print.barcode] : [])));
      for (const text of macs.slice(SCANS)) {
        const answer = await scanOnce(address, factory, { step: 'pack', text });
        if (answer.print) boxes.add(answer.print.barcode);
      }
      const receive = await paced(
        address,
        warehouse,
        [...boxes].slice(0, SCANS).map((text) => ({ step: 'receive', text })),
      );

      for (const [step, result] of [
        ['register (a new tag)', register],
        ['pack (a tag into its box)', pack],
        ['receive (a box of 20)', receive],
      ] as const) {
        const refused = result.answers.filter((a) => a.changed.outcome !== 'changed').length;
        const stored = await storedAnswers(database, result.keys);
        rows.push({
          db: kind,
          step,
          scans: result.ms.length,
          'p50 ms': f1(pct(result.ms, 0.5)),
          'p95 ms': f1(pct(result.ms, 0.95)),
          'max ms': f1(result.ms.at(-1)!),
          'not changed': refused,
          'stored (none lost)': `${stored}/${result.keys.length}`,
        });
        const p95 = pct(result.ms, 0.95);
        console.log(
          `${kind}, ${step}: p95 ${f1(p95)} ms, target < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`,
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

async function scanOnce(address: string, headers: Record<string, string>, body: object): Promise<Answer> {
  const res = await fetch(`${address}/api/warehouse/scan`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, idempotencyKey: crypto.randomUUID() }),
  });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as Answer;
}

/** How many of these keys the server stored with an answer. */
async function storedAnswers({ db }: Database, keys: string[]): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from warehouse_scans where key = any(${`{${keys.join(',')}}`}::uuid[]) and answer is not null`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

for (const kind of DATABASES) {
  if (kind === 'postgres' && !(await postgresAnswers())) {
    console.log('PostgreSQL does not answer on 127.0.0.1:5432: skipped');
    continue;
  }
  await run(kind as 'pglite' | 'postgres');
}
console.table(rows);
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(`load average while it ran (1, 5, 15 min): ${load.join(', ')} on ${os.cpus().length} cores`);
