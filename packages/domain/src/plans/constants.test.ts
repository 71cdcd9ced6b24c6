import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('SPEC §9 map and plan constants', () => {
  it.each([
    ['zoom from 1', c.MAP_MIN_ZOOM, 1],
    ['zoom to 22', c.MAP_MAX_ZOOM, 22],
    ['plan tile size 256', c.PLAN_TILE_SIZE_PX, 256],
    ['plan zoom from 18', c.PLAN_MIN_ZOOM, 18],
    ['plan zoom to 22', c.PLAN_MAX_ZOOM, 22],
    ['default zoom 20', c.DEFAULT_ZOOM, 20],
    ['single tracker zoom 21', c.SINGLE_TRACKER_ZOOM, 21],
    ['GPS or asset tracker zoom 19', c.GPS_ASSET_TRACKER_ZOOM, 19],
    ['focus zoom 20', c.FOCUS_TRACKER_ZOOM, 20],
    ['outdoor tracker radius 16', c.OUTDOOR_TRACKER_RADIUS_M, 16],
    ['outdoor tracker zoom 18', c.OUTDOOR_TRACKER_ZOOM, 18],
    ['m² to ft² 10.76391041671', c.SQ_M_TO_SQ_FT, 10.76391041671],
    ['marker density per 1000 ft²', c.MARKER_DENSITY_AREA_SQ_FT, 1000],
    ['address search in the US', c.ADDRESS_SEARCH_COUNTRY, 'US'],
    ['at most 500 gateways per load', c.MAX_GATEWAYS_PER_LOAD, 500],
    ['at most 500 markers per load', c.MAX_MARKERS_PER_LOAD, 500],
    ['marker refresh 5 s', c.MARKER_REFRESH_MS, 5000],
    ['plan upload timeout 600 s', c.PLAN_UPLOAD_TIMEOUT_MS, 600_000],
    ['plan job polled each second (§7)', c.PLAN_JOB_POLL_MS, 1000],
    ['signature check 30 s', c.SIGNATURE_CHECK_MS, 30_000],
    ['signature valid 30 min', c.SIGNATURE_VALID_MS, 1_800_000],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('plan zooms sit inside the map zoom range, default zooms inside the plan range', () => {
    expect(c.MAP_MIN_ZOOM).toBeLessThan(c.PLAN_MIN_ZOOM);
    expect(c.PLAN_MAX_ZOOM).toBe(c.MAP_MAX_ZOOM);
    for (const zoom of [
      c.DEFAULT_ZOOM,
      c.SINGLE_TRACKER_ZOOM,
      c.GPS_ASSET_TRACKER_ZOOM,
      c.FOCUS_TRACKER_ZOOM,
    ]) {
      expect(zoom).toBeGreaterThanOrEqual(c.PLAN_MIN_ZOOM);
      expect(zoom).toBeLessThanOrEqual(c.PLAN_MAX_ZOOM);
    }
  });
});
