import type { GatewayConfig, GatewayMetrics } from '../gateways/contract';
import type { DiagnosticsPercents } from '../gateways/diagnostics';
import { gatewayStatus } from '../gateways/edit';
import type { MarkerGateway } from '../gateways/marker-colour';

// SPEC §4 Gateway on the map: the marker colour rule (gateways' markerColour) reads a MarkerGateway;
// this builds one from a gateway as the API answers it, with the gateways' own status rule.

type StateView = {
  status?: unknown;
  adminMode?: unknown;
  version?: { isSafeMode?: unknown } | null;
  debug?: { rebootInfo?: { lastResetReason?: unknown } | null } | null;
  diagnostics?: Record<string, unknown> | null;
};

/**
 * SPEC §3 Gateway, §4, §9: what the marker colour reads of a gateway. Its status is 'disconnected' when
 * the gateways' status rule says so (no report, or none for longer than the threshold), so the map and
 * the gateway list agree. Diagnostics are the 24-hour metrics when given, else the last reported ones.
 */
export function markerGatewayOf(
  gateway: { config: GatewayConfig; state: Record<string, unknown> },
  now: Date,
  metrics?: Pick<GatewayMetrics, 'button' | 'coverage' | 'floor'> | null,
): MarkerGateway {
  const state = gateway.state as StateView;
  const disconnected = gatewayStatus(gateway.state, now) === 'disconnected';
  const reason = state.debug?.rebootInfo?.lastResetReason;
  return {
    status: disconnected ? 'disconnected' : (state.status as string),
    configState: gateway.config.state ?? 'unknown',
    sku: gateway.config.logistics?.sku ?? null,
    isSafeMode: state.version?.isSafeMode === true,
    adminMode: state.adminMode === true,
    lastResetReason: typeof reason === 'number' || typeof reason === 'string' ? reason : null,
    diagnostics: metrics ? percentsOfMetrics(metrics) : percentsOfState(state.diagnostics),
  };
}

function percentsOfMetrics(
  metrics: Pick<GatewayMetrics, 'button' | 'coverage' | 'floor'>,
): DiagnosticsPercents {
  return { button: metrics.button.percent, coverage: metrics.coverage.percent, floor: metrics.floor.percent };
}

function percentsOfState(
  diagnostics: Record<string, unknown> | null | undefined,
): DiagnosticsPercents | null {
  if (!diagnostics) return null;
  const percent = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    button: percent(diagnostics.button),
    coverage: percent(diagnostics.coverage),
    floor: percent(diagnostics.floor),
  };
}
