import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { RetentionRefused, runRetention, type RetentionReport } from './run-retention';

export const RETENTION_USAGE = 'Usage: vigil retention run [--org slug] [--dry-run]';

/**
 * `vigil retention run [--org slug] [--dry-run]` (docs/OPERATIONS.md 'Retention'): the daily run,
 * now, for every organisation or one; a dry run counts what would go. Answers the exit code.
 */
export async function retentionCommand(args: string[]): Promise<number> {
  let values: { org?: string; 'dry-run'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { org: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${RETENTION_USAGE}`);
    return 2;
  }
  if (positionals.length !== 1 || positionals[0] !== 'run') {
    console.error(RETENTION_USAGE);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    const report = await runRetention(database.db, {
      ...(values.org === undefined ? {} : { orgSlug: values.org }),
      dryRun: values['dry-run'] ?? false,
    });
    for (const line of formatRetentionReport(report)) console.log(line);
    return 0;
  } catch (err) {
    if (!(err instanceof RetentionRefused)) throw err;
    console.error(err.message);
    return 2;
  } finally {
    await database.close();
  }
}

/** The run as the CLI prints it: one line per organisation and table that lost rows. */
export function formatRetentionReport(report: RetentionReport): string[] {
  const verb = report.dryRun ? 'would delete' : 'deleted';
  const lines: string[] = [];
  for (const org of report.organisations) {
    const tables = Object.entries(org.deleted).filter(([, n]) => n > 0);
    const what = tables.length ? tables.map(([t, n]) => `${t} ${n}`).join(', ') : 'nothing';
    lines.push(`${org.slug ?? org.id} (${org.name}): ${verb} ${what}`);
  }
  const expired = Object.entries(report.expired).filter(([, n]) => n > 0);
  if (expired.length)
    lines.push(`expired sign-in state: ${verb} ${expired.map(([t, n]) => `${t} ${n}`).join(', ')}`);
  lines.push(
    `${report.complete ? 'done' : 'stopped early'} in ${(report.ms / 1000).toFixed(1)} s` +
      (report.dryRun ? ' (dry run: nothing deleted)' : `; audit request id ${report.requestId}`),
  );
  return lines;
}
