import { describe, it, expect } from 'vitest';
import { abilityFor, type Subject } from '../permissions/model';
import {
  cameraError,
  gatewayAssignmentError,
  macSuggestionQuery,
  markerLabelOptions,
  mayEditCameras,
  planJobError,
} from './markers';

describe('markerLabelOptions (SPEC §9 Marker labels)', () => {
  const indoor = ['guard', 'behind TV', 'under desk', 'stool', 'red outlet', 'high outlet', "6' ladder"];
  const outdoor = ['courtyard', 'ramp down', 'ramp up', 'stairwell', 'flat mount', 'side mount'];

  it('offers the indoor labels', () => {
    expect(markerLabelOptions(false)).toEqual(indoor);
  });

  it('adds the outdoor labels when the outdoor flag is on', () => {
    expect(markerLabelOptions(true)).toEqual([...indoor, ...outdoor]);
  });
});

describe('gatewayAssignmentError (SPEC §5 Assigning a gateway)', () => {
  it.each([
    ['an area, gateway not placed', 'area', undefined, null],
    ['an area, gateway with null coordinates', 'area', null, null],
    ['a floor', 'floor', undefined, 'Must specify area'],
    ['a unit', 'unit', undefined, 'Must specify area'],
    ['no location', null, undefined, 'Must specify area'],
    ['no location and a placed gateway', undefined, { lat: 1, lng: 2 }, 'Must specify area'],
    [
      'an area, gateway already with coordinates',
      'area',
      { lat: 42.36, lng: -71.06 },
      'This gateway is already assigned to another location',
    ],
  ] as const)('%s → %s', (_case, level, coordinates, reason) => {
    expect(gatewayAssignmentError(level, coordinates)).toBe(reason);
  });
});

describe('cameraError (SPEC §5 Camera edit)', () => {
  it.each([
    [{ id: 'cam-1', name: 'Lobby' }, null],
    [{ id: '', name: 'Lobby' }, 'Must specify id'],
    [{ id: '   ', name: 'Lobby' }, 'Must specify id'],
    [{ name: 'Lobby' }, 'Must specify id'],
    [{ id: 'cam-1', name: ' ' }, 'Must specify name'],
    [{ id: 'cam-1', name: null }, 'Must specify name'],
    [{}, 'Must specify id'],
  ])('%j → %s', (camera, reason) => {
    expect(cameraError(camera)).toBe(reason);
  });
});

describe('mayEditCameras (SPEC §5: update FloorPlan, the video flag and update Video)', () => {
  const ability = (...subjects: Subject[]) =>
    abilityFor(subjects.map((subject) => ({ action: 'update', subject })));
  it.each([
    ['all three', ability('FloorPlan', 'Video'), true, true],
    ['no video flag', ability('FloorPlan', 'Video'), false, false],
    ['no update Video', ability('FloorPlan'), true, false],
    ['no update FloorPlan', ability('Video'), true, false],
  ])('%s → %s', (_case, can, video, allowed) => {
    expect(mayEditCameras(can, { video })).toBe(allowed);
  });
});

describe('macSuggestionQuery (SPEC §5 Assigning a gateway, §7 MAC suggestions, §9)', () => {
  it.each([
    ['aabb', 'aabb'],
    ['AA:BB', 'aabb'],
    ['aa-bb-cc', 'aabbcc'],
    ['  aabbccddeeff  ', 'aabbccddeeff'],
    ['aabbccddeeff0011', 'aabbccddeeff'],
    ['aab', null],
    ['aa:b', null],
    ['zzzz', null],
    ['', null],
  ])('%j → %s', (input, query) => {
    const expected =
      query === null ? null : { query, limit: 20, 'config.state': 'ready_to_deploy', orderBy: 'id' };
    expect(macSuggestionQuery(input)).toEqual(expected);
  });
});

describe('planJobError (SPEC §8 Plan jobs)', () => {
  it.each([
    ['running', { isRunning: true, percent: 40, failReason: null }, null],
    ['running with a reason so far', { isRunning: true, percent: 40, failReason: 'slow' }, null],
    ['done at 100 %', { isRunning: false, percent: 100 }, null],
    ['stopped at 99 %', { isRunning: false, percent: 99 }, 'Prematurely stopped'],
    ['stopped at 0 %', { isRunning: false, percent: 0, failReason: '' }, 'Prematurely stopped'],
    ['failed with a reason', { isRunning: false, percent: 30, failReason: 'Not an image' }, 'Not an image'],
    [
      'failed at 100 % with a reason',
      { isRunning: false, percent: 100, failReason: 'Disk full' },
      'Disk full',
    ],
  ])('%s → %s', (_case, job, reason) => {
    expect(planJobError(job)).toBe(reason);
  });
});
