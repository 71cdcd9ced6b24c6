import { describe, it, expect } from 'vitest';
import { mapMinZoom, rotatePlanBearing, trackerZoom, type TrackerZoomCase } from './map-view';

describe('mapMinZoom (SPEC §9 Map: minimum zoom 18 unless streets are shown, then 1)', () => {
  it.each([
    [false, 18],
    [true, 1],
  ])('streets shown %s → %i', (streets, zoom) => {
    expect(mapMinZoom(streets)).toBe(zoom);
  });
});

describe('trackerZoom (SPEC §9 Map: single tracker 21, GPS or asset 19, focusing 20; §9 Devices outdoor 18)', () => {
  it.each([
    ['an alert', { type: 'alert' }, 21],
    ['a person', { type: 'person' }, 21],
    ['a responder', { type: 'alert-responder' }, 21],
    ['an asset', { type: 'asset' }, 19],
    ['a person by GPS', { type: 'person', gps: true }, 19],
    ['an alert being focused', { type: 'alert', focusing: true }, 20],
    ['an asset being focused', { type: 'asset', focusing: true }, 20],
    ['an alert at an outdoor location', { type: 'alert', outdoor: true }, 18],
    ['an asset at an outdoor location', { type: 'asset', outdoor: true }, 18],
    ['an outdoor alert being focused', { type: 'alert', outdoor: true, focusing: true }, 20],
  ] as const)('%s → %i', (_case, tracker, zoom) => {
    expect(trackerZoom(tracker as TrackerZoomCase)).toBe(zoom);
  });
});

describe('rotatePlanBearing (SPEC §2.7: rotate by 5°, 0.2° with a modifier key)', () => {
  it.each([
    [0, true, false, 5],
    [0, false, false, -5],
    [0, true, true, 0.2],
    [10.4, false, true, 10.2],
    [178, true, false, -177],
    [-178, false, false, 177],
    [175, true, false, 180],
    [-175, false, false, 180],
    [180, true, false, -175],
    [359, true, false, 4],
  ])('%f turned clockwise %s (fine %s) → %f', (bearing, clockwise, fine, expected) => {
    expect(rotatePlanBearing(bearing, clockwise, fine)).toBe(expected);
  });

  it('does not drift after fifty fine steps', () => {
    let bearing = 0;
    for (let i = 0; i < 50; i++) bearing = rotatePlanBearing(bearing, true, true);
    expect(bearing).toBe(10);
  });

  it('never answers -0', () => {
    expect(Object.is(rotatePlanBearing(0.2 - 1e-12, false, true), 0)).toBe(true);
  });
});
