import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 battery constants', () => {
  it.each([
    ['battery healthy >= 2800 mV', c.BATTERY_HEALTHY_MIN_MV, 2800],
    ['battery low from 2600 mV', c.BATTERY_LOW_MIN_MV, 2600],
    ['battery depleted from 0 mV', c.BATTERY_DEPLETED_MIN_MV, 0],
    ['low battery estimated under 3 months', c.BATTERY_LOW_ESTIMATE_MONTHS, 3],
    ['metadata Low from 2700 mV', c.BATTERY_METADATA_LOW_MIN_MV, 2700],
    ['unflag above 2800 mV (§4)', c.UNFLAG_BATTERY_ABOVE_MV, 2800],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('battery thresholds are ordered depleted < low < metadata low < healthy', () => {
    expect(c.BATTERY_DEPLETED_MIN_MV).toBeLessThan(c.BATTERY_LOW_MIN_MV);
    expect(c.BATTERY_LOW_MIN_MV).toBeLessThan(c.BATTERY_METADATA_LOW_MIN_MV);
    expect(c.BATTERY_METADATA_LOW_MIN_MV).toBeLessThan(c.BATTERY_HEALTHY_MIN_MV);
  });
});
