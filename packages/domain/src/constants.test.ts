import { describe, it, expect } from 'vitest';
import * as c from './constants';
import { SKU_CODES } from './enums';

describe('SPEC §9 constants carry the numbers of the spec', () => {
  it.each([
    // Battery
    ['battery healthy >= 2800 mV', c.BATTERY_HEALTHY_MIN_MV, 2800],
    ['battery low from 2600 mV', c.BATTERY_LOW_MIN_MV, 2600],
    ['battery depleted from 0 mV', c.BATTERY_DEPLETED_MIN_MV, 0],
    ['low battery estimated under 3 months', c.BATTERY_LOW_ESTIMATE_MONTHS, 3],
    ['metadata Low from 2700 mV', c.BATTERY_METADATA_LOW_MIN_MV, 2700],
    ['unflag above 2800 mV (§4)', c.UNFLAG_BATTERY_ABOVE_MV, 2800],
    // Time
    ['two months = 60 days', c.TWO_MONTHS_DAYS, 60],
    ['one day = 86,400,000 ms', c.DAY_MS, 86_400_000],
    ['two months in ms', c.TWO_MONTHS_MS, 60 * 86_400_000],
    ['alert refresh failed after 10 s', c.ALERT_REFRESH_FAILED_AFTER_MS, 10_000],
    ['acknowledgement 30 s', c.ACK_HOLD_MS, 30_000],
    ['error-report debounce 10 s', c.ERROR_REPORT_DEBOUNCE_MS, 10_000],
    ['console name refresh 60 s', c.CONSOLE_NAME_REFRESH_MS, 60_000],
    ['mobile login QR lifetime 60 s', c.MOBILE_LOGIN_QR_LIFETIME_S, 60],
    ['distribution-station timeout 1 hour', c.DISTRIBUTION_STATION_TIMEOUT_MS, 3_600_000],
    ['alert refresh dispatch 2 s', c.ALERT_REFRESH_MS, 2000],
    ['heartbeat 60 s', c.HEARTBEAT_MS, 60_000],
    ['build hash check 60 s', c.BUILD_HASH_CHECK_MS, 60_000],
    ['snapshot debounce 1 s', c.SNAPSHOT_DEBOUNCE_MS, 1000],
    ['snapshots buffered up to 100 (§7)', c.SNAPSHOT_BUFFER_MAX, 100],
    ['idle timeout 840 s', c.IDLE_TIMEOUT_S, 840],
    ['idle countdown 60 s', c.IDLE_COUNTDOWN_S, 60],
    ['idle total 900 s', c.IDLE_TOTAL_S, 900],
    ['signature check 30 s', c.SIGNATURE_CHECK_MS, 30_000],
    ['signature valid 30 min', c.SIGNATURE_VALID_MS, 1_800_000],
    ['marker refresh 5 s', c.MARKER_REFRESH_MS, 5000],
    ['API timeout 30 s', c.API_TIMEOUT_MS, 30_000],
    ['chunk load timeout 120 s', c.CHUNK_LOAD_TIMEOUT_MS, 120_000],
    ['plan upload timeout 600 s', c.PLAN_UPLOAD_TIMEOUT_MS, 600_000],
    ['token refresh timeout 60 s', c.TOKEN_REFRESH_TIMEOUT_MS, 60_000],
    ['plan job polled each second (§7)', c.PLAN_JOB_POLL_MS, 1000],
    ['CSV danger notice 5 s (§8)', c.CSV_ERROR_NOTICE_MS, 5000],
    ['diagnostics over 24 h', c.DIAGNOSTICS_WINDOW_HOURS, 24],
    // Paging and lists
    ['batch chunk and page limit 500', c.PAGE_LIMIT, 500],
    ['ids fetched in chunks of 500', c.FETCH_CHUNK_SIZE, 500],
    ['at most 500 gateways per load', c.MAX_GATEWAYS_PER_LOAD, 500],
    ['at most 500 markers per load', c.MAX_MARKERS_PER_LOAD, 500],
    ['page sizes 10, 25, 50, 100, 200', c.PAGE_SIZES, [10, 25, 50, 100, 200]],
    ['default page size 10', c.DEFAULT_PAGE_SIZE, 10],
    ['zone trees 200', c.ZONE_TREE_PAGE, 200],
    ['CSV 500 per page', c.CSV_PAGE, 500],
    ['CSV max 100000 rows', c.CSV_MAX_ROWS, 100_000],
    ['debounce 200 ms', c.DEBOUNCE_MS, 200],
    ['suggestion lists at most 10', c.SUGGESTION_MAX, 10],
    ['generic suggest needs 2 characters (§5)', c.SUGGEST_MIN_CHARS, 2],
    ['MAC suggestions after 4 characters', c.MAC_SUGGEST_MIN_CHARS, 4],
    ['MAC suggestions at most 20', c.MAC_SUGGEST_MAX, 20],
    ['people search limit 20 (§7)', c.PEOPLE_SEARCH_LIMIT, 20],
    // Devices
    ['MAC length 12', c.MAC_LENGTH, 12],
    ['disconnected after 2 days', c.DISCONNECTED_THRESHOLD_DAYS, 2],
    ['disconnected threshold in ms', c.DISCONNECTED_THRESHOLD_MS, 2 * 86_400_000],
    ['diagnostics thresholds', c.DIAGNOSTICS_PASS_PERCENT, { button: 90, coverage: 90, floor: 51 }],
    ['reboot reason 9 is power', c.REBOOT_REASON_POWER, 9],
    ['coverage radius', c.COVERAGE_RADIUS_M, { indoor: 16, garage: 32, outdoor: 64 }],
    ['bridge coverage radius 0', c.BRIDGE_COVERAGE_RADIUS_M, 0],
    ['nodes NODE0, NODE1', c.NODE_SKUS, ['NODE0', 'NODE1']],
    ['bridges GWL0, GWL1', c.BRIDGE_SKUS, ['GWL0', 'GWL1']],
    ['outdoor tracker radius 16', c.OUTDOOR_TRACKER_RADIUS_M, 16],
    ['outdoor tracker zoom 18', c.OUTDOOR_TRACKER_ZOOM, 18],
    ['Android badge scan duration 1000', c.ANDROID_BADGE_SCAN_DURATION_MS, 1000],
    [
      'box quantity by SKU',
      c.BOX_QUANTITY_BY_SKU,
      { TAG3: 20, TAG5: 20, TAG7: 20, WEAR1: 20, TAG6: 50, GW2: 5, GWL1: 1, NODE1: 1 },
    ],
    [
      'box count by SKU',
      c.BOX_COUNT_BY_SKU,
      { TAG3: 10, TAG5: 10, TAG7: 10, WEAR1: 10, TAG6: 4, GW2: 20, GWL1: 6, NODE1: 6 },
    ],
    ['orderable SKUs', c.ORDERABLE_SKUS, ['GW2', 'GWL1', 'TAG5', 'TAG7', 'NODE1', 'GWC', 'GWG', 'DSK']],
    ['firmware keys', c.FIRMWARE_KEYS, { indoor: ['GW2', 'GW2_ff', 'GW5'], outdoor: ['NODE1', 'GWL1'] }],
    // Map
    ['zoom from 1', c.MAP_MIN_ZOOM, 1],
    ['zoom to 22', c.MAP_MAX_ZOOM, 22],
    ['plan tile size 256', c.PLAN_TILE_SIZE_PX, 256],
    ['plan zoom from 18', c.PLAN_MIN_ZOOM, 18],
    ['plan zoom to 22', c.PLAN_MAX_ZOOM, 22],
    ['default zoom 20', c.DEFAULT_ZOOM, 20],
    ['single tracker zoom 21', c.SINGLE_TRACKER_ZOOM, 21],
    ['GPS or asset tracker zoom 19', c.GPS_ASSET_TRACKER_ZOOM, 19],
    ['focus zoom 20', c.FOCUS_TRACKER_ZOOM, 20],
    ['m² to ft² 10.76391041671', c.SQ_M_TO_SQ_FT, 10.76391041671],
    ['marker density per 1000 ft²', c.MARKER_DENSITY_AREA_SQ_FT, 1000],
    ['address search in the US', c.ADDRESS_SEARCH_COUNTRY, 'US'],
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
    // Dates and locale
    [
      'date presets',
      c.DATE_PRESETS,
      [
        'Today',
        'Last 7 days',
        'Last 30 days',
        'This Week',
        'Last Week',
        'This Month',
        'Last Month',
        'This Year',
        'Last Year',
      ],
    ],
    ['default range from the previous day', c.DEFAULT_DATE_RANGE_DAYS_BACK, 1],
    ['phone default region US', c.PHONE_DEFAULT_REGION, 'US'],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('offers the six US CSV time zones with IANA names', () => {
    expect(c.CSV_TIME_ZONES.map((z) => z.label)).toEqual([
      'Hawaii',
      'Alaska',
      'Pacific',
      'Mountain',
      'Central',
      'Eastern',
    ]);
    for (const { timeZone } of c.CSV_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone })).not.toThrow();
    }
  });
});

describe('SPEC §9 constants are consistent with each other and with §3', () => {
  it('default page size is one of the choices', () => {
    expect(c.PAGE_SIZES).toContain(c.DEFAULT_PAGE_SIZE);
  });

  it('orderable and boxed SKUs are SKU codes of §3', () => {
    const skus: readonly string[] = SKU_CODES;
    for (const sku of [
      ...c.ORDERABLE_SKUS,
      ...Object.keys(c.BOX_QUANTITY_BY_SKU),
      ...Object.keys(c.BOX_COUNT_BY_SKU),
    ]) {
      expect(skus).toContain(sku);
    }
    expect(Object.keys(c.BOX_COUNT_BY_SKU).sort()).toEqual(Object.keys(c.BOX_QUANTITY_BY_SKU).sort());
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

  it('battery thresholds are ordered depleted < low < metadata low < healthy', () => {
    expect(c.BATTERY_DEPLETED_MIN_MV).toBeLessThan(c.BATTERY_LOW_MIN_MV);
    expect(c.BATTERY_LOW_MIN_MV).toBeLessThan(c.BATTERY_METADATA_LOW_MIN_MV);
    expect(c.BATTERY_METADATA_LOW_MIN_MV).toBeLessThan(c.BATTERY_HEALTHY_MIN_MV);
  });
});
