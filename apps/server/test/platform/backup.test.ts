import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readBackupManifest } from '../../src/platform/backup/archive';
import { controlSocketPath } from '../../src/platform/backup/control';
import {
  consoleHeaders,
  freePort,
  freshPostgresDatabase,
  killAllServers,
  postgresAnswers,
  prepareDatabase,
  press,
  startServer,
  type PressResult,
} from '../helpers/spawn';

// Issue 19 "Backup and restore": `vigil backup` while the server runs and ingests, `vigil restore`
// onto a new data directory, `vigil export-to-postgres`; each compared with what was there.

const REPO = path.resolve(import.meta.dirname, '../../../..');
const CLI = path.join(REPO, 'apps/server/src/cli.ts');
const run = promisify(execFile);
const hasPostgres = await postgresAnswers();

const dirs: string[] = [];
const tempDir = (prefix = 'vigil-backup-') => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(killAllServers);
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `vigil <args>` with DATA_DIR (and no DATABASE_URL unless given): its exit code and output. */
async function vigil(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO,
      env: childEnv,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

async function withPglite<T>(dataDir: string, fn: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    await db.exec(`set timezone to 'UTC'`);
    return await fn(db);
  } finally {
    await db.close();
  }
}

const countOf = async (db: { query: PGlite['query'] }, table: string) =>
  Number((await db.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]!.n);

/** What a restore must bring back: the counts of devices, users and zones, and every alert's key fields. */
const rowsToCompare = async (db: PGlite) => ({
  zones: await countOf(db, 'zones'),
  users: await countOf(db, 'users'),
  tags: await countOf(db, 'tags'),
  gateways: await countOf(db, 'gateways'),
  roles: await countOf(db, 'roles'),
  alerts: (
    await db.query<{ id: string; tag_id: string; created_at: string; mode: string }>(
      `select id, tag_id, created_at::text, mode from alerts order by id`,
    )
  ).rows,
});

/** Files under `dir`, by path relative to it, with their bytes. */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), fs.readFileSync(full).toString('base64'));
  }
  return files;
}

// The embedded database's commands: run in the PGlite pass (the PostgreSQL pass has nothing more to
// prove here); the export to PostgreSQL runs whenever one answers on this machine.
describe.skipIf(!!process.env.DATABASE_URL)('vigil backup and restore (issue 19)', () => {
  it('a backup taken while presses arrive restores onto a new data directory with every row it held', async () => {
    const source = tempDir();
    const tags = await prepareDatabase({
      dataDir: source,
      tags: 400,
      prefix: 'bacc',
      escalationDelayS: 3600,
    });
    // Stored files as a floor plan leaves them: its source and a few tiles.
    const images = path.join(source, 'storage', 'orgs', 'demo-org', 'images', 'plans', 'p1');
    fs.mkdirSync(path.join(images, 'tiles', '2'), { recursive: true });
    fs.writeFileSync(path.join(images, 'source.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    for (const t of ['0-0', '0-1', '1-0'])
      fs.writeFileSync(path.join(images, 'tiles', '2', `${t}.webp`), `tile ${t}`);

    const seeded = await withPglite(source, (db) => countOf(db, 'alerts'));
    const server = await startServer({
      name: 'source',
      port: await freePort(),
      dataDir: source,
      seedDemo: false,
    });
    expect(fs.existsSync(controlSocketPath(source))).toBe(true);

    // Presses before the backup, then a steady stream while it is taken.
    const before: PressResult[] = [];
    for (const tag of tags.slice(0, 40)) before.push(await press(server.url, tag, `n-${tag}`));
    expect(before.every((p) => p.status === 200)).toBe(true);
    let pressing = true;
    const during: PressResult[] = [];
    const stream = (async () => {
      for (const tag of tags.slice(40)) {
        if (!pressing) break;
        during.push(await press(server.url, tag, `n-${tag}`));
      }
    })();
    // Wait until the stream runs, so the backup is surely taken under ingest.
    while (during.length < 5) await new Promise((resolve) => setImmediate(resolve));
    const file = path.join(tempDir(), 'nightly.vigil.tgz');
    const backup = await vigil(['backup', '--to', file], { DATA_DIR: source });
    const duringBackup = during.length;
    pressing = false;
    await stream;
    expect(backup.out).toContain('the running server copied its database');
    expect(backup.code, backup.out).toBe(0);
    // Presses went on being answered while the backup was taken.
    expect(duringBackup).toBeGreaterThan(5);
    expect(during.every((p) => p.status === 200)).toBe(true);

    const manifest = await readBackupManifest(file);
    expect(manifest.storage.files).toBe(4);
    expect(manifest.tables.alerts!.rows).toBeGreaterThanOrEqual(seeded + before.length);
    expect(manifest.tables.alerts!.rows).toBeLessThanOrEqual(seeded + before.length + during.length);

    // Restore onto a new data directory, the source still running.
    const target = tempDir();
    const restored = await vigil(['restore', '--from', file], { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('every table matches the backup');
    expect(filesUnder(path.join(target, 'storage'))).toEqual(filesUnder(path.join(source, 'storage')));

    await server.stop();
    const sourceRows = await withPglite(source, rowsToCompare);
    const restoredRows = await withPglite(target, rowsToCompare);
    // Every device, user and zone; every alert raised before the backup; no alert the source lacks.
    for (const table of ['zones', 'users', 'tags', 'gateways', 'roles'] as const) {
      expect(restoredRows[table], table).toBe(sourceRows[table]);
    }
    const restoredTags = new Set(restoredRows.alerts.map((a) => a.tag_id));
    for (const p of before) expect(restoredTags.has(p.tag), p.tag).toBe(true);
    const sourceById = new Map(sourceRows.alerts.map((a) => [a.id, a]));
    for (const alert of restoredRows.alerts) expect(sourceById.get(alert.id)).toEqual(alert);
    expect(restoredRows.alerts.length).toBe(manifest.tables.alerts!.rows);
    expect(sourceRows.alerts.length).toBe(seeded + before.length + during.length);

    // The restored directory serves: its alerts list through the API.
    const again = await startServer({
      name: 'restored',
      port: await freePort(),
      dataDir: target,
      seedDemo: false,
    });
    const list = await fetch(`${again.url}/api/alerts?limit=5`, { headers: consoleHeaders });
    expect(list.status).toBe(200);
    await again.stop();

    if (!hasPostgres) return;
    // The same backup moved to PostgreSQL, compared table by table.
    const database = await freshPostgresDatabase('backup_export');
    try {
      const exported = await vigil(['export-to-postgres', '--database-url', database.url, '--from', file], {
        DATA_DIR: tempDir(),
      });
      expect(exported.code, exported.out).toBe(0);
      expect(exported.out).toContain('every table matches');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(`set timezone to 'UTC'`);
        const { rows } = await client.query<{ id: string; tag_id: string; created_at: string; mode: string }>(
          `select id, tag_id, created_at::text, mode from alerts order by id`,
        );
        expect(rows).toEqual(restoredRows.alerts);
        expect(await countOf(client as never, 'tags')).toBe(restoredRows.tags);
      } finally {
        await client.end();
      }
      // A second export into the now-full database is refused, and changes nothing.
      const twice = await vigil(['export-to-postgres', '--database-url', database.url, '--from', file], {
        DATA_DIR: tempDir(),
      });
      expect(twice.code).toBe(2);
      expect(twice.out).toContain('already holds Vigil data');
    } finally {
      await database.drop();
    }
  }, 240_000);

  it('refuses what would lose data: a restore over a database, onto a running server, or from a file that is no backup', async () => {
    const dataDir = tempDir();
    await prepareDatabase({ dataDir, tags: 1, prefix: 'bref', escalationDelayS: 3600 });
    const notBackup = path.join(tempDir(), 'notes.tgz');
    fs.writeFileSync(notBackup, 'hello');

    const fresh = tempDir();
    const garbage = await vigil(['restore', '--from', notBackup], { DATA_DIR: fresh });
    expect(garbage.code).toBe(2);
    expect(garbage.out).toContain('is not a Vigil backup');
    const missing = await vigil(['restore'], { DATA_DIR: fresh });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('needs --from FILE');

    // Stopped: a backup from the files, and a restore over the database only with --force.
    const file = path.join(tempDir(), 'b.tgz');
    const offline = await vigil(['backup', '--to', file], { DATA_DIR: dataDir });
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toContain('no server runs on this DATA_DIR');
    const over = await vigil(['restore', '--from', file], { DATA_DIR: dataDir });
    expect(over.code).toBe(2);
    expect(over.out).toContain('already holds a database');
    const forced = await vigil(['restore', '--from', file, '--force'], { DATA_DIR: dataDir });
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toContain('was moved to');

    // Running: restore, migrate and a second server on the same files are refused.
    const server = await startServer({ name: 'running', port: await freePort(), dataDir, seedDemo: false });
    const onRunning = await vigil(['restore', '--from', file, '--force'], { DATA_DIR: dataDir });
    expect(onRunning.code).toBe(2);
    expect(onRunning.out).toContain('A Vigil server is running');
    const second = await vigil(['serve'], { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).toBe(2);
    expect(second.out).toContain('stop it before `vigil serve`');
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);

    // With PostgreSQL the database is backed up by PostgreSQL's own tools.
    const pgBackup = await vigil(['backup', '--to', file], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
    });
    expect(pgBackup.code).toBe(2);
    expect(pgBackup.out).toContain('pg_dump');
  }, 180_000);
});
