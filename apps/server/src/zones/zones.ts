import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ZONE_TREE_PAGE, type Zone } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { zones } from '../db/schema';
import { type Scope } from '../platform/scope';
import type { ZoneRow } from '../platform/caller';
import { zoneInScope } from '../platform/scope-sql';

const isLeafSql = sql<boolean>`not exists (select 1 from zones c where c.parent_id = "zones"."id")`.as(
  'is_leaf',
);

/** Zones inside the caller's scope matching `where`, each with whether it has children. */
export async function findZones(
  db: Db | Tx,
  scope: Scope,
  where?: SQL,
  opts: { limit?: number; offset?: number } = {},
): Promise<{ row: ZoneRow; isLeaf: boolean }[]> {
  const rows = await db
    .select({ row: zones, isLeaf: isLeafSql })
    .from(zones)
    .where(and(zoneInScope(scope), where))
    .orderBy(asc(zones.name), asc(zones.id))
    .limit(opts.limit ?? ZONE_TREE_PAGE)
    .offset(opts.offset ?? 0);
  return rows.map((r) => ({ row: r.row, isLeaf: Boolean(r.isLeaf) }));
}

export async function findZone(db: Db | Tx, scope: Scope, id: string) {
  const [zone] = await findZones(db, scope, eq(zones.id, id), { limit: 1 });
  return zone;
}

/** The API shape of a zone (SPEC §3): `parent` for parentId, computed isLoaded/isLeaf. */
export function toZone(
  row: ZoneRow,
  isLeaf: boolean,
  extra: Partial<Pick<Zone, 'children' | 'context'>> = {},
): Zone {
  return {
    id: row.id,
    name: row.name,
    level: row.level as Zone['level'],
    parent: row.parentId,
    config: row.config,
    slug: row.slug,
    auth: row.auth,
    peers: row.peers,
    followers: row.followers,
    isLoaded: extra.children !== undefined,
    isLeaf,
    ...extra,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The path of a zone from the organisation down, for breadcrumbs (`context`). */
export async function zoneContext(db: Db | Tx, row: ZoneRow, scope: Scope) {
  const rows = await db
    .select({ id: zones.id, name: zones.name, level: zones.level, path: zones.path })
    .from(zones)
    .where(inArray(zones.id, row.path));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return row.path
    .map((id) => byId.get(id))
    .filter((z): z is NonNullable<typeof z> => !!z && z.level !== 'root' && z.path.includes(scope.orgId))
    .map(({ id, name, level }) => ({ id, name, level }));
}
