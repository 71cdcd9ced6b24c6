/**
 * What a caller may see (ARCHITECTURE §4 tenancy): the selected organisation and the roots of
 * the zone subtrees granted to the caller inside it (its zone and peers). Every query of a
 * tenant table takes the scope first.
 */
export type Scope = { orgId: string; roots: string[] };

export type ZoneLike = { id: string; path: string[] };

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

export function isZoneInScope(scope: Scope, zone: ZoneLike): boolean {
  return scope.roots.some((root) => zone.path.includes(root));
}
