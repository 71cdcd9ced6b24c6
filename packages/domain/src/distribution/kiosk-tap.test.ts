import { describe, expect, it } from 'vitest';
import { isKioskTap, tapPatternOf } from './kiosk-tap';

const press = (at: number, down = 150, tapDelta = 0) => ({
  buttonPress: at,
  buttonRelease: at + down,
  tapDelta,
});
const single = [press(0)];
const double = [press(0), press(600, 150, 450)];
const slowDouble = [press(0), press(1000, 150, 850)];
const held = [press(0, 3500)];

describe('tapPatternOf (issue 21: the tap patterns of SPEC §3 tag scan modes)', () => {
  it.each([
    ['one short press', single, 'singleTap'],
    ['two quick presses', double, 'doubleTap'],
    ['two presses 850 ms apart', slowDouble, null],
    ['a press held 3.5 s', held, null],
    ['a quick press then a held one', [press(0), press(600, 3500, 450)], null],
    ['three quick presses (active shooter)', [press(0), press(600, 150, 450), press(1200, 150, 450)], null],
    ['no press', [], null],
  ] as const)('%s → %s', (_what, events, pattern) => {
    expect(tapPatternOf(events)).toBe(pattern);
  });
});

describe('isKioskTap (issue 21: a kiosk tap is not a help request; everything else still alerts)', () => {
  const base = {
    stationScanMode: 'singleTap',
    tagState: 'available',
    hasOpenAlert: false,
    events: single,
  } as const;
  it.each([
    ['an available tag tapped once at a singleTap station', {}, true],
    ['a ready_for_return tag', { tagState: 'ready_for_return' }, true],
    ['a reserved tag', { tagState: 'reserved' }, true],
    ['a deployed tag: someone may need help', { tagState: 'deployed' }, false],
    ['a tag of unknown state', { tagState: null }, false],
    ['a tag with an open alert', { hasOpenAlert: true }, false],
    ['a gateway that is no station’s', { stationScanMode: null }, false],
    ['a qrCode station', { stationScanMode: 'qrCode' }, false],
    ['a station with tapping off', { stationScanMode: 'off' }, false],
    ['a double tap at a singleTap station', { events: double }, false],
    ['a double tap at a doubleTap station', { stationScanMode: 'doubleTap', events: double }, true],
    ['a single tap at a doubleTap station', { stationScanMode: 'doubleTap' }, false],
    ['a held press (danger) at the station', { events: held }, false],
  ] as const)('%s → %s', (_what, change, expected) => {
    expect(isKioskTap({ ...base, ...change })).toBe(expected);
  });
});
