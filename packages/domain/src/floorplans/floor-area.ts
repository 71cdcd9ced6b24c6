import { MARKER_DENSITY_AREA_SQ_FT, SQ_M_TO_SQ_FT } from '../plans/constants';
import type { LngLat } from './web-mercator';

// SPEC §2.7, §9: super admins see a floor's area in ft² and its marker density.

// WGS84: semi-major axis and first eccentricity squared.
const WGS84_A = 6_378_137;
const WGS84_E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
const RAD = Math.PI / 180;

/**
 * The area in m² of a [lng, lat] ring (closed or not, either direction). The ring is projected with
 * the sinusoidal projection of the WGS84 ellipsoid around its mean latitude, which keeps areas:
 * x = N(φ)·cos φ·Δλ, y = M(φ₀)·Δφ; for a building-sized ring this is within 1e-6 of the ellipsoid's.
 */
export function polygonAreaM2(ring: readonly LngLat[]): number {
  const open = isClosed(ring) ? ring.slice(0, -1) : ring;
  if (open.length < 3) return 0;
  const lat0 = (open.reduce((sum, [, lat]) => sum + lat, 0) / open.length) * RAD;
  const lng0 = open[0][0];
  const meridian = (WGS84_A * (1 - WGS84_E2)) / (1 - WGS84_E2 * Math.sin(lat0) ** 2) ** 1.5;
  const points = open.map(([lng, lat]) => {
    const phi = lat * RAD;
    const normal = WGS84_A / Math.sqrt(1 - WGS84_E2 * Math.sin(phi) ** 2);
    return [normal * Math.cos(phi) * wrapDegrees(lng - lng0) * RAD, meridian * (phi - lat0)] as const;
  });
  let twice = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    twice += x * ny - nx * y;
  });
  return Math.abs(twice) / 2;
}

/** SPEC §9: square metres to square feet (10.76391041671 ft² per m²). */
export function squareMetresToSquareFeet(squareMetres: number): number {
  return squareMetres * SQ_M_TO_SQ_FT;
}

/** SPEC §9: markers per 1,000 ft² of floor; null when the floor has no area to divide by. */
export function markerDensity(markers: number, areaFt2: number): number | null {
  if (!(areaFt2 > 0) || !Number.isFinite(areaFt2)) return null;
  return (markers / areaFt2) * MARKER_DENSITY_AREA_SQ_FT;
}

function isClosed(ring: readonly LngLat[]): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1];
}

// A ring crossing the antimeridian keeps its longitudes next to each other.
function wrapDegrees(delta: number): number {
  return delta - 360 * Math.round(delta / 360);
}
