import { and, sql, type SQL } from 'drizzle-orm';
import { GATEWAY_SKU_FILTERS, type GatewaySkuFilter } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways } from '../db/schema';
import { HttpError } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { type Scope } from '../platform/scope';
import { locationFieldsOf, locationNamesOf, locationPathSql, pickLocation } from '../zones';

import {
  cfg,
  gatewayInScope,
  jsonBoolean,
  jsonNumber,
  jsonText,
  skuSql,
  toGateway,
  updatedAtSql,
} from './gateway-rows';

export const gatewayListSpec: ListSpec = {
  fields: {
    id: { sql: gateways.id, type: 'text' },
    'config.state': { sql: cfg('state'), type: 'text' },
    'config.location': { sql: gateways.zoneId, type: 'uuid' },
    'config.coordinates': {
      sql: sql`nullif(${gateways.config}->'coordinates', 'null'::jsonb)`,
      type: 'json',
    },
    'config.coordinates.lat': { sql: jsonNumber(gateways.config, ['coordinates', 'lat']), type: 'number' },
    'config.coordinates.lng': { sql: jsonNumber(gateways.config, ['coordinates', 'lng']), type: 'number' },
    'config.coordinates.alt': { sql: jsonNumber(gateways.config, ['coordinates', 'alt']), type: 'number' },
    'config.hasAltitudeOverride': {
      sql: jsonBoolean(gateways.config, ['hasAltitudeOverride']),
      type: 'boolean',
    },
    'config.logistics.sku': { sql: skuSql, type: 'text' },
    'config.logistics.barcode': { sql: jsonText(gateways.config, ['logistics', 'barcode']), type: 'text' },
    'config.category': { sql: cfg('category'), type: 'text' },
    'state.status': { sql: jsonText(gateways.state, ['status']), type: 'text' },
    'state.updatedAt': { sql: updatedAtSql, type: 'timestamp' },
    'state.version.app': { sql: jsonText(gateways.state, ['version', 'app']), type: 'text' },
    'state.version.isSafeMode': {
      sql: jsonBoolean(gateways.state, ['version', 'isSafeMode']),
      type: 'boolean',
    },
    'state.hardware.revision': { sql: jsonText(gateways.state, ['hardware', 'revision']), type: 'text' },
    'state.adminMode': { sql: jsonBoolean(gateways.state, ['adminMode']), type: 'boolean' },
    createdAt: { sql: gateways.createdAt, type: 'timestamp' },
    updatedAt: { sql: gateways.updatedAt, type: 'timestamp' },
  },
  sortable: {
    id: gateways.id,
    'config.state': cfg('state'),
    'config.logistics.sku': skuSql,
    'state.status': jsonText(gateways.state, ['status']),
    'state.updatedAt': updatedAtSql,
    'state.version.app': jsonText(gateways.state, ['version', 'app']),
    location: locationPathSql(gateways.zoneId),
    createdAt: gateways.createdAt,
    updatedAt: gateways.updatedAt,
  },
  defaultOrder: 'id',
  idColumn: gateways.id,
  search: [
    gateways.id,
    skuSql,
    jsonText(gateways.config, ['logistics', 'barcode']),
    jsonText(gateways.config, ['notes']),
    sql`${gateways.config}->'labels'`,
    sql`(select z.name from zones z where z.id = ${gateways.zoneId})`,
  ],
};

/** `sku` of GET /api/gateways (docs/API.md): SKU families by prefix; no SKU counts as indoor. */
function skuWhere(filter: GatewaySkuFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'NODE':
      return sql`${skuSql} like 'NODE%'`;
    case 'GWL':
      return sql`${skuSql} like 'GWL%'`;
    default:
      return sql`coalesce(${skuSql}, '') not like 'NODE%' and coalesce(${skuSql}, '') not like 'GWL%'`;
  }
}

function skuFilterOf(raw: unknown): GatewaySkuFilter {
  if (raw === undefined || raw === '') return 'indoor';
  if (typeof raw !== 'string' || !(GATEWAY_SKU_FILTERS as readonly string[]).includes(raw)) {
    throw new HttpError(
      400,
      `sku must be one of ${GATEWAY_SKU_FILTERS.join(', ')}`,
      'invalid_list_query',
      'sku',
    );
  }
  return raw as GatewaySkuFilter;
}

/** The columns `byColumn` may narrow `query` to (SPEC §9 MAC suggestions search the MAC alone). */
const SEARCH_BY_COLUMN = { id: gateways.id, sku: skuSql } as const;

/** `byColumn` of GET /api/gateways: `query` searches that column alone; unset, every searched one. */
function specSearchingBy(raw: unknown): typeof gatewayListSpec {
  if (raw === undefined || raw === '') return gatewayListSpec;
  if (typeof raw !== 'string' || !Object.hasOwn(SEARCH_BY_COLUMN, raw)) {
    const names = Object.keys(SEARCH_BY_COLUMN).join(', ');
    throw new HttpError(400, `byColumn must be one of ${names}`, 'invalid_list_query', 'byColumn');
  }
  return { ...gatewayListSpec, search: [SEARCH_BY_COLUMN[raw as keyof typeof SEARCH_BY_COLUMN]] };
}

/** GET /api/gateways: the list contract plus `sku`, `locationFields` and `byColumn` (docs/API.md). */
export async function listGateways(db: Db, scope: Scope, query: Record<string, unknown>) {
  const { sku, locationFields, byColumn, ...rest } = query;
  const filter = skuFilterOf(sku);
  const fields = locationFieldsOf(locationFields);
  const spec = specSearchingBy(byColumn);
  const parsed = parseListQueryOrThrow(rest, spec);
  const page = await runList(db, gateways, spec, parsed, and(gatewayInScope(scope), skuWhere(filter)));
  const names = fields.length
    ? await locationNamesOf(
        db,
        page.data.map((g) => g.zoneId),
      )
    : undefined;
  return {
    ...page,
    data: page.data.map((g) =>
      toGateway(g, names ? pickLocation(g.zoneId ? names.get(g.zoneId) : undefined, fields) : undefined),
    ),
  };
}
