import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { zones } from '../db/schema';

/**
 * What a caller may see (ARCHITECTURE §4 tenancy): the selected organisation and the roots of
 * the zone subtrees granted to the caller inside it (its zone and peers). Every query of a
 * tenant table takes the scope first.
 */
export type Scope = { orgId: string; roots: string[] };

type ZoneLike = { id: string; path: string[] };

/**
 * The roots a caller holds inside `org`: a granted zone inside the organisation counts as itself,
 * a granted zone above it (an internal user at the root) counts as the whole organisation.
 */
export function scopeRoots(org: ZoneLike, granted: ZoneLike[]): string[] {
  const roots = new Set<string>();
  for (const zone of granted) {
    if (zone.path.includes(org.id)) roots.add(zone.id);
    else if (org.path.includes(zone.id)) roots.add(org.id);
  }
  // A root inside another root adds nothing.
  const list = [...roots];
  const byId = new Map(granted.map((z) => [z.id, z]));
  return list.filter((id) => {
    const path = id === org.id ? org.path : (byId.get(id)?.path ?? []);
    return !list.some((other) => other !== id && path.includes(other));
  });
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Zones inside the scope: `zones.path` meets one of the scope's roots. */
export function zoneInScope(scope: Scope): SQL {
  return sql`${zones.path} && ${uuidArray(scope.roots)}`;
}

/**
 * Located entities (tags, gateways …) inside the scope: rows of the organisation whose zone lies
 * inside a root; a caller holding the whole organisation sees all of them, located or not. The
 * organisation comes first so that indexes led by it serve every list (issue 6: 100,000 tags).
 */
export function locatedInScope(scope: Scope, zoneColumn: AnyPgColumn, orgColumn: AnyPgColumn): SQL {
  const inOrg = sql`${orgColumn} = ${scope.orgId}`;
  if (scope.roots.includes(scope.orgId)) return inOrg;
  return sql`(${inOrg} and ${zoneColumn} in (select ${zones.id} from ${zones} where ${zoneInScope(scope)}))`;
}

export function isZoneInScope(scope: Scope, zone: ZoneLike): boolean {
  return scope.roots.some((root) => zone.path.includes(root));
}
