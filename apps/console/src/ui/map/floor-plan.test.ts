import { describe, expect, it } from 'vitest';
import { planGeometryFromCorners } from '@vigil/domain';
import { floorPlanOf, isOutdoorFloor } from './floor-plan';

const corners = [
  [-73.9744, 40.7423],
  [-73.97355, 40.7423],
  [-73.97355, 40.7419],
  [-73.9744, 40.7419],
] as const;

describe("a floor's plan (SPEC §3 Zone config planId, geometry, planBearing)", () => {
  it('is none without a planId', () => {
    expect(floorPlanOf({ config: {} })).toBeNull();
    expect(floorPlanOf({ config: { planId: '', geometry: planGeometryFromCorners(corners) } })).toBeNull();
  });

  it('has the bounds of the corners it was placed by, and its bearing', () => {
    expect(
      floorPlanOf({
        config: { planId: 'p1', geometry: planGeometryFromCorners(corners), planBearing: -12.5 },
      }),
    ).toEqual({ planId: 'p1', bounds: [-73.9744, 40.7419, -73.97355, 40.7423], bearing: -12.5 });
  });

  it('has no bounds when its geometry places no plan, and bearing 0 when none is saved', () => {
    expect(floorPlanOf({ config: { planId: 'p1', geometry: { type: 'Point' } } })).toEqual({
      planId: 'p1',
      bounds: null,
      bearing: 0,
    });
  });

  it('is outdoor by the floor category', () => {
    expect(isOutdoorFloor({ config: { category: 'outdoor' } })).toBe(true);
    expect(isOutdoorFloor({ config: { category: 'indoor' } })).toBe(false);
    expect(isOutdoorFloor({ config: {} })).toBe(false);
  });
});
