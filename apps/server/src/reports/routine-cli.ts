import fs from 'node:fs';
import { loadConfig } from '../platform/config';
import { openDatabase, withStartupLock } from '../platform/db/client';
import { RoutineRefused, addRoutine } from './routine-install';

const USAGE = 'Usage: vigil report add FILE.sql';

/**
 * `vigil report add FILE.sql` (docs/DEPLOYMENT.md 'Stored report routines'): validates a routine
 * file and installs it with its sandbox, as the server installs the shipped ones. Answers the exit code.
 */
export async function reportCommand(args: string[]): Promise<number> {
  const [action, file, ...extra] = args;
  if (action !== 'add' || !file || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`Could not read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    const added = await withStartupLock(database, (db) => addRoutine(db, text));
    const what = added.changed ? 'Installed' : 'Already installed, unchanged:';
    console.log(`${what} report routine ${added.id} (${added.columns.join(', ')}), at /reports/${added.id}`);
    return 0;
  } catch (err) {
    if (!(err instanceof RoutineRefused)) throw err;
    console.error(`Refused ${file}: ${err.message}`);
    return 2;
  } finally {
    await database.close();
  }
}
