// Issue 5: a press must reach every console watching its zone "in well under a second". Measures,
// over real HTTP on the embedded database, the time from a gateway's POST of a button event to the
// alert arriving on a console's SSE stream, for presses one after another and in small bursts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { tags } from '../apps/server/src/db/schema';
import { DEMO_GATEWAY_KEY, DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const TARGET_MS = 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await seedDemo(database.db);
const app = await buildApp(
  { ...loadConfig({}), dataDir, consoleDir: undefined },
  { database, ownsDatabase: true, logger: false },
);
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// Tags of their own, so every press opens a new alert (a press on an open alert only joins it).
const [demoTag] = await database.db.select().from(tags).limit(1);
const benchTags = Array.from({ length: PRESSES }, (_, i) => `be0c${String(i).padStart(8, '0')}`);
await database.db.insert(tags).values(
  benchTags.map((id) => ({
    id,
    orgId: demoTag!.orgId,
    zoneId: demoTag!.zoneId,
    config: { ...demoTag!.config, state: 'deployed' },
    state: {},
  })),
);

const headers = { slug: 'demo', domain: 'localhost', 'content-type': 'application/json' };
const login = await fetch(`${base}/api/auth/password/demo`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ username: 'security@demo.example', password: DEMO_PASSWORD }),
});
const token = ((await login.json()) as { access: { token: string } }).access.token;

// The console: one SSE stream, noting when each tag's alert arrives.
const arrived = new Map<string, number>();
const stream = await fetch(`${base}/api/events`, {
  headers: { ...headers, authorization: `Bearer ${token}` },
});
const reader = stream.body!.getReader();
const decoder = new TextDecoder();
void (async () => {
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (const tag of benchTags)
      if (!arrived.has(tag) && buffer.includes(tag)) arrived.set(tag, performance.now());
    if (buffer.length > 1_000_000) buffer = buffer.slice(-10_000);
  }
})();

const gateway = {
  authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};
const sent = new Map<string, number>();
async function press(tag: string) {
  sent.set(tag, performance.now());
  const res = await fetch(`${base}/api/ingest/button-events`, {
    method: 'POST',
    headers: gateway,
    body: JSON.stringify({
      gateway: 'b0a710000001',
      buttonEvents: [
        { tag, nonce: `n-${tag}`, events: [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }] },
      ],
    }),
  });
  if (!res.ok) throw new Error(`ingest ${res.status}`);
}

const half = Math.floor(PRESSES / 2);
for (const tag of benchTags.slice(0, half)) await press(tag); // one after another
for (let i = half; i < PRESSES; i += 10) await Promise.all(benchTags.slice(i, i + 10).map(press)); // bursts of 10
const deadline = Date.now() + 10_000;
while (arrived.size < PRESSES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

function summary(name: string, list: string[]) {
  const ms = list.map((t) => (arrived.get(t) ?? Infinity) - sent.get(t)!).sort((a, b) => a - b);
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))]!;
  const missing = ms.filter((m) => !Number.isFinite(m)).length;
  return {
    case: name,
    presses: list.length,
    'p50 ms': pct(0.5).toFixed(1),
    'p99 ms': pct(0.99).toFixed(1),
    'max ms': pct(1).toFixed(1),
    missing,
  };
}
const rows = [
  summary('one after another', benchTags.slice(0, half)),
  summary('bursts of 10', benchTags.slice(half)),
];
console.log(`press → console (POST to SSE event), engine ${database.kind}, target < ${TARGET_MS} ms`);
console.table(rows);
for (const r of rows)
  console.log(
    `${r.case}: p99 ${r['p99 ms']} ms = ${(Number(r['p99 ms']) / TARGET_MS).toFixed(3)}× the 1 s target${r.missing ? `, ${r.missing} missing` : ''}`,
  );
await reader.cancel().catch(() => undefined);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
