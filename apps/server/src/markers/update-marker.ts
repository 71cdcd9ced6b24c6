import { eq } from 'drizzle-orm';
import { MARKER_AREA_REQUIRED, type Marker } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { markers } from '../db/schema';
import { badRequest, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';

import type { MarkerUpdateInput } from './marker-bodies';
import { linkedGateway, placeGateway } from './marker-gateway';
import { auditView, findMarker, toMarkers, type MarkerRow } from './marker-rows';
import {
  assertMayEditCameras,
  checkCameraEdit,
  checkLabels,
  markerPlace,
  markerPoint,
  storedPlace,
  type MarkerPlace,
} from './marker-rules';

type Changes = Partial<typeof markers.$inferInsert>;

/**
 * SPEC §7 PUT markers/{id} {location, coordinates, labels, notes, camera}; absent fields are kept.
 * A marker that is (or becomes) a camera needs the camera rights (SPEC §5, §6). A marker with a
 * gateway takes it along when it moves, so its new place must be an area ('Must specify area').
 */
export async function updateMarker(
  db: Db,
  actor: Actor,
  id: string,
  body: MarkerUpdateInput,
): Promise<Marker> {
  const caller = actor.caller;
  const point = body.coordinates ? markerPoint(body.coordinates) : undefined;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findMarker(tx, caller.scope, id, true);
    if (!before) throw notFound('Marker not found');
    if (before.camera !== null || body.camera !== undefined) assertMayEditCameras(caller);
    const place = body.location !== undefined ? await markerPlace(tx, caller, body.location) : undefined;
    const changes: Changes = { ...point, updatedAt: new Date() };
    if (place) changes.zoneId = place.zone.id;
    if (body.notes !== undefined) changes.notes = body.notes;
    if (body.camera !== undefined) changes.camera = checkCameraEdit(body.camera);
    if (body.labels !== undefined || place) {
      changes.labels = checkLabels(
        body.labels ?? before.labels,
        place ?? (await storedPlace(tx, before.zoneId)),
      );
    }
    if (place || point) await moveGateway(tx, actor, before, place, changes);
    const [row] = await tx.update(markers).set(changes).where(eq(markers.id, before.id)).returning();
    await writeAudit(tx, actor, {
      entity: 'marker',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    const [marker] = await toMarkers(tx, [row!]);
    return marker!;
  });
}

/** The gateway of a moved marker follows it; a gateway is placed in an area only (SPEC §5). */
async function moveGateway(
  tx: Db,
  actor: Actor,
  before: MarkerRow,
  place: MarkerPlace | undefined,
  changes: Changes,
): Promise<void> {
  const gateway = await linkedGateway(tx, actor, before.gatewayId);
  if (!gateway) return;
  const level = place ? place.zone.level : (await storedPlace(tx, before.zoneId)).zone.level;
  if (level !== 'area') throw badRequest(MARKER_AREA_REQUIRED, 'location');
  await placeGateway(tx, actor, gateway.id, {
    zoneId: changes.zoneId ?? before.zoneId,
    lat: changes.lat ?? before.lat,
    lng: changes.lng ?? before.lng,
  });
}
