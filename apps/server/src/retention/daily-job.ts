import type { Db } from '../platform/db/client';
import type { JobQueue } from '../platform/jobs';
import { runRetention, type RetentionReport } from './run-retention';

// Issue 19: retention runs daily on the durable job queue (platform/jobs.ts), so one instance runs
// it whichever are up, and a day missed while every instance was down runs at the next start.
// Every instance asks for the next day's job at start; the `singletonKey` stores it once. The run
// asks for the day after as it starts, and a run that ran out of time asks to go on a minute later.

export const RETENTION_JOB = 'retention';
/** The hour (UTC) of the daily run: a quiet hour in Europe, evening in the Americas. */
export const RETENTION_HOUR_UTC = 3;
/** A run stops between batches after this long, under the job queue's 15-minute limit (EXPIRE_S). */
export const RETENTION_RUN_MS = 10 * 60_000;
const DAILY = 'daily';
const GO_ON = 'continue';

/** The next daily run strictly after `now`: RETENTION_HOUR_UTC:00 today or tomorrow. */
export function nextRetentionRun(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(RETENTION_HOUR_UTC, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Stores the next daily run unless one waits already (any instance may ask). */
export async function scheduleRetention(jobs: JobQueue, now = new Date()): Promise<void> {
  await jobs.send(RETENTION_JOB, {}, { singletonKey: DAILY, startAfter: nextRetentionRun(now) });
}

type Log = { info: (obj: object, msg: string) => void };

/**
 * The job's handler: tomorrow's run is stored first (a failure here retries this one, and the day
 * after is still asked for), then the run; one out of time (or stopped by `signal`) goes on later.
 */
export function retentionJobHandler(deps: { db: Db; jobs: JobQueue; log: Log; signal?: AbortSignal }) {
  return async (): Promise<RetentionReport> => {
    const now = new Date();
    await scheduleRetention(deps.jobs, now);
    const report = await runRetention(deps.db, { now, maxMs: RETENTION_RUN_MS, signal: deps.signal });
    const deleted = report.organisations.reduce(
      (sum, o) => sum + Object.values(o.deleted).reduce((a, n) => a + n, 0),
      0,
    );
    deps.log.info(
      { organisations: report.organisations.length, deleted, expired: report.expired, ms: report.ms },
      `retention run ${report.complete ? 'done' : 'stopped early; going on in a minute'}`,
    );
    if (!report.complete && !deps.signal?.aborted) {
      await deps.jobs.send(
        RETENTION_JOB,
        {},
        { singletonKey: GO_ON, startAfter: new Date(Date.now() + 60_000) },
      );
    }
    return report;
  };
}

/** Works the daily retention job on this instance and makes sure the next one is stored. */
export async function workRetention(deps: {
  db: Db;
  jobs: JobQueue;
  log: Log;
  signal?: AbortSignal;
}): Promise<void> {
  const handle = retentionJobHandler(deps);
  await deps.jobs.work(RETENTION_JOB, async () => {
    await handle();
  });
  await scheduleRetention(deps.jobs);
}
