import { EMPTY_ZONE_NAME_REASON } from '../zones/zone-name';

// SPEC §5 and §8: the floor-plan map's refusals, confirmations and error texts. The server answers a
// refusal with its text as `reason`; the console shows the §8 texts built from that reason.

/** SPEC §5 Assigning a gateway: the marker's location must be an area. */
export const MARKER_AREA_REQUIRED = 'Must specify area';
/** SPEC §5 Assigning a gateway: the gateway already has coordinates, so nothing is assigned. */
export const GATEWAY_ALREADY_PLACED = 'This gateway is already assigned to another location';
/** SPEC §5 Camera edit. */
export const CAMERA_ID_REQUIRED = 'Must specify id';
export const CAMERA_NAME_REQUIRED = 'Must specify name';
/** SPEC §5 Unit edit: a unit is a zone, so the zones' name rule (parseZoneName) gives this reason. */
export const UNIT_NAME_REQUIRED = EMPTY_ZONE_NAME_REASON;
/** SPEC §8 Plan jobs: a job that ended below 100 % without its own failReason. */
export const PLAN_JOB_PREMATURELY_STOPPED = 'Prematurely stopped';

/** SPEC §5 confirmations and §8 map and floor alerts (`reason`: the server's reason, else the message). */
export const FLOORPLAN_MESSAGES = {
  couldNotAddMarker: (reason: string) => `Sorry, could not add marker: ${reason}`,
  couldNotEditMarker: (reason: string) => `Sorry, could not edit marker: ${reason}`,
  couldNotEditGateway: (reason: string) => `Sorry, could not edit gateway: ${reason}`,
  couldNotEditCamera: (reason: string) => `Sorry, could not edit camera: ${reason}`,
  couldNotRemoveMarker: (reason: string) => `Sorry, could not remove marker: ${reason}`,
  couldNotEditUnit: (reason: string) => `Sorry, could not edit unit: ${reason}`,
  uploadProblem: (reason: string) => `Sorry, there was a problem uploading: ${reason}`,
  /** SPEC §2.7: the map toolbar (markers, units, cameras) on leaving an edit. */
  saveChanges: 'Save changes?',
  saveFloorPlan: 'Save changes to floor plan?',
  saveRotation: 'Save rotation changes?',
  deleteCamera: 'Are you sure you want to delete this camera?',
  deactivateUnit: (name: string) => `Are you sure you want to deactivate unit ${name} and all areas within?`,
  // SPEC §5 asks to confirm moving a gateway but gives no words; these are ours.
  moveGateway: 'Move this gateway to the new position?',
} as const;
