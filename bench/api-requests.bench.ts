// Authenticated API requests over real HTTP on the embedded database: what every console call
// pays for headers, credentials, scope and permission checks before its own work.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { DEMO_API_KEY, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = 8;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await seedDemo(database.db);
const app = await buildApp(
  { ...loadConfig({}), dataDir, consoleDir: undefined },
  { database, ownsDatabase: true, logger: false, jobs: false },
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const base = { slug: 'demo', domain: 'localhost', 'content-type': 'application/json' };
const login = await fetch(`${address}/api/auth/password/demo`, {
  method: 'POST',
  headers: base,
  body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
});
const token = ((await login.json()) as { access: { token: string } }).access.token;
const bearer = { ...base, authorization: `Bearer ${token}` };
const key = { ...base, authorization: `Basic ${Buffer.from(`${DEMO_API_KEY}:`).toString('base64')}` };
const floors = (await (await fetch(`${address}/api/zones?level=floor`, { headers: bearer })).json()) as {
  data: { id: string }[];
};

async function measure(name: string, url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  return {
    name,
    'req/s': Math.round(latencies.length / (DURATION_MS / 1000)),
    'p50 ms': pct(0.5),
    'p99 ms': pct(0.99),
  };
}

const rows = [
  await measure('GET /healthz (no auth: baseline)', `${address}/healthz`, base),
  await measure('GET /api/users/me (bearer)', `${address}/api/users/me`, bearer),
  await measure('GET /api/users/me (API key)', `${address}/api/users/me`, key),
  await measure(
    'GET /api/zones/{floor}?children',
    `${address}/api/zones/${floors.data[0]!.id}?children=true`,
    bearer,
  ),
];
console.log(`engine: ${database.kind}, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`);
console.table(rows);
const baseline = rows[0]!['req/s'];
for (const r of rows.slice(1))
  console.log(`${r.name}: ${(r['req/s'] / baseline).toFixed(2)}× the unauthenticated baseline`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
