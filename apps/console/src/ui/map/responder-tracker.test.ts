import { describe, expect, it } from 'vitest';
import type { Responder } from '@vigil/domain';
import { RESPONDER_HEX, responderTrackers } from './responder-tracker';

// Issue 20: SPEC §3 Map tracker types responder and alert-responder.

const responder = (id: string, floorId: string | null, name = `Person ${id}`): Responder => ({
  id,
  name,
  label: null,
  personId: null,
  location: floorId ? { path: 'Main Campus › North Tower › Floor 1 › Lobby › Main Entrance' } : null,
  position: floorId ? { floorId, lat: 40.1, lng: -73.1, radius: 16 } : null,
  seenAt: floorId ? '2026-01-01T00:00:00.000Z' : null,
});

describe('responderTrackers (issue 20)', () => {
  it('draws the responders heard on this floor, at their gateway, as wide as its coverage', () => {
    const trackers = responderTrackers(
      [responder('a', 'floor-1', 'Blake Chen'), responder('b', 'floor-2'), responder('c', null)],
      'floor-1',
      'responder',
    );
    expect(trackers.map((t) => t.tracker)).toEqual([
      {
        id: 'responder:a',
        latlng: { lat: 40.1, lng: -73.1 },
        type: 'responder',
        radius: 16,
        color: RESPONDER_HEX.responder,
        name: 'Blake Chen',
        details: 'Main Campus › North Tower › Floor 1 › Lobby › Main Entrance',
      },
    ]);
    expect(trackers[0]!.circle).toMatchObject({ id: 'responder:a', type: 'responder', radius: 16 });
  });

  it('gives an alert’s nearest responders their own type and colour', () => {
    const [near] = responderTrackers([responder('a', 'floor-1')], 'floor-1', 'alert-responder');
    expect(near!.circle).toMatchObject({ id: 'alert-responder:a', type: 'alert-responder' });
    expect(near!.circle.color).toBe(RESPONDER_HEX['alert-responder']);
    expect(RESPONDER_HEX['alert-responder']).not.toBe(RESPONDER_HEX.responder);
  });

  it('draws nothing before the responders are known', () => {
    expect(responderTrackers(undefined, 'floor-1', 'responder')).toEqual([]);
  });
});
