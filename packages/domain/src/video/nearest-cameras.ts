// Issue 16, SPEC §3 Video stream, §9 coverage radius: which cameras an alert shows, nearest first.

/** The mean Earth radius (IUGG), for ground distances of a few metres on a floor plan. */
const MEAN_EARTH_RADIUS_M = 6_371_008.8;

export type LatLng = { lat: number; lng: number };

/** The ground distance in metres between two points (haversine; exact enough at a building's scale). */
export function groundDistanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * MEAN_EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The cameras an alert shows (issue 16: same floor, within the coverage radius, nearest first): those
 * at most `radius` metres from the alert's point, with their distance rounded to the centimetre,
 * nearest first; equally near ones by name, then id, so the order never flickers between refreshes.
 * The caller has already kept the cameras of the alert's floor.
 */
export function nearestCameras<T extends LatLng & { id: string; name: string }>(
  position: LatLng & { radius: number },
  cameras: readonly T[],
): (T & { distanceM: number })[] {
  return cameras
    .map((camera) => ({ ...camera, distanceM: Math.round(groundDistanceM(position, camera) * 100) / 100 }))
    .filter((camera) => camera.distanceM <= position.radius)
    .sort((a, b) => a.distanceM - b.distanceM || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Why a camera's stream address is refused, or null: credentials go in their own fields, never the URL. */
export function cameraUrlError(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return CAMERA_URL_INVALID;
    return parsed.username || parsed.password ? CAMERA_URL_HAS_CREDENTIALS : null;
  } catch {
    return CAMERA_URL_INVALID;
  }
}

export const CAMERA_URL_INVALID = 'Enter the camera’s http(s) stream address';
export const CAMERA_URL_HAS_CREDENTIALS =
  'Put the camera’s user name and password in their own fields, not in the address';
