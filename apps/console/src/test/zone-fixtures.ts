import type { Zone } from '@vigil/domain';

/** A zone as the API answers it, with only the fields a test cares about given. */
export function zoneFixture(zone: Pick<Zone, 'id' | 'name' | 'level'> & Partial<Zone>): Zone {
  return {
    parent: null,
    config: {},
    slug: null,
    auth: {},
    peers: [],
    followers: [],
    isLoaded: false,
    isLeaf: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...zone,
  };
}
