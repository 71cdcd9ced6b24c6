import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded server's control socket: a Unix socket beside its database that only this machine's
 * users allowed into DATA_DIR can open (mode 0600). Through it `vigil backup` asks the running server
 * for a snapshot of its database, and every command that would open the embedded database itself
 * first learns whether a server already has it open: PGlite is one process's database, and a second
 * process opening the same files would corrupt them. The server copies its database online
 * (copyOnline): the alert path is held only for a checkpoint.
 */

/** Where the control socket of DATA_DIR is: in it, or in the temp folder when that path is too long for a socket. */
export function controlSocketPath(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const inside = path.join(dir, 'vigil.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  const hash = crypto.createHash('sha256').update(dir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `vigil-${hash}.sock`);
}

/** Whether a server answers on DATA_DIR's control socket. */
export async function isServing(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return false;
  return new Promise((resolve) => {
    const req = http.request({ socketPath, path: '/ping', method: 'GET', timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      // A server that takes this long is still a server: never open its files beside it.
      resolve(true);
    });
    req.end();
  });
}

export class AlreadyServing extends Error {}

export type ControlServer = { close(): Promise<void> };

/**
 * Listens on DATA_DIR's control socket. Throws AlreadyServing when another server answers there
 * (two servers on one embedded database); a socket file left by a server that died is replaced.
 */
export async function startControlServer(opts: {
  pglite: PGlite;
  dataDir: string;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}): Promise<ControlServer> {
  const socketPath = controlSocketPath(opts.dataDir);
  if (await isServing(opts.dataDir)) {
    throw new AlreadyServing(
      `Another Vigil server already serves the embedded database in ${opts.dataDir} (${socketPath}): ` +
        'stop it first, or give this one a DATA_DIR of its own',
    );
  }
  fs.rmSync(socketPath, { force: true });
  // Copies a backup left behind (its CLI stopped halfway) are of no use.
  for (const name of fs.readdirSync(opts.dataDir)) {
    if (name.startsWith(SNAPSHOT_PREFIX))
      fs.rmSync(path.join(opts.dataDir, name), { recursive: true, force: true });
  }
  let snapshotting = false;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/ping') {
      res.end('vigil');
      return;
    }
    if (req.method === 'POST' && req.url === '/snapshot') {
      if (snapshotting) {
        res.writeHead(409).end('A backup is already being taken');
        return;
      }
      snapshotting = true;
      const dir = path.join(opts.dataDir, `${SNAPSHOT_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
      copyOnline(opts.pglite, dir)
        .then((copy) => {
          opts.log.info(copy, 'backup: database copied');
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dir, ...copy }));
        })
        .catch((err: Error) => {
          opts.log.warn({ err }, 'backup: copy failed');
          fs.rmSync(dir, { recursive: true, force: true });
          res.writeHead(500).end(err.message);
        })
        .finally(() => (snapshotting = false));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** The folders in DATA_DIR the server copies its database into for `vigil backup`, which removes them. */
export const SNAPSHOT_PREFIX = '.snapshot-';

/** What pg_basebackup leaves out of a data directory: runtime state that a start makes anew. */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'pg_internal.init',
]);

export type OnlineCopy = { heldMs: number; copyMs: number; bytes: number };

/**
 * An online base backup of the embedded database into `to`, as pg_basebackup makes one, while the
 * server goes on writing: `pg_backup_start` (a checkpoint, the only moment the connection is held),
 * the data files copied with asynchronous file operations between the server's statements (a page
 * torn by a write during its copy is repaired from the full-page image the WAL holds since the
 * start), `pg_backup_stop`, its label written as `backup_label`, then the WAL. Opened, the copy
 * replays the WAL to a consistent state: every change committed before the stop.
 */
export async function copyOnline(pglite: PGlite, to: string): Promise<OnlineCopy> {
  const from = pglite.dataDir;
  if (!from || from.startsWith('memory://'))
    throw new Error('The database is in memory: there is nothing to copy');
  const started = performance.now();
  await pglite.query(`select pg_backup_start('vigil backup', true)`);
  let heldMs = performance.now() - started;
  let bytes = 0;
  let label: string;
  try {
    bytes += await copyTree(from, to, true);
  } finally {
    const stopping = performance.now();
    const { rows } = await pglite.query<{ labelfile: string }>(`select labelfile from pg_backup_stop(false)`);
    heldMs = Math.max(heldMs, performance.now() - stopping);
    label = rows[0]!.labelfile;
  }
  await fsp.writeFile(path.join(to, 'backup_label'), label);
  // The WAL from the start's checkpoint on, written before the stop answered.
  bytes += await copyTree(path.join(from, 'pg_wal'), path.join(to, 'pg_wal'), false);
  const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]+)\)/.exec(label)?.[1];
  if (first && !fs.existsSync(path.join(to, 'pg_wal', first))) {
    throw new Error(
      `The WAL the backup starts from (${first}) was recycled while it was copied: take it again`,
    );
  }
  return { heldMs: Math.round(heldMs), copyMs: Math.round(performance.now() - started), bytes };
}

async function copyTree(from: string, to: string, top: boolean): Promise<number> {
  await fsp.mkdir(to, { recursive: true });
  let bytes = 0;
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && SKIP_CONTENTS.has(entry.name)) await fsp.mkdir(target, { recursive: true });
      else bytes += await copyTree(source, target, false);
    } else if (entry.isFile() && !(top && SKIP_FILES.has(entry.name))) {
      try {
        await fsp.copyFile(source, target);
        bytes += (await fsp.stat(target)).size;
      } catch (err) {
        // A file dropped while the copy ran (a relation truncated away, a WAL segment recycled) is
        // not needed: the WAL replays its removal.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  return bytes;
}

/** Asks the server on DATA_DIR's control socket to copy its database: where the copy is, and what it cost. */
export async function requestSnapshot(dataDir: string): Promise<OnlineCopy & { dir: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), path: '/snapshot', method: 'POST' },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200)
            reject(new Error(`the server could not copy its database: ${text || res.statusCode}`));
          else resolve(JSON.parse(text) as OnlineCopy & { dir: string });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
