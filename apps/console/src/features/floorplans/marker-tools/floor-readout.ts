import {
  markerDensity,
  planCornersFromGeometry,
  polygonAreaM2,
  squareMetresToSquareFeet,
  type Marker,
} from '@vigil/domain';
import type { FloorGateway } from '../gateway-markers';

// SPEC §2.7, §9: super admins see the floor's area in ft² (10.76391041671 per m²) and its marker
// density (markers per 1,000 ft²). The floor's area is its plan's: the four corners the plan was
// placed by (SPEC §3 Zone config.geometry).

/** The floor's area in ft², or null when no plan is placed on it. */
export function floorAreaFt2(geometry: unknown): number | null {
  const corners = planCornersFromGeometry(geometry);
  if (!corners) return null;
  const area = squareMetresToSquareFeet(polygonAreaM2(corners));
  return area > 0 ? area : null;
}

/**
 * The markers on the floor: every marker (SPEC §3 Marker, with or without a gateway), and each placed
 * gateway no marker holds (one placed by its coordinates alone) — each is one point on the map.
 */
export function markerCount(
  markers: readonly Pick<Marker, 'gateway'>[],
  rows: readonly FloorGateway[],
): number {
  const held = new Set(markers.map((m) => m.gateway).filter((id): id is string => id !== null));
  return markers.length + rows.filter((row) => !held.has(row.gateway.id)).length;
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the readout shows: '12,345 ft²' and '0.81 per 1,000 ft²', or why a figure is missing. */
export function floorReadout(
  geometry: unknown,
  markers: number,
): { area: string; density: string; measured: boolean } {
  const area = floorAreaFt2(geometry);
  if (area === null) {
    return { area: 'Not measured: no plan placed', density: '—', measured: false };
  }
  const density = markerDensity(markers, area);
  return {
    area: `${whole.format(area)} ft²`,
    density: density === null ? '—' : `${twoDecimals.format(density)} per 1,000 ft²`,
    measured: true,
  };
}
