// The server of bench/server-process.ts (bench/lists.bench.ts, bench/reports.bench.ts), in a process
// of its own so that its memory is measured apart from the client's: builds the app on the bench's
// data directory (or argv[3]'s DATABASE_URL), serving argv[4]'s built console if given, listens, and
// answers the parent's messages (memory sampling, SQL on its database — PGlite is one process's
// alone —, emptying the analytics answer cache).
import { buildApp } from '../apps/server/src/app';
import { analyticsCache } from '../apps/server/src/analytics';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/client';

type Message =
  | { type: 'sample-start' }
  | { type: 'sample-stop' }
  | { type: 'sql'; id: number; text: string }
  | { type: 'clear-analytics-cache' }
  | { type: 'exit' };

const dataDir = process.argv[2]!;
const database = await openDatabase({ databaseUrl: process.argv[3] || undefined, dataDir });
const app = await buildApp(
  { ...loadConfig({}), dataDir, consoleDir: process.argv[4] || undefined },
  { database, ownsDatabase: true, logger: false, jobs: false },
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const mb = (bytes: number) => bytes / 1024 / 1024;
let sampler: NodeJS.Timeout | undefined;
let base = { rss: 0, heap: 0 };
let peak = { rss: 0, heap: 0 };

process.on('message', async (m: Message) => {
  if (m.type === 'sample-start') {
    global.gc?.();
    const now = process.memoryUsage();
    base = { rss: mb(now.rss), heap: mb(now.heapUsed + now.external) };
    peak = { ...base };
    sampler = setInterval(() => {
      const u = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, mb(u.rss)), heap: Math.max(peak.heap, mb(u.heapUsed + u.external)) };
    }, 20);
  } else if (m.type === 'sample-stop') {
    clearInterval(sampler);
    process.send!({ type: 'memory', base, peak });
  } else if (m.type === 'sql') {
    try {
      const result = await database.sql.query(m.text);
      process.send!({ type: 'sql', id: m.id, rows: result.rows });
    } catch (err) {
      process.send!({ type: 'sql', id: m.id, error: (err as Error).message });
    }
  } else if (m.type === 'clear-analytics-cache') {
    analyticsCache.clear();
    process.send!({ type: 'cleared' });
  } else if (m.type === 'exit') {
    await app.close();
    process.exit(0);
  }
});
process.send!({ type: 'ready', address, kind: database.kind });
