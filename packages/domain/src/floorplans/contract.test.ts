import { describe, it, expect } from 'vitest';
import {
  geoBoundsSchema,
  mapTrackerSchema,
  mapUnitSchema,
  markerCreateBodySchema,
  markerSchema,
  markerUpdateBodySchema,
  planCornersSchema,
  planJobStatusSchema,
  planThumbnailBodySchema,
  planTileBodySchema,
  tileMapResourceSchema,
} from './contract';
import { PLAN_CORNER_REASONS } from './corner-transform';

const FLOOR = '8d0c6a34-3f5e-4d8e-9b8a-2d2b6f1c0a11';
const corners = [
  [-71.06, 42.361],
  [-71.058, 42.3613],
  [-71.0584, 42.3596],
  [-71.0603, 42.3598],
];
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('plan corners and tile body (SPEC §4 Plan editing, §7 plan/tile {corners, id or sourceId})', () => {
  it('accepts four corners that place a plan', () => {
    expect(planCornersSchema.parse(corners)).toEqual(corners);
  });

  it('refuses crossing corners with the reason of validatePlanCorners', () => {
    const crossing = [corners[0], corners[1], corners[3], corners[2]];
    expect(messagesOf(planCornersSchema.safeParse(crossing))).toEqual([PLAN_CORNER_REASONS.crossing]);
  });

  it.each([
    ['three corners', corners.slice(0, 3)],
    ['a latitude of 91', [corners[0], corners[1], corners[2], [-71.06, 91]]],
  ])('refuses %s', (_case, value) => {
    expect(planCornersSchema.safeParse(value).success).toBe(false);
  });

  it.each([
    ['an id', { corners, id: 'plan-1' }, true],
    ['a sourceId', { corners, sourceId: 'upload-1' }, true],
    ['neither', { corners }, false],
    ['both', { corners, id: 'plan-1', sourceId: 'upload-1' }, false],
    ['an empty id', { corners, id: '' }, false],
  ])('a tile body with %s: valid %s', (_case, body, valid) => {
    expect(planTileBodySchema.safeParse(body).success).toBe(valid);
  });
});

describe('plan thumbnail body (SPEC §7 plan/thumbnail {id, path})', () => {
  it.each([
    [{ id: 'plan-1', path: 'plans/floor-2/source.png' }, true],
    [{ id: 'plan-1', path: '../secrets' }, false],
    [{ id: 'plan-1', path: '/etc/passwd' }, false],
    [{ id: 'plan-1' }, false],
  ])('%j: valid %s', (body, valid) => {
    expect(planThumbnailBodySchema.safeParse(body).success).toBe(valid);
  });
});

describe('plan job status (SPEC §7 plan/status/{job}: step, percent, isRunning, failReason)', () => {
  it.each([
    [{ step: 'tiling', percent: 42.5, isRunning: true }, true],
    [{ step: 'done', percent: 100, isRunning: false, failReason: null }, true],
    [{ step: 'failed', percent: 10, isRunning: false, failReason: 'Not an image' }, true],
    [{ step: 'tiling', percent: 101, isRunning: true }, false],
    [{ percent: 10, isRunning: true }, false],
  ])('%j: valid %s', (status, valid) => {
    expect(planJobStatusSchema.safeParse(status).success).toBe(valid);
  });
});

describe('tilemapresource (SPEC §7: bounds of the plan tiles; §9: 256 px)', () => {
  it('reads bounds as [west, south, east, north]', () => {
    const resource = {
      bounds: [-71.0603, 42.3596, -71.058, 42.3613],
      minZoom: 18,
      maxZoom: 22,
      tileSize: 256,
    };
    expect(tileMapResourceSchema.parse(resource)).toEqual(resource);
  });

  it.each([
    ['west of east swapped', [-71.058, 42.3596, -71.0603, 42.3613]],
    ['south of north swapped', [-71.0603, 42.3613, -71.058, 42.3596]],
  ])('refuses bounds with %s', (_case, bounds) => {
    expect(geoBoundsSchema.safeParse(bounds).success).toBe(false);
  });

  it('refuses another tile size', () => {
    const resource = {
      bounds: [-71.0603, 42.3596, -71.058, 42.3613],
      minZoom: 18,
      maxZoom: 22,
      tileSize: 512,
    };
    expect(tileMapResourceSchema.safeParse(resource).success).toBe(false);
  });
});

describe('markers (SPEC §3 Marker, §7 markers)', () => {
  const marker = {
    id: '3a9e1c52-6b1f-4f0e-8d2a-5c7b9e0f1a22',
    config: { location: FLOOR, coordinates: { lat: 42.3604, lng: -71.0593 }, labels: ['guard'], notes: null },
    gateway: null,
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
  };

  it('reads a marker without a gateway, and one with a gateway and its state', () => {
    expect(markerSchema.parse(marker)).toEqual(marker);
    const assigned = { ...marker, gateway: 'aabbccddeeff', state: { status: 'connected' } };
    expect(markerSchema.parse(assigned)).toEqual(assigned);
  });

  it('reads a camera marker whose camera has no id yet', () => {
    const camera = { ...marker, config: { ...marker.config, camera: { id: null, name: null } } };
    expect(markerSchema.safeParse(camera).success).toBe(true);
  });

  it.each([
    ['a marker', { location: FLOOR, coordinates: { lat: 42.36, lng: -71.06 } }, true],
    ['a camera marker', { location: FLOOR, coordinates: { lat: 42.36, lng: -71.06 }, camera: {} }, true],
    ['no location', { coordinates: { lat: 42.36, lng: -71.06 } }, false],
    ['no coordinates', { location: FLOOR }, false],
    ['a latitude of 95', { location: FLOOR, coordinates: { lat: 95, lng: -71.06 } }, false],
    [
      'labels, which only an edit sets',
      { location: FLOOR, coordinates: { lat: 1, lng: 1 }, labels: [] },
      false,
    ],
  ])('a create body with %s: valid %s', (_case, body, valid) => {
    expect(markerCreateBodySchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    ['labels and notes', { labels: ['guard', "6' ladder"], notes: 'by the door' }, []],
    ['a move', { coordinates: { lat: 42.36, lng: -71.06 } }, []],
    ['a camera', { camera: { id: 'cam-1', name: 'Lobby' } }, []],
    ['a camera without id', { camera: { id: ' ', name: 'Lobby' } }, ['Must specify id']],
    ['a camera without name', { camera: { id: 'cam-1', name: '' } }, ['Must specify name']],
    ['an unknown field', { gateway: 'aabbccddeeff' }, ['Unrecognized key: "gateway"']],
  ])('an update body with %s → %j', (_case, body, messages) => {
    expect(messagesOf(markerUpdateBodySchema.safeParse(body))).toEqual(messages);
  });
});

describe('map tracker and unit (SPEC §3 Map tracker, Unit on a map)', () => {
  it('reads an alert tracker', () => {
    const tracker = {
      id: 'alert-1',
      latlng: { lat: 42.3604, lng: -71.0593 },
      type: 'alert',
      radius: 16,
      color: 'red',
      name: 'Ward 3',
      details: 'Pressed 12:01',
      zoom: 20,
    };
    expect(mapTrackerSchema.parse(tracker)).toEqual(tracker);
  });

  it.each([
    ['an unknown type', { type: 'car' }],
    ['a negative radius', { radius: -1 }],
    ['a zoom of 23', { zoom: 23 }],
  ])('refuses a tracker with %s', (_case, change) => {
    const tracker = {
      id: 'a',
      latlng: { lat: 0, lng: 0 },
      type: 'person',
      radius: 16,
      color: 'blue',
      name: 'A',
    };
    expect(mapTrackerSchema.safeParse({ ...tracker, ...change }).success).toBe(false);
  });

  it('reads a unit with its polygon, and refuses an open ring', () => {
    const ring = [
      [-71.06, 42.361],
      [-71.059, 42.361],
      [-71.059, 42.36],
      [-71.06, 42.361],
    ];
    const unit = {
      id: FLOOR,
      name: 'Ward 3',
      config: { geometry: { type: 'Polygon', coordinates: [ring] }, state: 'active' },
    };
    expect(mapUnitSchema.safeParse(unit).success).toBe(true);
    const open = {
      ...unit,
      config: { ...unit.config, geometry: { type: 'Polygon', coordinates: [ring.slice(0, 3)] } },
    };
    expect(mapUnitSchema.safeParse(open).success).toBe(false);
  });
});
