import { and, eq, sql } from 'drizzle-orm';
import type { DistributionStation, DistributionStationBody } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { distributionStations, tags } from '../db/schema';
import { conflict, notFound } from '../platform/errors';
import { writeAudit } from '../platform/audit';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import type { Actor } from '../platform/caller';
import { UUID_RE } from '../platform/db/checks';
import { locationInScope } from '../zones';

// SPEC §3 Distribution station, §7 GET distribution-station and /{id}; the admin list.
type StationRow = typeof distributionStations.$inferSelect;

export const stationListSpec: ListSpec = {
  fields: {
    name: { sql: distributionStations.name, type: 'text' },
    zoneId: { sql: distributionStations.zoneId, type: 'uuid' },
    minimumInventory: { sql: distributionStations.minimumInventory, type: 'number' },
    createdAt: { sql: distributionStations.createdAt, type: 'timestamp' },
  },
  sortable: {
    name: sql`lower(${distributionStations.name})`,
    minimumInventory: distributionStations.minimumInventory,
    createdAt: distributionStations.createdAt,
    updatedAt: distributionStations.updatedAt,
  },
  defaultOrder: 'name',
  idColumn: distributionStations.id,
  search: [distributionStations.name, distributionStations.helpMessage],
};

function stationInScope(scope: Scope) {
  return and(
    eq(distributionStations.orgId, scope.orgId),
    locatedInScope(scope, distributionStations.zoneId, distributionStations.orgId),
  )!;
}

export function toStation(row: StationRow): DistributionStation {
  return {
    id: row.id,
    orgId: row.orgId,
    zoneId: row.zoneId,
    name: row.name,
    helpMessage: row.helpMessage,
    minimumInventory: row.minimumInventory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditView = (row: StationRow) => {
  const { createdAt: _c, updatedAt: _u, orgId: _o, ...rest } = toStation(row);
  return rest;
};

async function findStation(db: Db, scope: Scope, id: string, forUpdate = false) {
  if (!UUID_RE.test(id)) return undefined;
  const query = db
    .select()
    .from(distributionStations)
    .where(and(eq(distributionStations.id, id), stationInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listStations(db: Db, scope: Scope, query: Record<string, unknown>) {
  const parsed = parseListQueryOrThrow(query, stationListSpec);
  const page = await runList(db, distributionStations, stationListSpec, parsed, stationInScope(scope));
  return { ...page, data: page.data.map(toStation) };
}

export async function getStation(db: Db, scope: Scope, id: string): Promise<DistributionStation> {
  const row = await findStation(db, scope, id);
  if (!row) throw notFound('Distribution station not found');
  return toStation(row);
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
    const [row] = await tx
      .insert(distributionStations)
      .values({
        orgId: caller.org.id,
        zoneId,
        name: body.name,
        helpMessage: body.helpMessage ?? '',
        minimumInventory: body.minimumInventory ?? 0,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'distributionStation',
      entityId: row!.id,
      action: 'create',
      after: auditView(row!),
    });
    return toStation(row!);
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
    const [row] = await tx
      .update(distributionStations)
      .set({
        name: body.name,
        helpMessage: body.helpMessage ?? before.helpMessage,
        minimumInventory: body.minimumInventory ?? before.minimumInventory,
        zoneId,
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
    return toStation(row!);
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
