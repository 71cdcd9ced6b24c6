import { describe, expect, it } from 'vitest';
import type { UnitPolygon, Zone } from '@vigil/domain';
import {
  DRAW_POLYGON_MODE,
  boundsOfPolygon,
  drawFeatureOf,
  mapUnitsOf,
  polygonOfDrawn,
  samePolygon,
  unitsGeoJson,
} from './unit-geojson';

// SPEC §3 Unit on a map {id, name, config {geometry (Polygon), state}}: the floor's unit zones as
// the map draws them, and terra-draw's features of them.

const square: UnitPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-73.9742, 40.742],
      [-73.974, 40.742],
      [-73.974, 40.7422],
      [-73.9742, 40.7422],
      [-73.9742, 40.742],
    ],
  ],
};

function zone(
  id: string,
  name: string,
  config: Record<string, unknown>,
  level: Zone['level'] = 'unit',
): Zone {
  return {
    id,
    name,
    level,
    parent: 'floor',
    config,
    slug: null,
    auth: {},
    peers: [],
    followers: [],
    isLoaded: false,
    isLeaf: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

describe('mapUnitsOf', () => {
  it('keeps the units, with their state (active unless inactive) and a valid polygon or none', () => {
    const rows = mapUnitsOf([
      zone('a', 'Ward 3', { geometry: square, state: 'active' }),
      zone('b', 'Lobby', { state: 'inactive' }),
      zone('c', 'Bad', { geometry: { type: 'Point', coordinates: [0, 0] } }),
      zone('d', 'Room', {}, 'area'),
    ]);
    expect(rows).toEqual([
      { id: 'a', name: 'Ward 3', state: 'active', geometry: square },
      { id: 'b', name: 'Lobby', state: 'inactive', geometry: null },
      { id: 'c', name: 'Bad', state: 'active', geometry: null },
    ]);
  });
});

describe('unitsGeoJson', () => {
  it('draws only the units with a polygon, marking the inactive ones', () => {
    const collection = unitsGeoJson([
      { id: 'a', name: 'Ward 3', state: 'inactive', geometry: square },
      { id: 'b', name: 'Lobby', state: 'active', geometry: null },
    ]);
    expect(collection.features).toEqual([
      { type: 'Feature', id: 'a', geometry: square, properties: { id: 'a', name: 'Ward 3', inactive: true } },
    ]);
  });
});

describe('drawFeatureOf', () => {
  it('is a feature of the polygon mode with the unit id, rounded to terra-draw’s 9 decimals', () => {
    const fine: UnitPolygon = {
      type: 'Polygon',
      coordinates: [square.coordinates[0]!.map(([lng, lat]) => [lng + 1e-12, lat])],
    };
    const feature = drawFeatureOf({ id: 'a', name: 'Ward 3', state: 'active', geometry: fine });
    expect(feature).toMatchObject({ id: 'a', properties: { mode: DRAW_POLYGON_MODE, inactive: false } });
    expect(feature.geometry.coordinates).toEqual(square.coordinates);
  });
});

describe('polygonOfDrawn', () => {
  it('takes a drawn feature’s polygon, dropping anything else it carries', () => {
    const drawn = { geometry: { ...square, bbox: undefined }, properties: { mode: 'polygon' } };
    expect(polygonOfDrawn(drawn)).toEqual({ ok: true, value: square });
  });

  it.each([
    ['nothing drawn', undefined, 'Draw the unit on the map first'],
    [
      'a crossing outline',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      },
      "A unit's outline must not cross itself",
    ],
  ])('refuses %s with a reason', (_, feature, reason) => {
    expect(polygonOfDrawn(feature)).toEqual({ ok: false, reason });
  });
});

describe('samePolygon', () => {
  const moved: UnitPolygon = {
    type: 'Polygon',
    coordinates: [square.coordinates[0]!.map(([lng, lat]) => [lng + 0.0001, lat])],
  };
  it.each([
    ['the same corners', square, square, true],
    [
      'corners equal after rounding',
      square,
      drawFeatureOf({ id: 'a', name: '', state: 'active', geometry: square }).geometry as UnitPolygon,
      true,
    ],
    ['a moved corner', square, moved, false],
    ['no polygon and one', null, square, false],
    ['no polygon twice', null, null, true],
  ])('%s: %s', (_, a, b, expected) => {
    expect(samePolygon(a as UnitPolygon | null, b as UnitPolygon | null)).toBe(expected);
  });
});

describe('boundsOfPolygon', () => {
  it('is [west, south, east, north] of the outline', () => {
    expect(boundsOfPolygon(square)).toEqual([-73.9742, 40.742, -73.974, 40.7422]);
  });
});
