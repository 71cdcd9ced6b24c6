import { describe, it, expect } from 'vitest';
import type { GatewayConfig, GatewayMetrics } from '../gateways/contract';
import { markerColour } from '../gateways/marker-colour';
import { markerGatewayOf } from './marker-gateway';

const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const passing = { button: 95, coverage: 92, floor: 60 };
const realTime = { editMode: false, canReadRealTimeStatus: true, canReadStatus: true };
const metric = (percent: number | null) => ({ percent, total: 10, count: 9 });
const metricsOf = (button: number | null): Pick<GatewayMetrics, 'button' | 'coverage' | 'floor'> => ({
  button: metric(button),
  coverage: metric(95),
  floor: metric(60),
});

function row(state: Record<string, unknown> = {}, config: GatewayConfig = {}) {
  return {
    config: { state: 'deployed', logistics: { sku: 'GW2' }, ...config } as GatewayConfig,
    state: { status: 'connected', updatedAt: ago(HOUR), diagnostics: passing, ...state },
  };
}

describe('markerGatewayOf: a gateway as the marker colour reads it (SPEC §4 Gateway on the map, §9)', () => {
  it('reads SPEC §3 state and config', () => {
    const gateway = row({
      version: { isSafeMode: false },
      adminMode: false,
      debug: { rebootInfo: { lastResetReason: 3 } },
    });
    expect(markerGatewayOf(gateway, now)).toEqual({
      status: 'connected',
      configState: 'deployed',
      sku: 'GW2',
      isSafeMode: false,
      adminMode: false,
      lastResetReason: 3,
      diagnostics: passing,
    });
  });

  it.each([
    ['connected an hour ago, passing diagnostics', row(), null, 'green'],
    ['silent for exactly the 2-day threshold', row({ updatedAt: ago(2 * DAY) }), null, 'green'],
    ['silent for longer than the 2-day threshold', row({ updatedAt: ago(2 * DAY + 1) }), null, 'red'],
    ['never reported', row({ updatedAt: undefined, status: undefined }), null, 'red'],
    ['says it is disconnected', row({ status: 'disconnected' }), null, 'red'],
    ['rebooted for power (reason 9)', row({ debug: { rebootInfo: { lastResetReason: 9 } } }), null, 'pink'],
    ['updating', row({ status: 'ota_download' }), null, 'blue'],
    ['in safe mode', row({ version: { isSafeMode: true } }), null, 'darkBlue'],
    ['in admin mode', row({ adminMode: true, diagnostics: undefined }), null, 'darkGreen'],
    ['a bridge', row({ diagnostics: undefined }, { logistics: { sku: 'GWL1' } }), null, 'darkGreen'],
    ['failing reported diagnostics', row({ diagnostics: { ...passing, floor: 50 } }), null, 'orange'],
    ['reported diagnostics that are not numbers', row({ diagnostics: { button: '95' } }), null, 'orange'],
    [
      'failing reported but passing 24-hour metrics',
      row({ diagnostics: { button: 1 } }),
      metricsOf(90),
      'green',
    ],
    ['passing reported but failing 24-hour metrics', row(), metricsOf(89), 'orange'],
    ['24-hour metrics with no button presses', row(), metricsOf(null), 'orange'],
    ['ready to deploy', row({}, { state: 'ready_to_deploy' }), null, 'orange'],
  ] as const)('%s → %s', (_case, gateway, metrics, colour) => {
    expect(markerColour(markerGatewayOf(gateway, now, metrics), realTime)).toBe(colour);
  });
});
