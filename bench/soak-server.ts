// The server of bench/soak.bench.ts, in a process of its own: the real app as `vigil serve` runs it
// (jobs, escalations, notifications) on the bench's data directory, with the embedded database's
// maintenance on the shortened intervals of argv[3] (JSON), and answering the bench over IPC: SQL on
// its database (PGlite is one process's alone), the maintenance log, and the housekeeping of a clock
// running `speed` times faster (button events and outbox rows pruned once 24 simulated hours old).
import { buildApp } from '../apps/server/src/app';
import { BUTTON_EVENT_DEDUPE_MS } from '../apps/server/src/ingest/prune';
import { pruneButtonEvents } from '../apps/server/src/ingest';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase, type QuietMoments } from '../apps/server/src/platform/db/client';
import { OUTBOX_RETENTION_MS, pruneOutbox } from '../apps/server/src/platform/realtime/bus';

export type SoakServerOptions = {
  vacuumMs: number;
  checkpointMs: number;
  ginMergeMs: number;
  quiet: QuietMoments;
  speed: number;
};

export type SoakMessage =
  | { type: 'sql'; id: number; text: string; params?: unknown[] }
  | { type: 'maintenance'; id: number }
  | { type: 'prune'; id: number }
  | { type: 'exit' };

const dataDir = process.argv[2]!;
const opts = JSON.parse(process.argv[3]!) as SoakServerOptions;
const database = await openDatabase({
  dataDir,
  pgliteVacuumMs: opts.vacuumMs,
  pgliteCheckpointMs: opts.checkpointMs,
  pgliteGinMergeMs: opts.ginMergeMs,
  pgliteQuiet: opts.quiet,
});
const app = await buildApp({ ...loadConfig({}), dataDir }, { database, ownsDatabase: true, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

/** `now` for a prune that drops rows older than `keepMs` of simulated time (keepMs / speed of real time). */
const shifted = (keepMs: number) => new Date(Date.now() + keepMs - keepMs / opts.speed);

process.on('message', async (m: SoakMessage) => {
  if (m.type === 'exit') {
    await app.close();
    process.exit(0);
  }
  const started = performance.now();
  try {
    let answer: unknown;
    if (m.type === 'sql') answer = (await database.sql.query(m.text, m.params)).rows;
    else if (m.type === 'maintenance') answer = database.maintenance;
    else if (m.type === 'prune')
      await Promise.all([
        pruneButtonEvents(database.db, shifted(BUTTON_EVENT_DEDUPE_MS)),
        pruneOutbox(database.db, shifted(OUTBOX_RETENTION_MS)),
      ]);
    process.send!({ type: 'answer', id: m.id, answer, ms: performance.now() - started });
  } catch (err) {
    process.send!({ type: 'answer', id: m.id, error: (err as Error).message });
  }
});
process.send!({ type: 'ready', address });
