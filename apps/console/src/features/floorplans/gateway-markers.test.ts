import { describe, expect, it } from 'vitest';
import { MARKER_COLOUR_HEX, abilityFor, type MarkerColourContext } from '@vigil/domain';
import { gatewayFixture } from '../../test/gateway-fixtures';
import { colourContextOf, colourMeaning, floorGateways, legendOf } from './gateway-markers';

const now = new Date('2026-06-01T12:00:00Z');
const recent = '2026-06-01T11:55:00Z';
const REAL_TIME: MarkerColourContext = { editMode: false, canReadRealTimeStatus: true, canReadStatus: true };
const STATUS_ONLY: MarkerColourContext = {
  editMode: false,
  canReadRealTimeStatus: false,
  canReadStatus: true,
};

const placed = (id: string, state: Record<string, unknown>, lat = 40.742, lng = -73.974) =>
  gatewayFixture({
    id,
    config: { state: 'deployed', coordinates: { lat, lng }, logistics: { sku: 'GW2' } },
    state: { status: 'connected', updatedAt: recent, ...state },
    location: { unit: 'Ward 3', area: 'Room 201' },
  });

describe('gateways on the map (SPEC §4 Gateway on the map)', () => {
  it('colour by the domain rule, at [lng, lat], labelled by MAC, in MAC order; unplaced ones are left out', () => {
    const rows = floorGateways(
      [
        placed('b0a710000002', { diagnostics: { button: 95, coverage: 95, floor: 60 } }, 40.7, -73.9),
        placed('b0a710000001', { status: 'disconnected' }),
        gatewayFixture({ id: 'b0a710000003', config: { state: 'deployed' } }),
      ],
      REAL_TIME,
      now,
    );
    expect(rows.map((r) => [r.gateway.id, r.colour, r.status])).toEqual([
      ['b0a710000001', 'red', 'Disconnected'],
      ['b0a710000002', 'green', 'Connected'],
    ]);
    expect(rows[1]!.marker).toEqual({
      id: 'b0a710000002',
      lngLat: [-73.9, 40.7],
      colour: MARKER_COLOUR_HEX.green,
      label: 'b0a710000002',
    });
    expect(rows[1]!.place).toBe('Ward 3 › Room 201');
  });

  it('with only status permission: connected blue, else red; a gateway silent for days is disconnected', () => {
    const rows = floorGateways(
      [placed('b0a710000001', {}), placed('b0a710000002', { updatedAt: '2026-05-20T00:00:00Z' })],
      STATUS_ONLY,
      now,
    );
    expect(rows.map((r) => r.colour)).toEqual(['blue', 'red']);
  });

  it('shows no status to a viewer who may read none', () => {
    const none = { editMode: false, canReadRealTimeStatus: false, canReadStatus: false };
    expect(floorGateways([placed('b0a710000001', {})], none, now)[0]!.status).toBeNull();
  });

  it('read the viewer’s permissions for the colour rule (SPEC §6)', () => {
    expect(colourContextOf(abilityFor([{ action: ['list', 'read'], subject: 'Gateway' }]))).toEqual(
      REAL_TIME,
    );
    const withoutRealTime = abilityFor([
      { action: ['list', 'read'], subject: 'Gateway' },
      { action: ['read'], subject: 'Gateway', fields: ['realTimeStatus'], inverted: true },
    ]);
    expect(colourContextOf(withoutRealTime)).toEqual(STATUS_ONLY);
  });

  it('explain the colours drawn, in the rule’s priority order, with counts', () => {
    const rows = floorGateways(
      [
        placed('b0a710000001', {}),
        placed('b0a710000002', { status: 'disconnected' }),
        placed('b0a710000003', {}),
      ],
      REAL_TIME,
      now,
    );
    expect(legendOf(rows, REAL_TIME)).toEqual([
      { colour: 'red', hex: MARKER_COLOUR_HEX.red, meaning: 'Disconnected', count: 1 },
      { colour: 'orange', hex: MARKER_COLOUR_HEX.orange, meaning: 'Needs attention', count: 2 },
    ]);
    expect(colourMeaning('blue', STATUS_ONLY)).toBe('Connected');
    expect(colourMeaning('blue', REAL_TIME)).toBe('Updating');
    expect(colourMeaning('gray', REAL_TIME)).toBe('No gateway assigned');
  });
});
