import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Gateway, type LocationNames } from '@vigil/domain';
import { gateways } from '../db/schema';
import { type Scope } from '../platform/scope';
import type { Caller } from '../platform/caller';
import { locatedInScope } from '../platform/scope-sql';

export type GatewayRow = typeof gateways.$inferSelect;
type JsonColumn = typeof gateways.config | typeof gateways.state;
export type Config = Record<string, unknown>;

export const cfg = (key: string) => sql`${gateways.config}->>${sql.raw(`'${key}'`)}`;
export const skuSql = sql`(${gateways.config}->'logistics'->>'sku')`;
/** A JSON number of the config or state at a fixed path, else SQL null (never a cast error). */
export const jsonNumber = (column: JsonColumn, path: string[]) => {
  const node = sql.raw(path.map((p) => `'${p}'`).join('->'));
  return sql`(case when jsonb_typeof(${column}->${node}) = 'number' then (${column}#>>${sql.raw(`'{${path.join(',')}}'`)})::numeric end)`;
};
export const jsonBoolean = (column: JsonColumn, path: string[]) => {
  const node = sql.raw(path.map((p) => `'${p}'`).join('->'));
  return sql`(case when jsonb_typeof(${column}->${node}) = 'boolean' then (${column}#>>${sql.raw(`'{${path.join(',')}}'`)})::boolean end)`;
};
export const jsonText = (column: JsonColumn, path: string[]) =>
  sql`(${column}#>>${sql.raw(`'{${path.join(',')}}'`)})`;
/** state.updatedAt is written by ingest as an ISO string; anything else reads as null. */
export const updatedAtSql = sql`(case when ${gateways.state}->>'updatedAt' ~ '^\\d{4}-\\d{2}-\\d{2}T' then (${gateways.state}->>'updatedAt')::timestamptz end)`;

/** Gateways the caller may see: its organisation, located in its zones (or unlocated, org-wide). */
export function gatewayInScope(scope: Scope): SQL {
  return and(eq(gateways.orgId, scope.orgId), locatedInScope(scope, gateways.zoneId, gateways.orgId))!;
}

export function toGateway(row: GatewayRow, location?: LocationNames): Gateway {
  return {
    id: row.id,
    orgId: row.orgId,
    config: row.config as Gateway['config'],
    state: row.state,
    ...(location ? { location } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const actorRefOf = (caller: Caller) => ({ id: caller.id, name: caller.name });

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const objectOf = (v: unknown): Config =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Config) : {};
