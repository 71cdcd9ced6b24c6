import { count, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { distributionStations } from '../db/schema';
import { HttpError } from '../platform/errors';
import {
  LIST_CURSOR_KEY,
  LIST_ERROR_CODE,
  listClauses,
  nextCursor,
  parseListQueryOrThrow,
  type ListPage,
  type ListSpec,
} from '../platform/list/list';
import { isDataException } from '../platform/list/pages';
import type { Scope } from '../platform/scope';
import { availableTagsSql } from './inventory';
import { stationInScope, toStation, type StationRow } from './station-rows';
import type { DistributionStation } from '@vigil/domain';

// SPEC §7 GET distribution-station: the list engine's clauses, with each station's available tags
// (issue 21) counted in the page's own statement — one query whatever the page size, not one per row.

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

/** A station's columns and its available tags, as every read selects them. */
export const stationColumns = {
  ...getTableColumns(distributionStations),
  availableTags: availableTagsSql(),
};

const TOTAL = '__total';

export async function listStations(
  db: Db,
  scope: Scope,
  query: Record<string, unknown>,
): Promise<ListPage<DistributionStation>> {
  const parsed = parseListQueryOrThrow(query, stationListSpec);
  const clauses = listClauses(parsed, stationListSpec, stationInScope(scope));
  // Without a cursor the page counts its matches itself (a window); a cursor page counts apart.
  const inPage = !parsed.after;
  let rows: (StationRow & { availableTags: number; [TOTAL]?: number; [LIST_CURSOR_KEY]: string })[];
  try {
    rows = await db
      .select({
        ...stationColumns,
        [LIST_CURSOR_KEY]: clauses.cursorSelect,
        ...(inPage ? { [TOTAL]: sql<number>`(count(*) over ())::int` } : {}),
      })
      .from(distributionStations)
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(clauses.fetchLimit)
      .offset(clauses.offset);
  } catch (err) {
    // A cursor is opaque but not sealed: one edited to a value its key's type rejects is the client's error.
    if (parsed.after && isDataException(err))
      throw new HttpError(400, 'cursor is invalid', LIST_ERROR_CODE, 'cursor');
    throw err;
  }
  const total =
    inPage && rows.length > 0
      ? Number(rows[0]![TOTAL])
      : ((await db.select({ n: count() }).from(distributionStations).where(clauses.totalWhere))[0]?.n ?? 0);
  const cursor = nextCursor(rows, parsed);
  const data = rows.slice(0, parsed.limit).map((row) => toStation(row, row.availableTags));
  return cursor === undefined ? { data, total } : { data, total, nextCursor: cursor };
}
