import { eq } from 'drizzle-orm';
import { mayEditCameras, type CameraStream, type CameraStreamBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { cameraStreams } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { forbidden, notFound } from '../platform/errors';
import type { Actor, Caller } from '../platform/caller';
import { auditView, findCameraMarker, findStream, toCameraStream } from './camera-rows';
import { encryptStreamPassword } from './stream-secret';

// Issue 16, SPEC §3 Marker camera: a camera marker's stream source, read and written beside the
// marker (GET/PUT/DELETE /api/markers/{id}/stream). Reading needs read Video and read FloorPlan;
// writing is editing a camera (SPEC §5, §6: update FloorPlan, the video flag and update Video).

function assertMayRead(caller: Caller): void {
  if (!caller.ability.can('read', 'FloorPlan')) throw forbidden('Not allowed to read FloorPlan');
}

function assertMayWrite(caller: Caller): void {
  if (!mayEditCameras(caller.ability, caller.flags)) {
    throw forbidden('Editing cameras needs the video feature and permission to update Video and FloorPlan');
  }
}

/** GET markers/{id}/stream: the source, or null for a camera without one. */
export async function getCameraStream(
  db: Db,
  caller: Caller,
  markerId: string,
): Promise<CameraStream | null> {
  assertMayRead(caller);
  const marker = await findCameraMarker(db, caller.scope, markerId);
  const row = await findStream(db, marker.id);
  return row ? toCameraStream(row) : null;
}

/**
 * PUT markers/{id}/stream: sets the source. The password is write-only: absent keeps the stored one,
 * empty removes it, any other text replaces it (encrypted with the server's secret).
 */
export async function putCameraStream(
  db: Db,
  actor: Actor,
  secret: string,
  markerId: string,
  body: CameraStreamBody,
): Promise<CameraStream> {
  assertMayWrite(actor.caller);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const marker = await findCameraMarker(tx, actor.caller.scope, markerId, true);
    const before = await findStream(tx, marker.id);
    const passwordEnc =
      body.password === undefined
        ? (before?.passwordEnc ?? null)
        : body.password === ''
          ? null
          : encryptStreamPassword(secret, marker.id, body.password);
    const values = {
      kind: body.kind,
      url: body.url,
      username: body.username?.trim() || null,
      passwordEnc,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(cameraStreams)
      .values({ markerId: marker.id, orgId: marker.orgId, ...values })
      .onConflictDoUpdate({ target: cameraStreams.markerId, set: values })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'camera_stream',
      entityId: marker.id,
      action: before ? 'update' : 'create',
      before: auditView(before),
      after: auditView(row),
    });
    return toCameraStream(row!);
  });
}

/** DELETE markers/{id}/stream: the camera keeps its marker and has no stream any more. */
export async function deleteCameraStream(db: Db, actor: Actor, markerId: string): Promise<void> {
  assertMayWrite(actor.caller);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const marker = await findCameraMarker(tx, actor.caller.scope, markerId, true);
    const [row] = await tx.delete(cameraStreams).where(eq(cameraStreams.markerId, marker.id)).returning();
    if (!row) throw notFound('This camera has no stream source');
    await writeAudit(tx, actor, {
      entity: 'camera_stream',
      entityId: marker.id,
      action: 'delete',
      before: auditView(row),
    });
  });
}
