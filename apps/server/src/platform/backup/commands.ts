import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import { storageRoot } from '../storage';
import {
  RestoreRefused,
  extractBackupDatabase,
  holdsDatabase,
  restoreBackup,
  writeBackup,
  type BackupManifest,
} from './archive';
import { SNAPSHOT_PREFIX, isServing, requestSnapshot } from './control';
import { ExportRefused, exportToPostgres } from './export-postgres';
import type { Fingerprints } from './fingerprint';

// The CLI's `backup`, `restore` and `export-to-postgres` (docs/OPERATIONS.md "Backup and restore").
// Each answers its exit code: 0 done, 1 done but the comparison found a difference, 2 refused.

type Out = { log(line: string): void; error(line: string): void };

const PG_BACKUP_HINT =
  'With DATABASE_URL, Vigil keeps its data in PostgreSQL: back it up with pg_dump --format=custom ' +
  "and restore it with pg_restore (or the provider's snapshots), and keep DATA_DIR/storage (the floor " +
  'plans\' files) with it — docs/OPERATIONS.md "Backup and restore".';

export const BACKUP_USAGE = `vigil backup --to FILE        a backup of the embedded database and its files, taken while the server runs
vigil restore --from FILE     restore a backup into DATA_DIR (stop the server first; --force replaces what is there)
vigil export-to-postgres --database-url URL [--from FILE]
                              copy the embedded database (or a backup) into an empty PostgreSQL database`;

export async function backupCommand(args: string[], config: Config, out: Out = console): Promise<number> {
  const values = parsed(args, { to: { type: 'string' } }, out);
  if (!values) return 2;
  const to = values.to as string | undefined;
  if (!to) return refuse(out, `vigil backup needs --to FILE\n\n${BACKUP_USAGE}`);
  if (config.databaseUrl) return refuse(out, PG_BACKUP_HINT);
  let snapshotDir: string;
  let heldMs = 0;
  if (await isServing(config.dataDir)) {
    const copy = await requestSnapshot(config.dataDir);
    ({ dir: snapshotDir, heldMs } = copy);
    out.log(
      `the running server copied its database (${megabytes(copy.bytes)} in ${(copy.copyMs / 1000).toFixed(1)} s; ` +
        `its database was held ${heldMs} ms, for a checkpoint)`,
    );
  } else {
    if (!holdsDatabase(config.dataDir)) return refuse(out, `No embedded database in ${config.dataDir}`);
    snapshotDir = await fsp.mkdtemp(path.join(config.dataDir, SNAPSHOT_PREFIX));
    await fsp.cp(path.join(config.dataDir, 'pglite'), snapshotDir, { recursive: true });
    out.log('no server runs on this DATA_DIR: its database files were copied');
  }
  const result = await writeBackup({ dataDir: config.dataDir, to, snapshotDir, heldMs });
  out.log(`backup written to ${result.file} (${megabytes(result.bytes)})`);
  for (const line of describeContents(result.manifest)) out.log(`  ${line}`);
  return 0;
}

export async function restoreCommand(args: string[], config: Config, out: Out = console): Promise<number> {
  const values = parsed(args, { from: { type: 'string' }, force: { type: 'boolean' } }, out);
  if (!values) return 2;
  const from = values.from as string | undefined;
  if (!from) return refuse(out, `vigil restore needs --from FILE\n\n${BACKUP_USAGE}`);
  if (config.databaseUrl) return refuse(out, PG_BACKUP_HINT);
  if (await isServing(config.dataDir)) {
    return refuse(out, `A Vigil server is running on ${config.dataDir}: stop it, then restore`);
  }
  try {
    const result = await restoreBackup({ from, dataDir: config.dataDir, force: values.force === true });
    if (result.differences.length > 0) {
      out.error(
        `${from} does not hold what its manifest says (a damaged backup?); DATA_DIR was left as it was:\n  ` +
          result.differences.join('\n  '),
      );
      return 1;
    }
    if (result.movedAside) out.log(`what was in DATA_DIR was moved to ${result.movedAside}`);
    out.log(`restored the backup of ${result.manifest.createdAt} into ${path.resolve(config.dataDir)}`);
    for (const line of describeContents(result.manifest)) out.log(`  ${line}`);
    out.log('every table matches the backup; `vigil serve` applies any newer migrations as it starts');
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) return refuse(out, err.message);
    throw err;
  }
}

export type ExportHooks = {
  /** What lives outside the public tables and must follow (the report routines): lines to print. */
  copyExtras?(source: Db, target: Db): Promise<string[]>;
};

export async function exportToPostgresCommand(
  args: string[],
  config: Config,
  hooks: ExportHooks = {},
  out: Out = console,
): Promise<number> {
  const values = parsed(args, { 'database-url': { type: 'string' }, from: { type: 'string' } }, out);
  if (!values) return 2;
  const url = values['database-url'] as string | undefined;
  const from = values.from as string | undefined;
  if (!url) return refuse(out, `vigil export-to-postgres needs --database-url URL\n\n${BACKUP_USAGE}`);
  let sourceDir = config.dataDir;
  let scratch: string | undefined;
  if (from) {
    scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'vigil-export-'));
    try {
      await extractBackupDatabase(from, path.join(scratch, 'pglite'));
    } catch (err) {
      await fsp.rm(scratch, { recursive: true, force: true });
      if (err instanceof RestoreRefused) return refuse(out, err.message);
      throw err;
    }
    sourceDir = scratch;
  } else {
    if (await isServing(config.dataDir)) {
      return refuse(
        out,
        `A Vigil server is running on ${config.dataDir}: stop it, or export from a backup (--from)`,
      );
    }
    if (!holdsDatabase(config.dataDir)) return refuse(out, `No embedded database in ${config.dataDir}`);
  }
  try {
    const source = await openDatabase({ dataDir: sourceDir });
    try {
      const target = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
      try {
        const client = await target.pool!.connect();
        let result;
        try {
          result = await exportToPostgres({
            source: source.pglite!,
            target: client,
            log: (l) => out.log(`  ${l}`),
          });
        } finally {
          client.release();
        }
        for (const line of (await hooks.copyExtras?.(source.db, target.db)) ?? []) out.log(line);
        if (from && !fs.existsSync(storageRoot(config.dataDir))) {
          await tar.x({ file: from, cwd: config.dataDir, filter: (p) => p.startsWith('storage') });
          out.log(`the backup's floor-plan files were extracted into ${storageRoot(config.dataDir)}`);
        }
        const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
        out.log(
          `copied ${rows} rows of ${result.tables.length} tables in ${(result.ms / 1000).toFixed(1)} s`,
        );
        if (result.differences.length > 0) {
          out.error(`PostgreSQL differs from the embedded database:\n  ${result.differences.join('\n  ')}`);
          return 1;
        }
        out.log(
          'every table matches. Start Vigil with DATABASE_URL set to this database; keep DATA_DIR/storage ' +
            "(the floor plans' files) where every instance reads it.",
        );
        return 0;
      } catch (err) {
        if (err instanceof ExportRefused) return refuse(out, err.message);
        throw err;
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  } finally {
    if (scratch) await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/** What a backup holds, for the operator: the counts that matter to them. */
export function describeContents(manifest: BackupManifest): string[] {
  const rows = (t: Fingerprints, name: string) => t[name]?.rows ?? 0;
  const t = manifest.tables;
  return [
    `${rows(t, 'zones')} zones, ${rows(t, 'users')} users, ${rows(t, 'tags')} tags, ${rows(t, 'gateways')} gateways`,
    `${rows(t, 'alerts')} alerts with ${rows(t, 'alert_events')} events, ${rows(t, 'plans')} floor plans, ` +
      `${manifest.storage.files} stored files (${megabytes(manifest.storage.bytes)})`,
    `${Object.keys(t).length} tables, ${manifest.migrations} migrations applied`,
  ];
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function refuse(out: Out, message: string): number {
  out.error(message);
  return 2;
}

function parsed(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean' }>,
  out: Out,
): Record<string, string | boolean | undefined> | undefined {
  try {
    return parseArgs({ args, options, strict: true }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    out.error(`${(err as Error).message}\n\n${BACKUP_USAGE}`);
    return undefined;
  }
}
