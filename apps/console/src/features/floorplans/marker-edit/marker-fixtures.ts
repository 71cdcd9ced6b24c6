import type { Marker } from '@vigil/domain';

// Markers as GET markers answers them, for this folder's tests.

export const FLOOR = 'f1000000-0000-4000-8000-000000000001';
export const AREA = 'a1010000-0000-4000-8000-000000000101';

let made = 0;

/** A marker on the floor with no gateway, unless the test says more. */
export function markerFixture(
  over: Omit<Partial<Marker>, 'config'> & { config?: Partial<Marker['config']> } = {},
): Marker {
  made += 1;
  const { config, ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    gateway: null,
    state: null,
    createdAt: `2026-01-01T00:00:${String(made % 60).padStart(2, '0')}.000Z`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...rest,
    config: {
      location: FLOOR,
      coordinates: { lat: 40.742, lng: -73.974 },
      labels: [],
      notes: null,
      camera: null,
      ...config,
    },
  };
}
