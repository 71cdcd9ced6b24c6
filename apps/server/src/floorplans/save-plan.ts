import { and, eq, sql } from 'drizzle-orm';
import { planGeometryFromCorners, type GeoBounds } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor, Caller } from '../platform/caller';
import { HttpError } from '../platform/errors';
import { zones } from '../db/schema';
import { updateZone } from '../zones';
import { planJobs, plans, type PlanJobRow } from './tables';
import { planPaths, removeImageDir } from './plan-paths';
import { PLAN_REASONS, PlanJobCancelled, PlanJobFailure } from './plan-reasons';
import type { JobActorRef, TileJobInput } from './start-plan-job';

/**
 * SPEC §4 Plan editing: a tiled plan becomes the floor's: its row, and the floor's config.planId and
 * geometry (the corners' polygon) through the zones' own update (audited in the name of whoever
 * started the job), and the job done with `result`, in one transaction: a cancel that comes first
 * leaves the floor as it was, one that comes after finds the job done. The plan it replaces loses
 * its tiles.
 */
export async function savePlan(
  db: Db,
  dataDir: string,
  job: PlanJobRow,
  plan: { id: string; bounds: GeoBounds; tiles: number },
  result: Record<string, unknown>,
): Promise<void> {
  const input = job.input as TileJobInput;
  const actor = jobActor(input.actor);
  const replaced = await db
    .transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await completeJob(tx, job.id, result);
      // The floor's row stays locked to the end: two plans finishing at once replace one another in turn.
      const [floor] = await tx
        .select({ config: zones.config })
        .from(zones)
        .where(eq(zones.id, job.floorId))
        .for('update');
      if (!floor) throw new PlanJobFailure(PLAN_REASONS.floorGone);
      await tx.insert(plans).values({
        id: plan.id,
        orgId: job.orgId,
        floorId: job.floorId,
        sourceId: input.sourceId,
        corners: input.corners.map(([lng, lat]) => [lng, lat]),
        bounds: [...plan.bounds],
        tiles: plan.tiles,
      });
      const config = { planId: plan.id, geometry: planGeometryFromCorners(input.corners) };
      await updateZone(tx, actor, job.floorId, { config });
      return dropPlanRow(tx, job.floorId, floor.config.planId, plan.id);
    })
    .catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404
        ? new PlanJobFailure(PLAN_REASONS.floorGone)
        : err;
    });
  // Its files go once the floor no longer names it (a console still showing it gets silent 404s).
  if (replaced) await removeImageDir(dataDir, job.orgId, planPaths.plan(job.floorId, replaced));
}

/** Marks the job done; a job cancelled meanwhile throws, undoing the transaction. */
async function completeJob(tx: Db, id: string, result: Record<string, unknown>): Promise<void> {
  const [running] = await tx
    .update(planJobs)
    .set({ state: 'done', step: 'done', percent: 100, result, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(planJobs.id, id), eq(planJobs.state, 'running')))
    .returning({ id: planJobs.id });
  if (!running) throw new PlanJobCancelled();
}

/** Deletes the row of the plan the floor named before (its source stays); answers its id when there was one. */
async function dropPlanRow(
  tx: Db,
  floorId: string,
  previous: unknown,
  current: string,
): Promise<string | undefined> {
  if (typeof previous !== 'string' || previous === current) return undefined;
  const [gone] = await tx
    .delete(plans)
    .where(and(eq(plans.id, previous), eq(plans.floorId, floorId)))
    .returning({ id: plans.id });
  return gone?.id;
}

/**
 * The actor a job acts as. The zones' update reads the caller's scope and, for the audit, its id and
 * organisation; the rest of a Caller (ability, session) belongs to a request, whose permission
 * (update FloorPlan) was checked when the job was started.
 */
function jobActor(ref: JobActorRef): Actor {
  const caller = { id: ref.id, org: { id: ref.orgId }, scope: { orgId: ref.orgId, roots: ref.roots } };
  return { caller: caller as unknown as Caller, requestId: ref.requestId };
}
