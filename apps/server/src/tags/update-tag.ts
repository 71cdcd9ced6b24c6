import { and, eq, sql } from 'drizzle-orm';
import {
  confirmTagState,
  tagAssignmentUpdate,
  tagInvalidationUpdate,
  tagRestoreUpdate,
  type Tag,
  type TagConfigState,
  type TagFlowUpdate,
  type TagUpdateBody,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { distributionStations, tags, zones } from '../db/schema';
import { HttpError, badRequest, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import type { Actor } from '../platform/caller';
import { locationInScope } from '../zones';
import { noteStationInventory } from '../stations';

// SPEC §3 Tag, §4 flows, §7 Devices.

import { findTag } from './get-tag';
import type { Json } from './tag-rows';
import { auditSnapshot, patchConfig, toTag } from './tag-rows';

/** SPEC §4 Tag flows for a state a write sets: assignment, invalidation, restore; others set the state alone. */
export function flowFor(state: TagConfigState): TagFlowUpdate {
  switch (state) {
    case 'deployed':
      return tagAssignmentUpdate();
    case 'ready_for_return':
    case 'lost':
      return tagInvalidationUpdate(state);
    case 'available':
      return tagRestoreUpdate();
    default:
      return { state };
  }
}

export const TAG_STATE_NOT_FOUND = 'Tag state not found';
const TAG_STATES = new Set<string>([
  'flashed',
  'available',
  'reserved',
  'deployed',
  'ready_for_return',
  'returned',
  'lost',
]);

/**
 * PUT /api/tags/{id} (SPEC §7): the flat body stored in config (SPEC §3). A `state` applies its
 * SPEC §4 flow, whose clearing wins over the body; the write is confirmed by the returned state
 * ('DB error' otherwise). A tag without a known state takes no other change: 409 'Tag state not found'.
 */
export async function updateTag(db: Db, actor: Actor, id: string, body: TagUpdateBody): Promise<Tag> {
  const { scope } = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await findTag(tx, scope, id, true);
    if (!row) throw notFound('Tag not found');
    if (body.state === undefined && !TAG_STATES.has(String(row.config.state))) {
      throw new HttpError(409, TAG_STATE_NOT_FOUND, 'tag_state_not_found', 'state');
    }
    const { location, ...fields } = body;
    const patch: Json = { ...fields };
    if (body.collection)
      patch.collection = { ...body.collection, at: body.collection.at ?? new Date().toISOString() };
    if (body.station) await assertStation(tx, row.orgId, body.station);
    if (body.invoiceZone) await assertOrgZone(tx, row.orgId, body.invoiceZone, 'invoiceZone');
    let zoneId = row.zoneId;
    if (location !== undefined) {
      zoneId = await locationInScope(tx, scope, location);
      patch.location = zoneId;
    }
    if (body.state) Object.assign(patch, flowFor(body.state));
    const config = patchConfig(row.config, patch);
    const [updated] = await tx
      .update(tags)
      .set({ config, zoneId, updatedAt: new Date() })
      .where(eq(tags.id, row.id))
      .returning();
    if (body.state) {
      const verdict = confirmTagState(body.state, updated!.config.state as string | undefined);
      if (!verdict.ok) throw new HttpError(500, verdict.reason, 'db_error');
    }
    await noteStationInventory(tx, [row.config.station, updated!.config.station]);
    if (JSON.stringify(config) !== JSON.stringify(row.config) || zoneId !== row.zoneId) {
      await writeAudit(tx, actor, {
        entity: 'tag',
        entityId: row.id,
        action: 'update',
        before: auditSnapshot(row),
        after: auditSnapshot(updated!),
        orgId: row.orgId,
      });
    }
    return toTag(updated!);
  });
}

async function assertStation(db: Db, orgId: string, id: string): Promise<void> {
  const [station] = await db
    .select({ id: distributionStations.id })
    .from(distributionStations)
    .where(and(eq(distributionStations.id, id), eq(distributionStations.orgId, orgId)))
    .limit(1);
  if (!station) throw badRequest('Unknown distribution station', 'station');
}

async function assertOrgZone(db: Db, orgId: string, id: string, field: string): Promise<void> {
  const [zone] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.id, id), sql`${zones.path} && ${`{${orgId}}`}::uuid[]`))
    .limit(1);
  if (!zone) throw badRequest('Unknown zone', field);
}
