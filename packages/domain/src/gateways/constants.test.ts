import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 gateway constants', () => {
  it.each([
    ['disconnected after 2 days', c.DISCONNECTED_THRESHOLD_DAYS, 2],
    ['disconnected threshold in ms', c.DISCONNECTED_THRESHOLD_MS, 2 * 86_400_000],
    ['diagnostics thresholds', c.DIAGNOSTICS_PASS_PERCENT, { button: 90, coverage: 90, floor: 51 }],
    ['diagnostics over 24 h', c.DIAGNOSTICS_WINDOW_HOURS, 24],
    ['reboot reason 9 is power', c.REBOOT_REASON_POWER, 9],
    ['coverage radius', c.COVERAGE_RADIUS_M, { indoor: 16, garage: 32, outdoor: 64 }],
    ['bridge coverage radius 0', c.BRIDGE_COVERAGE_RADIUS_M, 0],
    ['nodes NODE0, NODE1', c.NODE_SKUS, ['NODE0', 'NODE1']],
    ['bridges GWL0, GWL1', c.BRIDGE_SKUS, ['GWL0', 'GWL1']],
    [
      'marker labels',
      c.MARKER_LABELS,
      ['guard', 'behind TV', 'under desk', 'stool', 'red outlet', 'high outlet', "6' ladder"],
    ],
    [
      'outdoor marker labels',
      c.OUTDOOR_MARKER_LABELS,
      ['courtyard', 'ramp down', 'ramp up', 'stairwell', 'flat mount', 'side mount'],
    ],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
