import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded server's control socket: a Unix socket beside its database that only this machine's
 * users allowed into DATA_DIR can open (mode 0600). Through it `vigil backup` asks the running server
 * for a snapshot of its database, and every command that would open the embedded database itself
 * first learns whether a server already has it open: PGlite is one process's database, and a second
 * process opening the same files would corrupt them.
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
      takeSnapshot(opts.pglite)
        .then(({ blob, heldMs }) => {
          opts.log.info({ bytes: blob.size, heldMs }, 'backup: database snapshot taken');
          res.writeHead(200, {
            'content-type': 'application/x-tar',
            'content-length': String(blob.size),
            'x-vigil-held-ms': String(heldMs),
          });
          const body = Readable.fromWeb(blob.stream() as never);
          body.on('error', () => res.destroy());
          body.pipe(res);
        })
        .catch((err: Error) => {
          opts.log.warn({ err }, 'backup: snapshot failed');
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

/**
 * A consistent copy of the embedded database's files: a checkpoint (so a restore replays little
 * WAL), then PGlite's own dump, which holds its connection while it reads the files — no statement
 * runs meanwhile, so the copy is the state after the last one committed, as after a crash; a
 * restore recovers it like any start. Answers how long the connection was held.
 */
export async function takeSnapshot(pglite: PGlite): Promise<{ blob: Blob; heldMs: number }> {
  await pglite.exec('checkpoint');
  const started = performance.now();
  const blob = await pglite.dumpDataDir('none');
  return { blob, heldMs: Math.round(performance.now() - started) };
}

/** Asks the server on DATA_DIR's control socket for a snapshot: its tar stream, and how long it held the database. */
export async function requestSnapshot(dataDir: string): Promise<{ body: Readable; heldMs: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), path: '/snapshot', method: 'POST' },
      (res) => {
        if (res.statusCode !== 200) {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            reject(new Error(`the server refused the snapshot: ${text || res.statusCode}`)),
          );
          return;
        }
        resolve({ body: res, heldMs: Number(res.headers['x-vigil-held-ms'] ?? 0) });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
