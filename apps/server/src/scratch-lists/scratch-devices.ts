import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Gateway, ScratchListKind, Tag } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import type { Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { gateways, tags } from '../db/schema';
import { LOCATION_FIELDS, locationNamesOf, pickLocation } from '../zones';
import { toTag } from '../tags';
import { toGateway } from '../gateways';

// The devices a scratch list names, read as the tags and gateways lists show them (SPEC §3, §7),
// and only inside the caller's scope: a device of another organisation is never read here.

type DeviceRow = typeof tags.$inferSelect | typeof gateways.$inferSelect;

/** The device table of a kind, and its rows inside the scope (as the tags and gateways areas scope them). */
export function devicesOf(kind: ScratchListKind, scope: Scope) {
  if (kind === 'tag')
    return { table: tags, id: tags.id, inScope: locatedInScope(scope, tags.zoneId, tags.orgId) };
  return {
    table: gateways,
    id: gateways.id,
    inScope: and(eq(gateways.orgId, scope.orgId), locatedInScope(scope, gateways.zoneId, gateways.orgId))!,
  };
}

/** The ids of `ids` that are devices of this kind inside the scope. */
export function knownIdsSql(kind: ScratchListKind, scope: Scope, ids: string[]): SQL {
  const { table, id, inScope } = devicesOf(kind, scope);
  return sql`select ${id} as id from ${table} where ${id} = any(${jsonArray(ids)}) and ${inScope}`;
}

/** The devices of `ids` inside the scope, by id, with the names of the zones they are located in. */
export async function devicesById(
  db: Db,
  kind: ScratchListKind,
  scope: Scope,
  ids: string[],
): Promise<Map<string, Tag | Gateway>> {
  if (ids.length === 0) return new Map();
  const { table, id, inScope } = devicesOf(kind, scope);
  const rows = (await db
    .select()
    .from(table)
    .where(and(sql`${id} = any(${jsonArray(ids)})`, inScope))) as DeviceRow[];
  const names = await locationNamesOf(
    db,
    rows.map((r) => r.zoneId),
  );
  const located = (row: DeviceRow) =>
    pickLocation(row.zoneId ? names.get(row.zoneId) : undefined, LOCATION_FIELDS);
  return new Map(
    rows.map((row) => [
      row.id,
      kind === 'tag'
        ? toTag(row as typeof tags.$inferSelect, located(row))
        : toGateway(row as typeof gateways.$inferSelect, located(row)),
    ]),
  );
}
