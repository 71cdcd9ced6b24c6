import { sql, type SQL } from 'drizzle-orm';
import {
  gatewayCoverageRadiusM,
  type LocationNames,
  type PathStep,
  type Responder,
  type ResponderPosition,
  type ZoneLevel,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { jsonArray } from '../platform/db/json-params';
import type { Scope } from '../platform/scope';
import { locatedInScope } from '../platform/scope-sql';
import { gateways, tagPositions, tags, zones } from '../db/schema';

// Issue 20 "Responders": the responders of an organisation and where they were last heard. A
// responder is a tag in behaviour mode responder (SPEC §3), in the caller's zones like any tag (its
// config.location); their place is the tag's latest position (sightings/tables.ts): the gateway that
// heard it best, that gateway's zone then (its path from the root, zones.path) and the gateway's
// point on the map; with the zones on their paths (level and name), which walking distance and the
// location names read.

/**
 * The responders' filter. A partial index on this very predicate serves it:
 * `create index … on tags (org_id, id) where (config->>'mode') = 'responder'` (docs/BENCHMARKS.md
 * 'Nearest responders'); without one the organisation's tags are read whole (tens of milliseconds at
 * 110,000 tags on embedded PGlite). The value is written out, not bound, so such an index matches.
 */
export const responderModeSql = (): SQL => sql`(${tags.config}->>'mode') = ${sql.raw(`'responder'`)}`;

/** A responder as the statement answers it. */
export type ResponderRow = {
  id: string;
  owner: string | null;
  personId: string | null;
  label: string | null;
  /** When last heard, ms since the epoch. */
  seenMs: number | null;
  zoneId: string | null;
  coordinates: { lat?: unknown; lng?: unknown } | null;
  category: string | null;
  sku: string | null;
};

/** The zones on the responders' paths (and on the extra zones'): level, name and path by id. */
export type PathZones = Map<string, { level: ZoneLevel; name: string; path: string[] }>;

export type ResponderOptions = {
  /** Only the responders heard at least once. */
  heardOnly?: boolean;
  /** Leaves out this tag (an alert's own). */
  except?: string;
  /** A zone whose path to load with theirs (an alert's). */
  withZone?: string;
  /** Only these tags. */
  ids?: readonly string[];
  /** Where and when only: no names, no gateway (null), for ranking many. */
  placesOnly?: boolean;
};

type Details = [
  owner: string | null,
  personId: string | null,
  label: string | null,
  coordinates: ResponderRow['coordinates'],
  category: string | null,
  sku: string | null,
];
type Answer = {
  responders: [id: string, seenMs: number | null, zoneId: string | null, details: Details | null][] | null;
  zones: [id: string, level: ZoneLevel, name: string, path: string[]][] | null;
};

/**
 * The responders in the caller's scope with their place, and the zones on their paths, in one
 * statement whatever their number. Each half is one JSON value: a thousand rows cost embedded
 * PGlite more to hand over one by one than to find (bench/responders.bench.ts).
 */
export async function loadResponders(
  db: Db,
  scope: Scope,
  opts: ResponderOptions = {},
): Promise<{ rows: ResponderRow[]; zones: PathZones }> {
  const result = await db.execute(respondersSql(scope, opts));
  const answer = (result as unknown as { rows: Answer[] }).rows[0]!;
  const rows = (answer.responders ?? []).map(([id, seenMs, zoneId, details]): ResponderRow => {
    const [owner, personId, label, coordinates, category, sku] = details ?? [];
    return {
      id,
      seenMs,
      zoneId,
      owner: owner ?? null,
      personId: personId ?? null,
      label: label ?? null,
      coordinates: coordinates ?? null,
      category: category ?? null,
      sku: sku ?? null,
    };
  });
  const zones: PathZones = new Map(
    (answer.zones ?? []).map(([id, level, name, path]) => [id, { level, name, path }]),
  );
  return { rows, zones };
}

/**
 * The statement: each responder (`r`) with its position, looked up by the primary key (`limit 1`
 * keeps it so: flattened into a join, the planner, misjudging how few responders there are, read
 * every position of the organisation), and the gateway's place; then every zone on the paths of the
 * zones they were heard in.
 */
export function respondersSql(scope: Scope, opts: ResponderOptions = {}): SQL {
  const conditions: SQL[] = [locatedInScope(scope, tags.zoneId, tags.orgId), responderModeSql()];
  if (opts.except) conditions.push(sql`${tags.id} <> ${opts.except}`);
  if (opts.ids) conditions.push(sql`${tags.id} = any(${jsonArray(opts.ids)})`);
  const extra = opts.withZone ? sql` union all select ${opts.withZone}::uuid` : sql``;
  const details = opts.placesOnly
    ? sql`null::json`
    : sql`json_build_array(${tags.config}->'owner'->>'name', ${tags.config}->'owner'->>'personId',
        ${tags.config}->>'label', g.config->'coordinates', g.config->>'category', g.config->'logistics'->>'sku')`;
  return sql`
    with r as (
      select ${tags.id} as id, (extract(epoch from p.seen_at) * 1000)::float8 as seen_ms, p.zone_id,
        ${details} as d
      from ${tags} ${opts.heardOnly ? sql`cross join lateral` : sql`left join lateral`} (
        select seen_at, zone_id, gateway_id from ${tagPositions} p
        where p.tag_id = ${tags.id} and p.org_id = ${tags.orgId} limit 1
      ) p ${opts.heardOnly ? sql`` : sql`on true`}
      ${opts.placesOnly ? sql`` : sql`left join ${gateways} g on g.id = p.gateway_id and g.org_id = ${scope.orgId}`}
      where ${sql.join(conditions, sql` and `)}
    )
    select
      (select json_agg(json_build_array(id, seen_ms, zone_id, d)) from r) as responders,
      (select json_agg(json_build_array(z.id, z.level, z.name, z.path)) from ${zones} z
        where z.id = any(array(select distinct unnest(l.path) from ${zones} l
          where l.id in (select zone_id from r${extra})))) as zones`;
}

/** A zone's path from the root down with each zone's level, as walking distance reads it; [] if unknown. */
export function pathOf(zoneId: string | null, zones: PathZones): PathStep[] {
  const path = zoneId ? zones.get(zoneId)?.path : undefined;
  if (!path) return [];
  const steps = path.map((id) => ({ id, level: zones.get(id)?.level }));
  return steps.every((s) => s.level) ? (steps as PathStep[]) : [];
}

const LOCATION_LEVELS = ['site', 'building', 'floor', 'unit', 'area'] as const;

/** The names of the zone a responder was heard in, as other lists answer `location` (zones area). */
function locationOf(path: readonly PathStep[], zones: PathZones): LocationNames | null {
  if (path.length === 0) return null;
  const names: LocationNames = {};
  const parts: string[] = [];
  for (const { id, level } of path) {
    if (level === 'root' || level === 'org') continue;
    const name = zones.get(id)!.name;
    parts.push(name);
    if ((LOCATION_LEVELS as readonly string[]).includes(level)) {
      names[level as (typeof LOCATION_LEVELS)[number]] = name;
    }
  }
  names.path = parts.length > 0 ? parts.join(' › ') : null;
  return names;
}

/**
 * The gateway's point on the floor above the zone it heard the responder in, when that floor is in
 * the caller's zones (as an alert's position, alerts/alert-position.ts) and the gateway is placed.
 */
function positionOf(row: ResponderRow, path: readonly PathStep[], scope: Scope): ResponderPosition | null {
  const { lat, lng } = row.coordinates ?? {};
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const floor = path.findIndex((step) => step.level === 'floor');
  if (floor < 0) return null;
  const floorPath = path.slice(0, floor + 1).map((step) => step.id);
  if (!scope.roots.some((root) => floorPath.includes(root))) return null;
  return {
    floorId: floorPath[floor]!,
    lat,
    lng,
    radius: gatewayCoverageRadiusM({ category: row.category, sku: row.sku }),
  };
}

/** The API's responder of a row. */
export function toResponder(row: ResponderRow, zones: PathZones, scope: Scope): Responder {
  const path = pathOf(row.zoneId, zones);
  return {
    id: row.id,
    name: row.owner || row.label || row.id,
    label: row.label,
    personId: row.personId,
    location: locationOf(path, zones),
    position: positionOf(row, path, scope),
    seenAt: row.seenMs === null ? null : new Date(row.seenMs).toISOString(),
  };
}
