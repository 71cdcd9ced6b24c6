import { MARKER_LABELS, OUTDOOR_MARKER_LABELS } from '../gateways/constants';
import type { AppAbility } from '../permissions/model';
import { mayEditFloorPlans } from '../permissions/roles';
import { PLAN_JOB_DONE_PERCENT } from '../plans/constants';
import { MAC_SUGGEST_MAX, macSearchPrefix } from '../validators/mac';
import type { ZoneLevel } from '../zones/enums';
import {
  CAMERA_ID_REQUIRED,
  CAMERA_NAME_REQUIRED,
  GATEWAY_ALREADY_PLACED,
  MARKER_AREA_REQUIRED,
  PLAN_JOB_PREMATURELY_STOPPED,
} from './messages';

// SPEC §5, §6, §7, §9: the rules of markers, cameras and plan jobs on the floor-plan map.

/** SPEC §9 Marker labels: the indoor list, and the outdoor list too when the outdoor flag is on. */
export function markerLabelOptions(outdoor: boolean): readonly string[] {
  return outdoor ? [...MARKER_LABELS, ...OUTDOOR_MARKER_LABELS] : MARKER_LABELS;
}

/**
 * SPEC §5 Assigning a gateway: null when the gateway may be assigned to a marker at a location of
 * this level, else the reason: the location must be an area, and a gateway that already has
 * coordinates is placed elsewhere and is not assigned.
 */
export function gatewayAssignmentError(
  locationLevel: ZoneLevel | string | null | undefined,
  gatewayCoordinates: unknown,
): string | null {
  if (locationLevel !== 'area') return MARKER_AREA_REQUIRED;
  if (gatewayCoordinates != null) return GATEWAY_ALREADY_PLACED;
  return null;
}

/** SPEC §5 Camera edit: null when the camera has an id and a name (after trimming), else the reason. */
export function cameraError(camera: { id?: string | null; name?: string | null }): string | null {
  if (!camera.id?.trim()) return CAMERA_ID_REQUIRED;
  if (!camera.name?.trim()) return CAMERA_NAME_REQUIRED;
  return null;
}

/** SPEC §5, §6: editing cameras needs update FloorPlan, the zone's video flag and update Video. */
export function mayEditCameras(ability: AppAbility, flags: { video?: boolean }): boolean {
  return mayEditFloorPlans(ability) && flags.video === true && ability.can('update', 'Video');
}

/** The query of GET /api/gateways for MAC suggestions (SPEC §7: ready to deploy, at most 20). */
export type MacSuggestionQuery = {
  query: string;
  limit: number;
  'config.state': 'ready_to_deploy';
  orderBy: 'id';
};

/**
 * SPEC §5, §7, §9: the gateway query that suggests MACs for what was typed, or null before there is
 * enough to ask with (the validators' macSearchPrefix: a partial MAC, lowercased, at most 12, at least 4).
 */
export function macSuggestionQuery(input: string): MacSuggestionQuery | null {
  const prefix = macSearchPrefix(input);
  if (prefix === null) return null;
  return { query: prefix, limit: MAC_SUGGEST_MAX, 'config.state': 'ready_to_deploy', orderBy: 'id' };
}

/**
 * SPEC §8 Plan jobs: what a job that has stopped failed with: its failReason, else 'Prematurely
 * stopped' below 100 %; null while it runs or once it has finished well.
 */
export function planJobError(job: {
  isRunning: boolean;
  percent: number;
  failReason?: string | null;
}): string | null {
  if (job.isRunning) return null;
  if (job.failReason) return job.failReason;
  return job.percent < PLAN_JOB_DONE_PERCENT ? PLAN_JOB_PREMATURELY_STOPPED : null;
}
