import { and, sql, type SQL } from 'drizzle-orm';
import type { Marker } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { markers, zones } from '../db/schema';
import { badRequest, notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListPage, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { zoneInScope } from '../platform/scope-sql';
import { UUID_RE } from '../platform/db/checks';

import { markerInScope, toMarkers } from './marker-rows';

/** The list engine's view of markers; `config.location` is the route's own (below). */
export const markerListSpec: ListSpec = {
  fields: {
    gateway: { sql: markers.gatewayId, type: 'text' },
    createdAt: { sql: markers.createdAt, type: 'timestamp' },
    updatedAt: { sql: markers.updatedAt, type: 'timestamp' },
  },
  sortable: { createdAt: markers.createdAt, updatedAt: markers.updatedAt },
  defaultOrder: 'createdAt',
  idColumn: markers.id,
};

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * `config.location`: the markers at that zone or anywhere under it, so the map asking with its floor
 * id (SPEC §7) gets the markers placed in the floor's units and areas too. The zone must be in the
 * caller's scope or above a zone of it (the floor of a unit a user is placed in), else 404; the
 * markers themselves are still only those in scope.
 */
async function locationFilter(db: Db, scope: Scope, location: unknown): Promise<SQL | undefined> {
  if (location === undefined || location === '') return undefined;
  if (typeof location !== 'string' || !UUID_RE.test(location)) {
    throw badRequest('config.location must be one zone id', 'config.location');
  }
  const [visible] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(
      sql`${zones.id} = ${location} and ${zones.path} @> ${uuidArray([scope.orgId])} and (${zoneInScope(scope)}
        or ${zones.id} in (select unnest(r.path) from zones r where r.id = any(${uuidArray(scope.roots)})))`,
    )
    .limit(1);
  if (!visible) throw notFound('Location not found');
  return sql`${markers.zoneId} in (select ${zones.id} from ${zones} where ${zones.path} @> ${uuidArray([location])})`;
}

/** SPEC §7 GET markers with limit (at most 500) and config.location: `{data, total}`. */
export async function listMarkers(
  db: Db,
  scope: Scope,
  query: Record<string, unknown>,
): Promise<ListPage<Marker>> {
  const { 'config.location': location, ...rest } = query;
  const parsed = parseListQueryOrThrow(rest, markerListSpec);
  const where = and(markerInScope(scope), await locationFilter(db, scope, location));
  const page = await runList(db, markers, markerListSpec, parsed, where);
  return { ...page, data: await toMarkers(db, page.data) };
}
