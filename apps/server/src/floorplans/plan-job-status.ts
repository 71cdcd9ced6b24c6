import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { PLAN_JOB_DONE_PERCENT, PLAN_JOB_PREMATURELY_STOPPED } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { UUID_RE } from '../platform/db/checks';
import { notFound } from '../platform/errors';
import { HEARTBEAT_S, type JobQueue } from '../platform/jobs';
import type { Scope } from '../platform/scope';
import { planJobs, type PlanJobRow } from './tables';
import { findPlanFloor } from './plan-floor';
import { PLAN_REASONS } from './plan-reasons';
import { PLAN_THUMBNAIL_JOB, PLAN_TILE_JOB } from './start-plan-job';

/**
 * A row left `running` with no beat for this long has lost its instance and was not taken up again:
 * the queue retries a dead instance's job within HEARTBEAT_S and a few seconds (whose attempt then
 * beats the row every PLAN_JOB_BEAT_MS), so this is well past any retry.
 */
export const PLAN_JOB_STALE_S = 2 * HEARTBEAT_S + 30;

/** SPEC §7 GET zones/{floorId}/plan/status/{job}: any instance answers from the job's row. */
export async function planJobStatus(db: Db, scope: Scope, floorId: string, jobId: string) {
  const floor = await findPlanFloor(db, scope, floorId);
  let row = await findJob(db, floor.id, jobId);
  if (row.state === 'running') row = (await failIfStale(db, row.id)) ?? row;
  return statusOf(row);
}

/** Cancels a job not yet finished (its queue job too): a running attempt stops at its next step. */
export async function cancelPlanJob(
  db: Db,
  jobs: JobQueue | undefined,
  scope: Scope,
  floorId: string,
  jobId: string,
) {
  const floor = await findPlanFloor(db, scope, floorId);
  const row = await findJob(db, floor.id, jobId);
  const [cancelled] = await db
    .update(planJobs)
    .set({
      state: 'cancelled',
      failReason: PLAN_REASONS.cancelled,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(planJobs.id, row.id), inArray(planJobs.state, ['queued', 'running'])))
    .returning();
  if (cancelled?.queueJobId) {
    await jobs?.cancel(row.kind === 'tile' ? PLAN_TILE_JOB : PLAN_THUMBNAIL_JOB, cancelled.queueJobId);
  }
  return statusOf(cancelled ?? row);
}

async function findJob(db: Db, floorId: string, jobId: string): Promise<PlanJobRow> {
  const [row] = UUID_RE.test(jobId)
    ? await db
        .select()
        .from(planJobs)
        .where(and(eq(planJobs.id, jobId), eq(planJobs.floorId, floorId)))
    : [];
  if (!row) throw notFound(PLAN_REASONS.jobNotFound);
  return row;
}

/** Fails a running row that stopped beating (its failReason left empty: 'Prematurely stopped'). */
async function failIfStale(db: Db, id: string): Promise<PlanJobRow | undefined> {
  const [row] = await db
    .update(planJobs)
    .set({ state: 'failed', finishedAt: sql`now()` })
    .where(
      and(
        eq(planJobs.id, id),
        eq(planJobs.state, 'running'),
        lt(planJobs.updatedAt, sql`now() - ${PLAN_JOB_STALE_S} * interval '1 second'`),
      ),
    )
    .returning();
  return row;
}

/**
 * The status SPEC §7 names, plus what the job made (`result`: a thumbnail's path and size, a tile
 * job's planId and bounds). SPEC §8: a job that ended below 100 % without its own reason was
 * 'Prematurely stopped'.
 */
function statusOf(row: PlanJobRow) {
  const isRunning = row.state === 'queued' || row.state === 'running';
  const done = row.state === 'done';
  const percent = done ? PLAN_JOB_DONE_PERCENT : row.percent;
  const stopped = !isRunning && !done && percent < PLAN_JOB_DONE_PERCENT;
  const failReason = row.failReason ?? (stopped ? PLAN_JOB_PREMATURELY_STOPPED : null);
  return { step: row.step, percent, isRunning, failReason, ...(row.result ? { result: row.result } : {}) };
}
