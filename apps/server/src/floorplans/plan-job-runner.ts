import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { planJobs, type PlanJobRow } from './tables';
import { PLAN_REASONS, PlanJobCancelled, PlanJobFailure } from './plan-reasons';

// How one attempt of a plan job runs against its plan_jobs row: it takes the row (a retry resumes a
// row a dead instance left running), reports progress through it, and leaves it done, failed, or
// queued for the queue's next attempt. The row is what every instance's status call reads.

/** Attempts the queue makes of a plan job (retryLimit + 1). */
export const PLAN_JOB_RETRY_LIMIT = 2;
/** A running attempt refreshes its row at least this often, progress or not. */
export const PLAN_JOB_BEAT_MS = 5_000;
/** Progress is written at most this often (and at every new step). */
const PROGRESS_WRITE_MS = 500;

export type PlanJobContext = {
  row: PlanJobRow;
  /** Records the step and percent; throws PlanJobCancelled once the row was cancelled. */
  progress(step: string, percent: number): Promise<void>;
};

type Work = (ctx: PlanJobContext) => Promise<Record<string, unknown>>;

/**
 * Runs one attempt of the plan job `id`. A row already finished (done, failed, cancelled) is left
 * alone. PlanJobFailure fails the job with its reason; PlanJobCancelled stops it quietly; any other
 * error is rethrown for the queue to retry, and on the last attempt fails the job.
 */
export async function runPlanJob(db: Db, id: string, work: Work, log: PlanJobLog): Promise<void> {
  const [row] = await db
    .update(planJobs)
    .set({ state: 'running', attempts: sql`${planJobs.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(planJobs.id, id), inArray(planJobs.state, ['queued', 'running'])))
    .returning();
  if (!row) return;
  const reporter = progressReporter(db, id);
  const beat = setInterval(
    () => reporter.beat().catch((err: unknown) => log.warn({ err, job: id }, 'plan job beat failed')),
    PLAN_JOB_BEAT_MS,
  );
  beat.unref();
  try {
    const result = await work({ row, progress: reporter.progress });
    await finish(db, id, { state: 'done', step: 'done', percent: 100, result });
  } catch (err) {
    if (err instanceof PlanJobCancelled) return;
    if (err instanceof PlanJobFailure) return finish(db, id, { state: 'failed', failReason: err.message });
    if (row.attempts > PLAN_JOB_RETRY_LIMIT) {
      await finish(db, id, { state: 'failed', failReason: PLAN_REASONS.failedAttempts(row.attempts) });
    } else {
      await db
        .update(planJobs)
        .set({ state: 'queued', step: 'retrying', updatedAt: sql`now()` })
        .where(and(eq(planJobs.id, id), eq(planJobs.state, 'running')));
    }
    throw err;
  } finally {
    clearInterval(beat);
  }
}

export type PlanJobLog = { warn: (obj: object, msg: string) => void };

/** Ends a running job's row; a row cancelled meanwhile stays cancelled. */
async function finish(db: Db, id: string, changes: Partial<typeof planJobs.$inferInsert>): Promise<void> {
  await db
    .update(planJobs)
    .set({ ...changes, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(planJobs.id, id), eq(planJobs.state, 'running')));
}

/** Writes progress at most every PROGRESS_WRITE_MS (a new step at once) and beats between writes. */
function progressReporter(db: Db, id: string) {
  let step = '';
  let percent = 0;
  let writtenAt = 0;
  let cancelled = false;
  const write = async () => {
    writtenAt = Date.now();
    const rows = await db
      .update(planJobs)
      .set({ step, percent: Math.round(percent * 10) / 10, updatedAt: sql`now()` })
      .where(and(eq(planJobs.id, id), eq(planJobs.state, 'running')))
      .returning({ id: planJobs.id });
    if (rows.length === 0) cancelled = true;
  };
  return {
    async progress(nextStep: string, nextPercent: number) {
      if (cancelled) throw new PlanJobCancelled();
      const newStep = nextStep !== step;
      step = nextStep;
      percent = Math.min(99.9, Math.max(percent, nextPercent));
      if (newStep || Date.now() - writtenAt >= PROGRESS_WRITE_MS) await write();
      if (cancelled) throw new PlanJobCancelled();
    },
    async beat() {
      if (!cancelled && Date.now() - writtenAt >= PLAN_JOB_BEAT_MS / 2) await write();
    },
  };
}
