import type { PlanBearingBody, Zone } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { updateZone } from '../zones';
import { findPlanFloor } from './plan-floor';

/**
 * SPEC §4 Plan editing: a rotation is saved as the floor's config.planBearing, through the zones' own
 * update (scope-checked and audited), by whoever may edit floor plans (update FloorPlan, SPEC §6).
 */
export async function savePlanBearing(
  db: Db,
  actor: Actor,
  floorId: string,
  body: PlanBearingBody,
): Promise<Zone> {
  await findPlanFloor(db, actor.caller.scope, floorId);
  return updateZone(db, actor, floorId, { config: { planBearing: body.bearing } });
}
