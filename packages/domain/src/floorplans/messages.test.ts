import { describe, it, expect } from 'vitest';
import {
  CAMERA_ID_REQUIRED,
  CAMERA_NAME_REQUIRED,
  FLOORPLAN_MESSAGES as m,
  GATEWAY_ALREADY_PLACED,
  MARKER_AREA_REQUIRED,
  PLAN_JOB_PREMATURELY_STOPPED,
  UNIT_NAME_REQUIRED,
} from './messages';

describe('floor-plan refusals (SPEC §5, §8)', () => {
  it.each([
    [MARKER_AREA_REQUIRED, 'Must specify area'],
    [GATEWAY_ALREADY_PLACED, 'This gateway is already assigned to another location'],
    [CAMERA_ID_REQUIRED, 'Must specify id'],
    [CAMERA_NAME_REQUIRED, 'Must specify name'],
    [UNIT_NAME_REQUIRED, 'Must specify a name'],
    [PLAN_JOB_PREMATURELY_STOPPED, 'Prematurely stopped'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('floor-plan confirmations (SPEC §2.7, §5)', () => {
  it.each([
    [m.saveChanges, 'Save changes?'],
    [m.saveFloorPlan, 'Save changes to floor plan?'],
    [m.saveRotation, 'Save rotation changes?'],
    [m.deleteCamera, 'Are you sure you want to delete this camera?'],
    [m.deactivateUnit('Ward 3'), 'Are you sure you want to deactivate unit Ward 3 and all areas within?'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('map and floor alerts (SPEC §8)', () => {
  it.each([
    [m.couldNotAddMarker, 'Sorry, could not add marker: Zone not found'],
    [m.couldNotEditMarker, 'Sorry, could not edit marker: Zone not found'],
    [m.couldNotEditGateway, 'Sorry, could not edit gateway: Zone not found'],
    [m.couldNotEditCamera, 'Sorry, could not edit camera: Zone not found'],
    [m.couldNotRemoveMarker, 'Sorry, could not remove marker: Zone not found'],
    [m.couldNotEditUnit, 'Sorry, could not edit unit: Zone not found'],
    [m.uploadProblem, 'Sorry, there was a problem uploading: Zone not found'],
  ])('%#: %s', (message, expected) => {
    expect(message('Zone not found')).toBe(expected);
  });
});
