import { and, eq, sql } from 'drizzle-orm';
import type { DistributionStation, DistributionStationBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { distributionStations, tags } from '../db/schema';
import { conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { type Scope } from '../platform/scope';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { locationInScope } from '../zones';
import { noteStationInventory } from './inventory';
import { stationColumns } from './list-stations';
import { assertGatewayFree, auditView, stationInScope, toStation } from './station-rows';

// SPEC §3 Distribution station, §7 GET distribution-station/{id}; the admin list's writes. Issue 21:
// its gateway and scan mode, and the available tags it holds (inventory.ts).

async function findStation(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select(stationColumns)
    .from(distributionStations)
    .where(and(eq(distributionStations.id, id), stationInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getStation(db: Db, scope: Scope, id: string): Promise<DistributionStation> {
  const row = await findStation(db, scope, id);
  if (!row) throw notFound('Distribution station not found');
  return toStation(row, row.availableTags);
}

export async function createStation(
  db: Db,
  actor: Actor,
  body: DistributionStationBody,
): Promise<DistributionStation> {
  const caller = actor.caller;
  const zoneId = await locationInScope(db, caller.scope, body.zoneId);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (body.gatewayId) await assertGatewayFree(tx, { orgId: caller.org.id, gatewayId: body.gatewayId });
    const [row] = await tx
      .insert(distributionStations)
      .values({
        orgId: caller.org.id,
        zoneId,
        name: body.name,
        helpMessage: body.helpMessage ?? '',
        minimumInventory: body.minimumInventory ?? 0,
        gatewayId: body.gatewayId ?? null,
        ...(body.scanMode ? { scanMode: body.scanMode } : {}),
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'distributionStation',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    await noteStationInventory(tx, [row!.id]);
    // A new station holds no tags yet: none can name it before it exists.
    return toStation(row!, 0);
  });
}

/** PUT /api/distribution-station/{id}: the body's fields replace the stored ones; absent ones are kept. */
export async function updateStation(
  db: Db,
  actor: Actor,
  id: string,
  body: DistributionStationBody,
): Promise<DistributionStation> {
  const caller = actor.caller;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findStation(tx, caller.scope, id, true);
    if (!before) throw notFound('Distribution station not found');
    const zoneId =
      body.zoneId === undefined ? before.zoneId : await locationInScope(tx, caller.scope, body.zoneId);
    const gatewayId = body.gatewayId === undefined ? before.gatewayId : body.gatewayId;
    if (gatewayId && gatewayId !== before.gatewayId)
      await assertGatewayFree(tx, { orgId: before.orgId, gatewayId, stationId: before.id });
    const [row] = await tx
      .update(distributionStations)
      .set({
        name: body.name,
        helpMessage: body.helpMessage ?? before.helpMessage,
        minimumInventory: body.minimumInventory ?? before.minimumInventory,
        zoneId,
        gatewayId,
        scanMode: body.scanMode ?? before.scanMode,
        updatedAt: new Date(),
      })
      .where(eq(distributionStations.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'distributionStation',
      entityId: before.id,
      action: 'update',
      before: auditView(before),
      after: auditView(row!),
    });
    // A new minimum may put the station below it, or restock it as far as the alerts go.
    await noteStationInventory(tx, [before.id]);
    return toStation(row!, before.availableTags);
  });
}

/** DELETE: refused (409) while tags name the station (SPEC §3 Tag `station`), so none is left dangling. */
export async function deleteStation(db: Db, actor: Actor, id: string): Promise<void> {
  const caller = actor.caller;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await findStation(tx, caller.scope, id, true);
    if (!before) throw notFound('Distribution station not found');
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.orgId, before.orgId), sql`${tags.config}->>'station' = ${before.id}`));
    if (held && held.n > 0) {
      throw conflict(
        `${before.name} still has ${held.n} ${held.n === 1 ? 'tag' : 'tags'}; move them to another station first`,
        'station_has_tags',
      );
    }
    await tx.delete(distributionStations).where(eq(distributionStations.id, before.id));
    await writeAudit(tx, actor, {
      entity: 'distributionStation',
      entityId: before.id,
      action: 'delete',
      before: auditView(before),
    });
  });
}
