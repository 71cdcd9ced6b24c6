import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { VIDEO_URL_TTL_MS, nearestCameras, type VideoStreams } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { cameraStreams, markers, zones } from '../db/schema';
import type { Caller } from '../platform/caller';
import { getAlert } from '../alerts';
import { markerInScope } from './camera-rows';
import { videoProxyUrl } from './proxy-token';

/**
 * SPEC §7 GET video/streams/{alertId}: the cameras with a stream source on the alert's floor, within
 * the coverage radius of where it was heard (alerts' `position`), nearest first, each as a proxy URL
 * of our own valid until `expiresAt`. An alert without a position shows none. 404 for an alert out
 * of scope.
 */
export async function listAlertStreams(
  db: Db,
  caller: Caller,
  secret: string,
  alertId: string,
  nowMs = Date.now(),
): Promise<VideoStreams> {
  const alert = await getAlert(db, caller, alertId);
  // One expiry for the whole answer: every URL of it is signed until then.
  const exp = nowMs + VIDEO_URL_TTL_MS;
  const expiresAt = new Date(exp).toISOString();
  const position = alert.position;
  if (!position) return { streams: [], expiresAt };
  const rows = await db
    .select({
      id: markers.id,
      lat: markers.lat,
      lng: markers.lng,
      camera: markers.camera,
      kind: cameraStreams.kind,
    })
    .from(cameraStreams)
    .innerJoin(markers, eq(markers.id, cameraStreams.markerId))
    .innerJoin(zones, eq(zones.id, markers.zoneId))
    .where(
      and(
        markerInScope(caller.scope),
        isNotNull(markers.camera),
        sql`${position.floorId}::uuid = any(${zones.path})`,
      ),
    );
  const cameras = rows.map((row) => ({
    id: row.id,
    lat: row.lat,
    lng: row.lng,
    name: row.camera?.name?.trim() || row.camera?.id || 'Camera',
    cameraId: row.camera?.id ?? '',
    kind: row.kind as VideoStreams['streams'][number]['kind'],
  }));
  return {
    streams: nearestCameras(position, cameras).map((camera) => ({
      id: camera.id,
      cameraId: camera.cameraId,
      name: camera.name,
      kind: camera.kind,
      url: videoProxyUrl(secret, { m: camera.id, exp }),
      distanceM: camera.distanceM,
    })),
    expiresAt,
  };
}
