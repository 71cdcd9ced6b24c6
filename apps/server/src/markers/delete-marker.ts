import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { markers } from '../db/schema';
import { notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';

import { releaseGateway } from './marker-gateway';
import { auditView, findMarker } from './marker-rows';
import { assertMayEditCameras } from './marker-rules';

/**
 * SPEC §7 DELETE markers/{id}. The gateway assigned to it leaves the map with it: its coordinates are
 * cleared (it keeps its area), so it is not left 'already assigned to another location' (SPEC §5)
 * with no marker to show where. Removing a camera needs the camera rights (SPEC §5, §6).
 */
export async function deleteMarker(db: Db, actor: Actor, id: string): Promise<void> {
  const caller = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findMarker(tx, caller.scope, id, true);
    if (!before) throw notFound('Marker not found');
    if (before.camera !== null) assertMayEditCameras(caller);
    await releaseGateway(tx, actor, before.gatewayId);
    await tx.delete(markers).where(eq(markers.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'marker',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
