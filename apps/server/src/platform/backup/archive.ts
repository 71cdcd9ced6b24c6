import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { z } from 'zod';
import { storageRoot } from '../storage';
import { fingerprintDifferences, fingerprintTables, type Fingerprints, type QueryFn } from './fingerprint';

/**
 * `vigil backup` / `vigil restore` for the embedded database (docs/OPERATIONS.md "Backup and restore").
 * A backup is one gzipped tar:
 * - `manifest.json`: what it holds (BackupManifest), with every table's fingerprint, read from the
 *   snapshot itself once it was taken (so a backup that would not open is never written);
 * - `pglite/`: the database's files, copied online by the running server (control.ts copyOnline)
 *   or from the stopped one's files, then opened once here (which replays the WAL the copy holds)
 *   and closed cleanly, so a restore opens it at once;
 * - `storage/`: DATA_DIR/storage, the floor plans' sources, thumbnails and tiles, copied after the
 *   snapshot, so every file a row of the snapshot names is there.
 */

export const BACKUP_FORMAT = 1;

const fingerprintSchema = z.record(z.string(), z.object({ rows: z.number(), digest: z.string() }));

export const backupManifestSchema = z.object({
  product: z.literal('vigil'),
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  engine: z.literal('pglite'),
  /** How long the running server's database was held while its files were read (0 when stopped). */
  heldMs: z.number(),
  /** How many migrations the snapshot had applied. */
  migrations: z.number(),
  tables: fingerprintSchema,
  storage: z.object({ files: z.number(), bytes: z.number() }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export type BackupResult = { file: string; bytes: number; manifest: BackupManifest };

/**
 * Writes a backup of DATA_DIR to `to` from `snapshotDir`, a copy of its database's files (which this
 * consumes). The file appears only once complete (written beside it, then renamed); an existing
 * `to` is replaced.
 */
export async function writeBackup(opts: {
  dataDir: string;
  to: string;
  snapshotDir: string;
  heldMs: number;
}): Promise<BackupResult> {
  const to = path.resolve(opts.to);
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const staging = await fsp.mkdtemp(path.join(path.dirname(to), '.vigil-backup-'));
  const partial = `${to}.partial`;
  try {
    const database = path.join(staging, 'pglite');
    await moveDir(opts.snapshotDir, database);
    const { tables, migrations } = await readSnapshot(database);
    const storage = await copyStorage(storageRoot(opts.dataDir), path.join(staging, 'storage'));
    const manifest: BackupManifest = {
      product: 'vigil',
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      heldMs: opts.heldMs,
      migrations,
      tables,
      storage,
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'pglite', ...(storage.files > 0 ? ['storage'] : [])];
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await fsp.rename(partial, to);
    return { file: to, bytes: (await fsp.stat(to)).size, manifest };
  } finally {
    await fsp.rm(partial, { force: true });
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(opts.snapshotDir, { recursive: true, force: true });
  }
}

/** Renames a folder, or copies it across file systems. */
async function moveDir(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fsp.cp(from, to, { recursive: true });
    await fsp.rm(from, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the database and storage that were in DATA_DIR went (with --force). */
  movedAside?: string;
  /** The tables whose rows differ from the backup's fingerprints (empty when the restore is exact). */
  differences: string[];
};

/** Whether DATA_DIR already holds an embedded database. */
export function holdsDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * Restores a backup into DATA_DIR: its database as DATA_DIR/pglite, its files as DATA_DIR/storage.
 * Refuses a DATA_DIR that holds a database unless `force`, which moves the database and storage there
 * aside (DATA_DIR/before-restore-<time>) first. The restored database is then opened and its
 * fingerprints compared with the backup's. The server must not be running (the caller checks).
 */
export async function restoreBackup(opts: {
  from: string;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(opts.from)) throw new RestoreRefused(`No backup at ${opts.from}`);
  if (holdsDatabase(dataDir) && !opts.force) {
    throw new RestoreRefused(
      `${dataDir} already holds a database: restore into a new DATA_DIR, or add --force to move ` +
        'the database and files there aside first',
    );
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(dataDir, '.vigil-restore-'));
  try {
    try {
      await tar.x({ file: opts.from, cwd: staging, strict: true });
    } catch (err) {
      throw new RestoreRefused(`${opts.from} is not a Vigil backup (${(err as Error).message})`);
    }
    const manifest = await readManifest(path.join(staging, 'manifest.json'), opts.from);
    // The database is unpacked and checked in the staging folder; DATA_DIR changes only once it matches.
    const unpacked = path.join(staging, 'pglite');
    if (!fs.existsSync(path.join(unpacked, 'PG_VERSION')))
      throw new RestoreRefused('The backup holds no database');
    const pglite = new PGlite(unpacked, { extensions: { pg_trgm } });
    let differences: string[];
    try {
      differences = fingerprintDifferences(manifest.tables, await fingerprintTables(queryOf(pglite)));
    } finally {
      await pglite.close();
    }
    if (differences.length > 0) return { manifest, differences };
    let movedAside: string | undefined;
    if (holdsDatabase(dataDir) || fs.existsSync(storageRoot(dataDir))) {
      movedAside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await fsp.mkdir(movedAside);
      for (const name of ['pglite', 'storage']) {
        if (fs.existsSync(path.join(dataDir, name))) {
          await fsp.rename(path.join(dataDir, name), path.join(movedAside, name));
        }
      }
    }
    await fsp.rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    await fsp.rename(unpacked, path.join(dataDir, 'pglite'));
    if (fs.existsSync(path.join(staging, 'storage'))) {
      await fsp.rename(path.join(staging, 'storage'), storageRoot(dataDir));
    }
    return { manifest, movedAside, differences };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Reads a backup's manifest without restoring it. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  let text: string | undefined;
  await tar
    .t({
      file,
      filter: (entry) => entry === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
      },
    })
    .catch((err: Error) => {
      throw new RestoreRefused(`${file} is not a Vigil backup (${err.message})`);
    });
  if (text === undefined) throw new RestoreRefused(`${file} is not a Vigil backup (it has no manifest.json)`);
  return parseManifest(text, file);
}

/** Extracts a backup's database files into `pgliteDir` (for export-to-postgres --from). */
export async function extractBackupDatabase(from: string, pgliteDir: string): Promise<BackupManifest> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(pgliteDir), '.vigil-extract-'));
  try {
    await tar.x({ file: from, cwd: staging, strict: true }).catch((err: Error) => {
      throw new RestoreRefused(`${from} is not a Vigil backup (${err.message})`);
    });
    const manifest = await readManifest(path.join(staging, 'manifest.json'), from);
    if (!fs.existsSync(path.join(staging, 'pglite', 'PG_VERSION')))
      throw new RestoreRefused('The backup holds no database');
    await moveDir(path.join(staging, 'pglite'), pgliteDir);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(file: string, backup: string): Promise<BackupManifest> {
  if (!fs.existsSync(file))
    throw new RestoreRefused(`${backup} is not a Vigil backup (it has no manifest.json)`);
  return parseManifest(await fsp.readFile(file, 'utf8'), backup);
}

function parseManifest(text: string, backup: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RestoreRefused(`${backup} has a damaged manifest.json`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown })?.format;
    throw new RestoreRefused(
      format !== undefined && format !== BACKUP_FORMAT
        ? `${backup} is a backup of format ${String(format)}; this Vigil reads format ${BACKUP_FORMAT}`
        : `${backup} is not a Vigil backup (its manifest.json does not describe one)`,
    );
  }
  return parsed.data;
}

/** Opens a copy of the database (replaying the WAL it holds) and closes it: its fingerprints and migrations. */
async function readSnapshot(dir: string): Promise<{ tables: Fingerprints; migrations: number }> {
  const pglite = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    const tables = await fingerprintTables(queryOf(pglite));
    const { rows } = await pglite.query<{ n: number }>(
      `select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    // A clean shutdown: the copy in the backup opens without recovery.
    await pglite.exec('checkpoint');
    return { tables, migrations: rows[0]?.n ?? 0 };
  } finally {
    await pglite.close();
  }
}

export function queryOf(pglite: PGlite): QueryFn {
  return async <T>(text: string, params?: unknown[]) => pglite.query<T>(text, params);
}

/** Copies DATA_DIR/storage (when there is one): how many files and bytes. */
async function copyStorage(from: string, to: string): Promise<{ files: number; bytes: number }> {
  if (!fs.existsSync(from)) return { files: 0, bytes: 0 };
  await fsp.cp(from, to, { recursive: true, preserveTimestamps: true });
  let files = 0;
  let bytes = 0;
  for (const entry of await fsp.readdir(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await fsp.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}
