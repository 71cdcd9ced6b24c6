import { describe, expect, it } from 'vitest';
import { UNIT_GEOMETRY_REASONS as R, deactivatesAreasWithin, parseUnitGeometry } from './unit-geometry';

// SPEC §3 Unit on a map: {id, name, config {geometry (Polygon), state}}.
const square: [number, number][] = [
  [-71.06, 42.36],
  [-71.059, 42.36],
  [-71.059, 42.361],
  [-71.06, 42.361],
  [-71.06, 42.36],
];
const polygon = (...rings: unknown[]) => ({ type: 'Polygon', coordinates: rings });

describe('parseUnitGeometry (SPEC §3 Unit on a map: a GeoJSON Polygon)', () => {
  it.each([
    ['a closed square', polygon(square)],
    ['a triangle', polygon([square[0], square[1], square[2], square[0]])],
    [
      'a square with a hole',
      polygon(square, [
        [-71.0597, 42.3603],
        [-71.0593, 42.3603],
        [-71.0593, 42.3607],
        [-71.0597, 42.3603],
      ]),
    ],
    ['positions with an altitude', polygon(square.map(([x, y]) => [x, y, 3]))],
  ])('accepts %s', (_, geometry) => {
    const parsed = parseUnitGeometry(geometry);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.coordinates[0]![0]).toEqual(square[0]);
  });

  it.each([
    ['null', null, R.notPolygon],
    ['a Point', { type: 'Point', coordinates: [0, 0] }, R.notPolygon],
    ['a polygon with extra members', { ...polygon(square), crs: 'x' }, R.notPolygon],
    ['no coordinates', { type: 'Polygon' }, R.notPolygon],
    ['no rings', polygon(), R.noRings],
    ['a ring that is not a list', polygon('ring'), R.noRings],
    ['two corners', polygon([square[0], square[1], square[0]]), R.tooFewCorners],
    [
      'a ring repeating one corner',
      polygon([square[0], square[1], square[0], square[1], square[0]]),
      R.tooFewCorners,
    ],
    ['an open ring', polygon(square.slice(0, 4).concat([[-71.0601, 42.36]])), R.notClosed],
    [
      'a latitude out of range',
      polygon([
        [0, 0],
        [1, 95],
        [1, 0],
        [0, 0],
      ]),
      R.badCorner,
    ],
    [
      'a corner of strings',
      polygon([
        ['0', '0'],
        [1, 1],
        [1, 0],
        ['0', '0'],
      ]),
      R.badCorner,
    ],
    [
      'corners in a line',
      polygon([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
      R.noArea,
    ],
    [
      'a bow tie',
      polygon([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
      R.crossing,
    ],
    [
      'too many corners',
      polygon([...Array.from({ length: 1001 }, (_, i) => [i / 1000, Math.sin(i)]), [0, 0]]),
      R.tooManyCorners,
    ],
  ])('refuses %s with a reason', (_, geometry, reason) => {
    expect(parseUnitGeometry(geometry)).toEqual({ ok: false, reason });
  });
});

describe('deactivatesAreasWithin (SPEC §5: deactivate unit <name> and all areas within)', () => {
  it.each([
    ['active', 'inactive', true],
    [undefined, 'inactive', true],
    [null, 'inactive', true],
    ['inactive', 'inactive', false],
    ['inactive', 'active', false],
    ['active', 'active', false],
    ['active', undefined, false],
  ] as const)('%s → %s: %s', (before, after, expected) => {
    expect(deactivatesAreasWithin(before, after)).toBe(expected);
  });
});
