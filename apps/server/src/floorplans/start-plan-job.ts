import { and, eq, sql } from 'drizzle-orm';
import type { PlanCorners, PlanThumbnailBody, PlanTileBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { UUID_RE } from '../platform/db/checks';
import { HttpError, badRequest, notFound } from '../platform/errors';
import type { JobQueue } from '../platform/jobs';
import type { Actor } from '../platform/caller';
import { planJobs, planSources, plans, type PlanSourceRow } from './tables';
import { findPlanFloor } from './plan-floor';
import { PLAN_JOB_RETRY_LIMIT } from './plan-job-runner';
import { PLAN_REASONS } from './plan-reasons';

/** The job queue's names of the plan jobs (plan-workers.ts works them). */
export const PLAN_THUMBNAIL_JOB = 'plan-thumbnail';
export const PLAN_TILE_JOB = 'plan-tile';

/** Who started a tile job: the floor's plan is saved in their name and scope when it is done. */
export type JobActorRef = { id: string; orgId: string; roots: string[]; requestId: string };
export type ThumbnailJobInput = { sourceId: string };
export type TileJobInput = { sourceId: string; corners: PlanCorners; actor: JobActorRef };

type Deps = { db: Db; jobs: JobQueue | undefined };

/** SPEC §7 POST zones/{floorId}/plan/thumbnail {id, path}: a preview of the uploaded image, as a job. */
export async function startThumbnailJob(deps: Deps, actor: Actor, floorId: string, body: PlanThumbnailBody) {
  const floor = await findPlanFloor(deps.db, actor.caller.scope, floorId);
  const source = await findSource(deps.db, floor.id, body.id);
  if (!source) throw notFound(PLAN_REASONS.sourceNotFound);
  if (source.path !== body.path) throw badRequest(PLAN_REASONS.pathMismatch, 'path');
  const input: ThumbnailJobInput = { sourceId: source.id };
  return enqueue(deps, 'thumbnail', floor.id, actor.caller.org.id, input);
}

/**
 * SPEC §7 POST zones/{floorId}/plan/tile {corners, id | sourceId}: tiles an uploaded image (`id`), or
 * the image of one of the floor's plans again (`sourceId`, after moving its corners), as a job.
 */
export async function startTileJob(deps: Deps, actor: Actor, floorId: string, body: PlanTileBody) {
  const { caller, requestId } = actor;
  const floor = await findPlanFloor(deps.db, caller.scope, floorId);
  const source =
    'id' in body
      ? await findSource(deps.db, floor.id, body.id)
      : await sourceOfPlan(deps.db, floor.id, body.sourceId);
  if (!source) throw notFound('id' in body ? PLAN_REASONS.sourceNotFound : PLAN_REASONS.planNotFound);
  const input: TileJobInput = {
    sourceId: source.id,
    corners: body.corners,
    actor: { id: caller.id, orgId: caller.org.id, roots: caller.scope.roots, requestId },
  };
  return enqueue(deps, 'tile', floor.id, caller.org.id, input);
}

/** An uploaded image of the floor. */
export async function findSource(db: Db, floorId: string, id: string): Promise<PlanSourceRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(planSources)
    .where(and(eq(planSources.id, id), eq(planSources.floorId, floorId)));
  return row;
}

/** The image a plan of the floor was tiled from (an upload's id is taken as well). */
async function sourceOfPlan(db: Db, floorId: string, planId: string): Promise<PlanSourceRow | undefined> {
  if (!UUID_RE.test(planId)) return undefined;
  const [plan] = await db
    .select({ sourceId: plans.sourceId })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.floorId, floorId)));
  return findSource(db, floorId, plan?.sourceId ?? planId);
}

/** Stores the job's row, then the queue's job naming it; answers the id status calls take. */
async function enqueue(
  deps: Deps,
  kind: 'thumbnail' | 'tile',
  floorId: string,
  orgId: string,
  input: object,
) {
  if (!deps.jobs) throw new HttpError(503, PLAN_REASONS.jobsOff, 'jobs_off');
  const [row] = await deps.db
    .insert(planJobs)
    .values({ orgId, floorId, kind, input: input as Record<string, unknown> })
    .returning({ id: planJobs.id });
  const id = row!.id;
  const name = kind === 'tile' ? PLAN_TILE_JOB : PLAN_THUMBNAIL_JOB;
  try {
    const queueJobId = await deps.jobs.send(name, { planJob: id }, { retryLimit: PLAN_JOB_RETRY_LIMIT });
    await deps.db.update(planJobs).set({ queueJobId }).where(eq(planJobs.id, id));
  } catch (err) {
    await deps.db
      .update(planJobs)
      .set({ state: 'failed', finishedAt: sql`now()` })
      .where(eq(planJobs.id, id));
    throw err;
  }
  return { job: id };
}
