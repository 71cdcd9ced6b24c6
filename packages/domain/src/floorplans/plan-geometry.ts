import { polygonGeometrySchema, type PolygonGeometry } from './contract';
import { validatePlanCorners, type PlanCorners } from './corner-transform';

// SPEC §4 Plan editing: once tiled, the floor saves its plan id and geometry (SPEC §3 Zone config):
// the geometry is the plan's four corners as a closed GeoJSON ring, in PlanCorners' order.

/** SPEC §3, §4: a floor's config.geometry for a plan placed by these corners. */
export function planGeometryFromCorners(corners: PlanCorners): PolygonGeometry {
  const ring = corners.map(([lng, lat]): [number, number] => [lng, lat]);
  return { type: 'Polygon', coordinates: [[...ring, [...ring[0]]]] };
}

/** SPEC §3, §4: the plan corners a floor's config.geometry holds, or null when it holds none that place a plan. */
export function planCornersFromGeometry(geometry: unknown): PlanCorners | null {
  const parsed = polygonGeometrySchema.safeParse(geometry);
  if (!parsed.success) return null;
  const ring = parsed.data.coordinates[0];
  if (ring.length !== 5) return null;
  const corners = [ring[0], ring[1], ring[2], ring[3]] as const;
  return validatePlanCorners(corners).ok ? corners : null;
}
