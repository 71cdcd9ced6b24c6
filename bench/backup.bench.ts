// Issue 19 "Backup and restore": what a backup of a running embedded installation costs the alert
// path (how long the server's database is held, and the presses' latency meanwhile against an
// idle baseline), how long `vigil backup`, `vigil restore` and `vigil export-to-postgres` take, and
// how big the backup is. BACKUP_TAGS (100000), BACKUP_ALERTS (100000) size the installation.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  freshPostgresDatabase,
  killAllServers,
  postgresAnswers,
  startServer,
} from '../apps/server/test/helpers/spawn';
import { pressesDuring } from './presses';
import { f1 } from './stats';

const TAGS = Number(process.env.BACKUP_TAGS ?? 100_000);
const ALERTS = Number(process.env.BACKUP_ALERTS ?? 100_000);
const RATE = 20;
const REPO = path.resolve(import.meta.dirname, '..');
const CLI = path.join(REPO, 'apps/server/src/cli.ts');
const run = promisify(execFile);

async function vigil(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO,
    env: childEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { out: stdout + stderr, s: (performance.now() - started) / 1000 };
}

const dirSize = (dir: string): number =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const source = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-backup-'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-restore-'));
try {
  console.log(`seeding ${TAGS} tags and ${ALERTS} closed alerts …`);
  const seeded = await vigil(
    [
      'seed',
      '--tags',
      String(TAGS),
      '--gateways',
      String(Math.max(5, TAGS / 1000)),
      '--alerts',
      String(ALERTS),
    ],
    { DATA_DIR: source },
  );
  console.log(
    `  seeded in ${seeded.s.toFixed(0)} s; database files ${mb(dirSize(path.join(source, 'pglite')))}`,
  );
  const server = await startServer({
    name: 'bench',
    port: 47070,
    dataDir: source,
    seedDemo: false,
    readyMs: 180_000,
  });
  const idle = await pressesDuring(
    server.url,
    { rate: RATE },
    () => new Promise((r) => setTimeout(r, 15_000)),
  );
  const file = path.join(scratch, 'bench.vigil.tgz');
  const during = await pressesDuring(server.url, { rate: RATE }, () =>
    vigil(['backup', '--to', file], { DATA_DIR: source }),
  );
  const held = Number(/held (\d+) ms/.exec(during.result.out)?.[1] ?? NaN);
  await server.stop();
  const restoreDir = path.join(scratch, 'restored');
  const restored = await vigil(['restore', '--from', file], { DATA_DIR: restoreDir });
  if (!restored.out.includes('every table matches')) throw new Error(restored.out);
  let exported: { s: number } | undefined;
  if (await postgresAnswers()) {
    const db = await freshPostgresDatabase('bench_export');
    try {
      const out = await vigil(['export-to-postgres', '--database-url', db.url, '--from', file], {
        DATA_DIR: path.join(scratch, 'exported'),
      });
      if (!out.out.includes('every table matches')) throw new Error(out.out);
      exported = out;
    } finally {
      await db.drop();
    }
  }
  console.log(`\n| ${TAGS} tags, ${ALERTS} alerts | figure |`);
  console.log('|---|---|');
  console.log(`| database held (pg_backup_start: a checkpoint) | ${held} ms |`);
  console.log(
    `| press p50 / p99 / max, idle (${RATE}/s, ${idle.posts} posts) | ${f1(idle.p50)} / ${f1(idle.p99)} / ${f1(idle.max)} ms${idle.failed} |`,
  );
  console.log(
    `| press p50 / p99 / max, during the backup (${during.posts} posts) | ${f1(during.p50)} / ${f1(during.p99)} / ${f1(during.max)} ms${during.failed} |`,
  );
  console.log(`| vigil backup (snapshot, copy, verify, gzip) | ${during.result.s.toFixed(1)} s |`);
  console.log(`| backup file | ${mb(fs.statSync(file).size)} |`);
  console.log(`| vigil restore (unpack, verify) | ${restored.s.toFixed(1)} s |`);
  console.log(
    `| vigil export-to-postgres --from (copy, compare) | ${exported ? `${exported.s.toFixed(1)} s` : 'no PostgreSQL'} |`,
  );
} finally {
  await killAllServers();
  fs.rmSync(source, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}
