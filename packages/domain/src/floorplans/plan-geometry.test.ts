import { describe, it, expect } from 'vitest';
import type { PlanCorners } from './corner-transform';
import { planCornersFromGeometry, planGeometryFromCorners } from './plan-geometry';

const corners: PlanCorners = [
  [-71.06, 42.361],
  [-71.058, 42.3613],
  [-71.0584, 42.3596],
  [-71.0603, 42.3598],
];

describe('a floor plan as Zone config geometry (SPEC §3 Zone config, §4 Plan editing)', () => {
  it('is a closed GeoJSON polygon of the corners in their order', () => {
    expect(planGeometryFromCorners(corners)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-71.06, 42.361],
          [-71.058, 42.3613],
          [-71.0584, 42.3596],
          [-71.0603, 42.3598],
          [-71.06, 42.361],
        ],
      ],
    });
  });

  it('gives its corners back', () => {
    expect(planCornersFromGeometry(planGeometryFromCorners(corners))).toEqual(corners);
  });

  it.each([
    ['nothing', undefined],
    ['not a polygon', { type: 'Point', coordinates: [-71.06, 42.361] }],
    ['a ring that is not closed', { type: 'Polygon', coordinates: [[...corners, corners[1]]] }],
    [
      'a ring of five corners',
      { type: 'Polygon', coordinates: [[...corners, [-71.061, 42.36], corners[0]]] },
    ],
    [
      'crossing corners',
      { type: 'Polygon', coordinates: [[corners[0], corners[1], corners[3], corners[2], corners[0]]] },
    ],
  ])('has no plan corners for %s', (_case, geometry) => {
    expect(planCornersFromGeometry(geometry)).toBeNull();
  });
});
