import { and, eq } from 'drizzle-orm';
import type { CameraStream } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { cameraStreams, markers } from '../db/schema';
import { UUID_RE } from '../platform/db/checks';
import { badRequest, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';

// What the stream-source operations share: the camera marker in the caller's scope, and the source
// as it is answered (never the password).

export type CameraStreamRow = typeof cameraStreams.$inferSelect;
type MarkerRow = typeof markers.$inferSelect;

/** Markers the caller may see: its organisation, located in a zone of its scope (as markers' own). */
export function markerInScope(scope: Scope) {
  return and(eq(markers.orgId, scope.orgId), locatedInScope(scope, markers.zoneId, markers.orgId))!;
}

/**
 * A camera marker of the caller's scope (locked for a write when asked): 404 for none (another
 * organisation's included), 400 for a marker that is no camera.
 */
export async function findCameraMarker(
  db: Db,
  scope: Scope,
  id: string,
  forUpdate = false,
): Promise<MarkerRow> {
  if (!UUID_RE.test(id)) throw notFound('Marker not found');
  const query = db
    .select()
    .from(markers)
    .where(and(eq(markers.id, id), markerInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Marker not found');
  if (!row.camera) throw badRequest('This marker is not a camera; make it one first', 'camera');
  return row;
}

/** The stream source of a camera marker, or undefined. */
export async function findStream(db: Db, markerId: string): Promise<CameraStreamRow | undefined> {
  const [row] = await db.select().from(cameraStreams).where(eq(cameraStreams.markerId, markerId)).limit(1);
  return row;
}

/** The source as GET/PUT markers/{id}/stream answer it: whether a password is set, not the password. */
export function toCameraStream(row: CameraStreamRow): CameraStream {
  return {
    markerId: row.markerId,
    kind: row.kind as CameraStream['kind'],
    url: row.url,
    username: row.username,
    passwordSet: row.passwordEnc !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The source as its audit entries record it (the password only as set or not). */
export function auditView(row: CameraStreamRow | undefined) {
  return row
    ? { kind: row.kind, url: row.url, username: row.username, passwordSet: row.passwordEnc !== null }
    : null;
}
