import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 distribution kiosk constants', () => {
  it.each([
    ['distribution-station timeout 1 hour', c.DISTRIBUTION_STATION_TIMEOUT_MS, 3_600_000],
    ['Android badge scan duration 1000', c.ANDROID_BADGE_SCAN_DURATION_MS, 1000],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
