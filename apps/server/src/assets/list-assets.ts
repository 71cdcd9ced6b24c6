import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ASSET_PENDING_FILTER, type AssetListFilters, type AssetZone } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { assets, tagPositions } from '../db/schema';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { jsonArray } from '../platform/db/json-params';
import type { Scope } from '../platform/scope';
import { locationNamesOf } from '../zones';
import { assetInScope, toAssets } from './asset-rows';

/** GET /api/assets: the list's whitelist (its own filters, zone and status, are the route's). */
export const ASSET_LIST_SPEC: ListSpec = {
  fields: {
    name: { sql: assets.name, type: 'text' },
    tagId: { sql: assets.tagId, type: 'text' },
    zoneId: { sql: assets.zoneId, type: 'uuid' },
    createdAt: { sql: assets.createdAt, type: 'timestamp' },
    updatedAt: { sql: assets.updatedAt, type: 'timestamp' },
  },
  sortable: {
    name: sql`lower(${assets.name})`,
    tagId: assets.tagId,
    status: assets.status,
    updatedAt: assets.updatedAt,
  },
  defaultOrder: 'name',
  idColumn: assets.id,
  search: [assets.name, assets.tagId, assets.notes],
};

/**
 * The asset's tag was last heard in `zone` or under it, in a zone of the caller's scope: the
 * position's zone path holds both.
 */
function lastHeardUnder(scope: Scope, zone: string): SQL {
  return sql`exists (select from ${tagPositions} p join zones l on l.id = p.zone_id
    where p.tag_id = ${assets.tagId} and p.org_id = ${assets.orgId}
      and ${zone}::uuid = any(l.path) and l.path && ${jsonArray(scope.roots, 'uuid')})`;
}

function filtersSql(scope: Scope, filters: AssetListFilters): SQL {
  const status =
    filters.status === undefined
      ? undefined
      : eq(assets.status, filters.status === ASSET_PENDING_FILTER ? '' : filters.status);
  return and(assetInScope(scope), status, filters.zone ? lastHeardUnder(scope, filters.zone) : undefined)!;
}

/** GET /api/assets: SPEC §7, a page in the list contract, whose `data` is the assets (data.data). */
export async function listAssets(
  db: Db,
  scope: Scope,
  query: Record<string, unknown>,
  filters: AssetListFilters,
) {
  const parsed = parseListQueryOrThrow(query, ASSET_LIST_SPEC);
  const page = await runList(db, assets, ASSET_LIST_SPEC, parsed, filtersSql(scope, filters));
  return { ...page, data: await toAssets(db, scope, page.data) };
}

/**
 * GET /api/assets/zones: every zone of the caller's scope where assets were last heard, from the
 * site down to the area, with how many assets are under it; ordered by their names' path.
 */
export async function assetZones(db: Db, scope: Scope): Promise<{ data: AssetZone[] }> {
  const roots = jsonArray(scope.roots, 'uuid');
  const result = await db.execute<{ id: string; name: string; level: string; count: number }>(sql`
    select z.id, z.name, z.level, count(distinct ${assets.id})::int as count
    from ${assets}
    join ${tagPositions} p on p.tag_id = ${assets.tagId} and p.org_id = ${assets.orgId}
    join zones l on l.id = p.zone_id and l.path && ${roots}
    join zones z on z.id = any(l.path) and z.level not in ('root', 'org') and z.path && ${roots}
    where ${assetInScope(scope)}
    group by z.id, z.name, z.level`);
  const rows = (result as unknown as { rows: { id: string; name: string; level: string; count: number }[] })
    .rows;
  const names = await locationNamesOf(
    db,
    rows.map((r) => r.id),
  );
  const zones = rows.map((row) => ({
    id: row.id,
    name: row.name,
    level: row.level,
    path: names.get(row.id)?.path ?? row.name,
    count: Number(row.count),
  }));
  zones.sort((a, b) => a.path.localeCompare(b.path));
  return { data: zones };
}
