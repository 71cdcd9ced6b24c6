import type { Zone } from '@vigil/domain';
import { json, stubFetch } from './fetch-stub';
import { zoneFixture } from './zone-fixtures';

type Failure = { status: number; reason: string };
/** Answers a write with this failure instead of applying it. */
export type ZoneServerFailures = { create?: Failure; delete?: Failure };

/**
 * A small in-memory zone API over `fetch` (docs/API.md): the org list, children by parent with
 * limit/offset, GET one with its context, POST, PUT, DELETE. `isLeaf` is computed as the server does.
 */
export function serveZones(initial: Zone[], failures: ZoneServerFailures = {}) {
  const zones = new Map(initial.map((z) => [z.id, z]));
  const withLeaf = (z: Zone): Zone => ({ ...z, isLeaf: ![...zones.values()].some((c) => c.parent === z.id) });
  const contextOf = (z: Zone): Zone[] =>
    z.parent && zones.has(z.parent) ? [...contextOf(zones.get(z.parent)!), z] : [z];
  let created = 0;

  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const id = url.pathname.match(/^\/api\/zones\/(.+)$/)?.[1];
    if (method === 'GET' && url.pathname === '/api/zones') {
      const q = url.searchParams;
      const matches = [...zones.values()]
        .filter((z) => (q.get('level') ? z.level === q.get('level') : z.parent === q.get('parent')))
        .sort((a, b) => a.name.localeCompare(b.name));
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 100);
      return { data: matches.slice(offset, offset + limit).map(withLeaf), total: matches.length };
    }
    if (method === 'GET' && id) {
      const zone = zones.get(decodeURIComponent(id));
      if (!zone) return json({ reason: 'Zone not found' }, 404);
      const context = contextOf(zone).map(({ id, name, level }) => ({ id, name, level }));
      return { ...withLeaf(zone), ...(url.searchParams.get('context') ? { context } : {}) };
    }
    if (method === 'POST') {
      if (failures.create) return json({ reason: failures.create.reason }, failures.create.status);
      const body = JSON.parse(String(init.body)) as Pick<Zone, 'name' | 'level' | 'parent'>;
      const zone = zoneFixture({ id: `new-${++created}`, ...body });
      zones.set(zone.id, zone);
      return zone;
    }
    if (method === 'PUT' && id && zones.has(decodeURIComponent(id))) {
      const zone = {
        ...zones.get(decodeURIComponent(id))!,
        ...(JSON.parse(String(init.body)) as Partial<Zone>),
      };
      zones.set(zone.id, zone);
      return withLeaf(zone);
    }
    if (method === 'DELETE' && id) {
      if (failures.delete) return json({ reason: failures.delete.reason }, failures.delete.status);
      zones.delete(decodeURIComponent(id));
      return new Response(null, { status: 204 });
    }
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, zones };
}

/** Acme (org) › Annex (site), Main site (site) › Building A (building) › Floor 1 (floor) › Ward 3 (area). */
export const DEMO_ZONES: Zone[] = [
  zoneFixture({ id: 'org', name: 'Acme', level: 'org', parent: 'root' }),
  zoneFixture({ id: 'site-main', name: 'Main site', level: 'site', parent: 'org' }),
  zoneFixture({ id: 'site-annex', name: 'Annex', level: 'site', parent: 'org' }),
  zoneFixture({ id: 'bldg-a', name: 'Building A', level: 'building', parent: 'site-main' }),
  zoneFixture({ id: 'floor-1', name: 'Floor 1', level: 'floor', parent: 'bldg-a' }),
  zoneFixture({ id: 'ward-3', name: 'Ward 3', level: 'area', parent: 'floor-1' }),
];
