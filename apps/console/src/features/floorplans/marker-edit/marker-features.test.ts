import { describe, expect, it } from 'vitest';
import { MARKER_COLOUR_HEX } from '@vigil/domain';
import { gatewayFixture } from '../../../test/gateway-fixtures';
import {
  editColour,
  editFeatures,
  markerName,
  markersOfKind,
  nudge,
  sortMarkers,
  unmarkedGateways,
} from './marker-features';
import { AREA, markerFixture } from './marker-fixtures';

const plain = markerFixture();
const withGateway = markerFixture({ gateway: 'b0a710000003', config: { location: AREA } });
const cameraWithId = markerFixture({ config: { camera: { id: 'cam-7', name: 'Lobby door' } } });
const cameraWithoutId = markerFixture({ config: { camera: { id: null, name: null } } });
const all = [plain, withGateway, cameraWithId, cameraWithoutId];

describe('markersOfKind', () => {
  it('edits cameras in the cameras mode and every other marker in the markers mode', () => {
    expect(markersOfKind(all, 'markers')).toEqual([plain, withGateway]);
    expect(markersOfKind(all, 'cameras')).toEqual([cameraWithId, cameraWithoutId]);
  });
});

describe('editColour (SPEC §4 in the edit modes)', () => {
  it.each([
    ['a marker with a gateway', withGateway, 'markers', 'blue'],
    ['a marker without a gateway', plain, 'markers', 'gray'],
    ['a camera with an id', cameraWithId, 'cameras', 'darkBlue'],
    ['a camera without an id', cameraWithoutId, 'cameras', 'gray'],
  ] as const)('%s is %s', (_case, marker, kind, colour) => {
    expect(editColour(marker, kind)).toBe(colour);
  });
});

describe('markerName and sortMarkers', () => {
  it('names a marker by its gateway and a camera by its name and id', () => {
    expect(markerName(withGateway, 'markers')).toBe('Gateway b0a710000003');
    expect(markerName(plain, 'markers')).toBe('Marker without gateway');
    expect(markerName(cameraWithId, 'cameras')).toBe('Lobby door (cam-7)');
    expect(markerName(cameraWithoutId, 'cameras')).toBe('Camera without id');
  });

  it('lists named ones first', () => {
    expect(sortMarkers([plain, withGateway], 'markers')).toEqual([withGateway, plain]);
    expect(sortMarkers([cameraWithoutId, cameraWithId], 'cameras')).toEqual([cameraWithId, cameraWithoutId]);
  });
});

describe('editFeatures', () => {
  it('draws the mode’s markers at their coordinates in their edit colours, a moved one where it was moved', () => {
    const collection = editFeatures(all, 'markers', new Map([[plain.id, [-73.9, 40.7]]]));
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        id: plain.id,
        geometry: { type: 'Point', coordinates: [-73.9, 40.7] },
        properties: {
          id: plain.id,
          colour: MARKER_COLOUR_HEX.gray,
          label: 'Marker without gateway',
          editable: true,
        },
      },
      {
        type: 'Feature',
        id: withGateway.id,
        geometry: { type: 'Point', coordinates: [-73.974, 40.742] },
        properties: {
          id: withGateway.id,
          colour: MARKER_COLOUR_HEX.blue,
          label: 'Gateway b0a710000003',
          editable: true,
        },
      },
    ]);
  });

  it('draws gateways placed without a marker in the markers mode, not editable; never in the cameras mode', () => {
    const placed = gatewayFixture({
      id: 'b0a710000001',
      config: { state: 'deployed', coordinates: { lat: 40.7421, lng: -73.9741 } },
    });
    const held = gatewayFixture({
      id: 'b0a710000003',
      config: { state: 'ready_to_deploy', coordinates: { lat: 40.742, lng: -73.974 } },
    });
    const unplaced = gatewayFixture({ id: 'b0a710000009', config: { state: 'ready_to_deploy' } });
    expect(unmarkedGateways([placed, held, unplaced], all)).toEqual([placed]);
    const [first] = editFeatures(all, 'markers', new Map(), [placed, held, unplaced]).features;
    expect(first).toMatchObject({
      id: 'gateway:b0a710000001',
      geometry: { coordinates: [-73.9741, 40.7421] },
      properties: { colour: MARKER_COLOUR_HEX.blue, editable: false },
    });
    expect(editFeatures(all, 'cameras', new Map(), [placed]).features.map((f) => f.id)).toEqual([
      cameraWithId.id,
      cameraWithoutId.id,
    ]);
  });
});

describe('nudge', () => {
  const at = [-73.974, 40.742] as const;
  const metresBetween = ([lng1, lat1]: readonly number[], [lng2, lat2]: readonly number[]) => {
    const north = (lat2! - lat1!) * 111_320;
    const east = (lng2! - lng1!) * 111_320 * Math.cos((lat1! * Math.PI) / 180);
    return { north, east };
  };

  it('moves a point the given metres towards a side of an unturned map', () => {
    const up = metresBetween(at, nudge([...at], 'up', 1));
    expect(up.north).toBeCloseTo(1, 6);
    expect(up.east).toBeCloseTo(0, 6);
    const left = metresBetween(at, nudge([...at], 'left', 5));
    expect(left.east).toBeCloseTo(-5, 6);
    expect(left.north).toBeCloseTo(0, 6);
  });

  it('follows the plan’s bearing: up on a map turned 90° is east', () => {
    const up = metresBetween(at, nudge([...at], 'up', 2, 90));
    expect(up.east).toBeCloseTo(2, 6);
    expect(up.north).toBeCloseTo(0, 6);
    const down = metresBetween(at, nudge([...at], 'down', 2, 90));
    expect(down.east).toBeCloseTo(-2, 6);
  });
});
