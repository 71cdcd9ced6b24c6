import type { FastifyInstance } from 'fastify';
import { runPlanJob } from './plan-job-runner';
import { makeThumbnail } from './make-thumbnail';
import { PLAN_THUMBNAIL_JOB, PLAN_TILE_JOB } from './start-plan-job';
import { tilePlan } from './tile-plan';

/**
 * Tile jobs one instance runs at once: a job holds its decoded image (up to PLAN_WORK_MAX_PIXELS × 4
 * bytes) and keeps a core busy, so more would only share the same cores and multiply the memory.
 */
const TILE_CONCURRENCY = 1;
const THUMBNAIL_CONCURRENCY = 2;

/** Works this instance's share of the plan jobs on the job queue (none when the app runs without jobs). */
export async function workPlanJobs(app: FastifyInstance): Promise<void> {
  const { db, jobs, log } = app;
  const dataDir = app.config.dataDir;
  if (!jobs) return;
  await jobs.work(
    PLAN_THUMBNAIL_JOB,
    (job) => runPlanJob(db, String(job.data.planJob), (ctx) => makeThumbnail(db, dataDir, ctx), log),
    { concurrency: THUMBNAIL_CONCURRENCY },
  );
  await jobs.work(
    PLAN_TILE_JOB,
    (job) => runPlanJob(db, String(job.data.planJob), (ctx) => tilePlan(db, dataDir, ctx), log),
    { concurrency: TILE_CONCURRENCY },
  );
}
