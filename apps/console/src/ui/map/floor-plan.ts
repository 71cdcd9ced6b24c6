import { planCornersFromGeometry, type GeoBounds, type Zone } from '@vigil/domain';
import { boundsOf } from './map-style';

// SPEC §3 Zone config: a floor's plan is its planId (the tiles), geometry (the four corners the plan
// was placed by, SPEC §4 Plan editing) and planBearing (the rotation the map is turned by).

export type FloorPlan = {
  planId: string;
  /** The plan's bounds from its corners; null when the floor holds no usable geometry. */
  bounds: GeoBounds | null;
  bearing: number;
};

/** The floor's plan, or null when it has none yet. */
export function floorPlanOf(floor: Pick<Zone, 'config'>): FloorPlan | null {
  const { planId, geometry, planBearing } = floor.config;
  if (typeof planId !== 'string' || planId === '') return null;
  const corners = planCornersFromGeometry(geometry);
  return {
    planId,
    bounds: corners ? boundsOf(corners) : null,
    bearing: typeof planBearing === 'number' ? planBearing : 0,
  };
}

/** SPEC §3 Zone config.category: an outdoor floor shows the outdoor SKUs (SPEC §7). */
export function isOutdoorFloor(floor: Pick<Zone, 'config'>): boolean {
  return floor.config.category === 'outdoor';
}
