import type { MarkerColourContext } from '@vigil/domain';
import { gatewayFixture } from '../../../test/gateway-fixtures';
import { floorGateways, type FloorGateway } from '../gateway-markers';

// Rows of the floor map as the screen builds them, for the coverage tools' tests.

export const NOW = new Date('2026-06-01T12:00:00Z');
const RECENT = '2026-06-01T11:55:00Z';
export const REAL_TIME: MarkerColourContext = {
  editMode: false,
  canReadRealTimeStatus: true,
  canReadStatus: true,
};

type Placed = {
  id: string;
  lngLat?: [number, number];
  state?: Record<string, unknown>;
  config?: Record<string, unknown>;
  place?: { unit?: string; area?: string };
};

/** Placed gateways as FloorGateway rows (MAC order), connected unless their state says otherwise. */
export function rowsOf(gateways: readonly Placed[]): FloorGateway[] {
  return floorGateways(
    gateways.map((g) =>
      gatewayFixture({
        id: g.id,
        config: {
          state: 'deployed',
          coordinates: { lat: g.lngLat?.[1] ?? 40.742, lng: g.lngLat?.[0] ?? -73.974 },
          logistics: { sku: 'GW2' },
          ...g.config,
        },
        state: { status: 'connected', updatedAt: RECENT, ...g.state },
        location: g.place ?? { unit: 'Ward 3', area: 'Room 201' },
      }),
    ),
    REAL_TIME,
    NOW,
  );
}
