import { inArray, sql } from 'drizzle-orm';
import type { LocationNames } from '@vigil/domain';
import type { Db, Tx } from '../platform/db/client';
import { zones } from '../db/schema';
import { HttpError, badRequest, notFound } from '../platform/errors';
import type { Scope } from '../platform/scope';
import { findZone } from './zones';

const LOCATION_LEVELS = ['site', 'building', 'floor', 'unit', 'area'] as const;

/** SPEC §6 logistics org slug of the inventory: where transfer starts and transfer_inv ends (§4). */
export const INVENTORY_ORG_SLUG = 'strongline-inventory';

/** The names `locationFields` may ask for (SPEC §7): the located zone's levels and the whole path. */
export const LOCATION_FIELDS = ['site', 'building', 'floor', 'unit', 'area', 'path'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/** `locationFields=floor,unit,area` (comma-separated or repeated); none asked: no `location` in rows. */
export function locationFieldsOf(raw: unknown): LocationField[] {
  if (raw === undefined || raw === '') return [];
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) =>
    typeof v === 'string' ? v.split(',') : [String(v)],
  );
  const names = parts.map((p) => p.trim()).filter(Boolean);
  for (const name of names) {
    if (!(LOCATION_FIELDS as readonly string[]).includes(name)) {
      throw new HttpError(
        400,
        `Unknown locationFields name "${name.slice(0, 40)}"; use ${LOCATION_FIELDS.join(', ')}`,
        'invalid_list_query',
        'locationFields',
      );
    }
  }
  return [...new Set(names)] as LocationField[];
}

/** The asked `fields` of a row's location names, each null where the row has none. */
export function pickLocation(
  names: LocationNames | undefined,
  fields: readonly LocationField[],
): LocationNames {
  const out: LocationNames = {};
  for (const field of fields) out[field] = names?.[field] ?? null;
  return out;
}

/**
 * SPEC §7 `locationFields`: the names of the zones a device (or person) is located in, for a page
 * of rows at once — two queries whatever the page size: the located zones with their paths, then
 * every zone on those paths. The organisation and root are left out of `path`.
 */
export async function locationNamesOf(
  db: Db | Tx,
  zoneIds: readonly (string | null | undefined)[],
): Promise<Map<string, LocationNames>> {
  const ids = [...new Set(zoneIds.filter((id): id is string => !!id))];
  const out = new Map<string, LocationNames>();
  if (ids.length === 0) return out;
  const located = await db
    .select({ id: zones.id, path: zones.path })
    .from(zones)
    .where(inArray(zones.id, ids));
  const pathIds = [...new Set(located.flatMap((z) => z.path))];
  const named = await db
    .select({ id: zones.id, name: zones.name, level: zones.level })
    .from(zones)
    .where(inArray(zones.id, pathIds));
  const byId = new Map(named.map((z) => [z.id, z]));
  for (const zone of located) {
    const names: LocationNames = {};
    const parts: string[] = [];
    for (const id of zone.path) {
      const z = byId.get(id);
      if (!z || z.level === 'root' || z.level === 'org') continue;
      parts.push(z.name);
      if ((LOCATION_LEVELS as readonly string[]).includes(z.level)) {
        names[z.level as (typeof LOCATION_LEVELS)[number]] = z.name;
      }
    }
    names.path = parts.length > 0 ? parts.join(' › ') : null;
    out.set(zone.id, names);
  }
  return out;
}

/** SQL text of a located zone's full name path (for sorting or searching by location). */
export function locationPathSql(zoneIdColumn: unknown) {
  return sql<string>`(select string_agg(z.name, ' › ' order by array_position(l.path, z.id))
    from zones l join zones z on z.id = any(l.path) and z.level not in ('root', 'org')
    where l.id = ${zoneIdColumn})`;
}

/**
 * The location of a located row a caller writes (a person, a distribution station): a zone the
 * caller holds (404 otherwise), or none, which leaves the row in the organisation where only a
 * caller holding the whole organisation would see it again (400 for anyone else).
 */
export async function locationInScope(
  db: Db | Tx,
  scope: Scope,
  location: string | null | undefined,
): Promise<string | null> {
  if (location) {
    if (!(await findZone(db, scope, location))) throw notFound('Location not found');
    return location;
  }
  if (!scope.roots.includes(scope.orgId)) throw badRequest('Choose a location inside your zones', 'location');
  return null;
}
