import type { Marker } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { markers } from '../db/schema';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';

import type { MarkerCreateInput } from './marker-bodies';
import { auditView, toMarker } from './marker-rows';
import { assertMayEditCameras, markerPlace, markerPoint } from './marker-rules';

/**
 * SPEC §7 POST markers {coordinates, location, camera optional}: a marker with no gateway yet, at a
 * floor, unit or area of the caller's scope ('Must specify area' otherwise). A camera marker (any
 * `camera` sent, even without its id and name yet) needs the camera rights of SPEC §5, §6.
 */
export async function createMarker(db: Db, actor: Actor, body: MarkerCreateInput): Promise<Marker> {
  const caller = actor.caller;
  const point = markerPoint(body.coordinates);
  if (body.camera !== undefined) assertMayEditCameras(caller);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const place = await markerPlace(tx, caller, body.location);
    const camera = body.camera
      ? { id: body.camera.id?.trim() || null, name: body.camera.name?.trim() || null }
      : null;
    const [row] = await tx
      .insert(markers)
      .values({ orgId: caller.org.id, zoneId: place.zone.id, ...point, camera })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'marker',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return toMarker(row!);
  });
}
