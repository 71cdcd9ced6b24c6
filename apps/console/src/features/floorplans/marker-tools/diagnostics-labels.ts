import {
  diagnosticsChecks,
  markerGatewayOf,
  type DiagnosticsPercents,
  type GatewayMetrics,
  type LngLat,
} from '@vigil/domain';
import type { FloorGateway } from '../gateway-markers';

// SPEC §2.7 diagnostics toggle, §3 Gateway state.diagnostics, §9 thresholds: each gateway's button,
// coverage and floor percentages beside its marker. The 24-hour metrics (GET metrics/gateways) when
// the server has readings, else the last ones the gateway reported (the domain's markerGatewayOf).

const CHECKS = ['button', 'coverage', 'floor'] as const;
const SHORT = { button: 'B', coverage: 'C', floor: 'F' } as const;

/** What one gateway's diagnostics label says, and whether every check passes (SPEC §9). */
export type DiagnosticsLabel = {
  id: string;
  lngLat: LngLat;
  /** Compact, for the map: 'B 100% · C 96% · F 74%'. */
  text: string;
  /** In words, for assistive technology and the tooltip. */
  description: string;
  /** 'pass' when all three pass, 'fail' when one fails, 'none' without readings. */
  verdict: 'pass' | 'fail' | 'none';
};

/** A percentage as the gateway detail writes it: one decimal at most, '—' when unknown. */
export function percentText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value * 10) / 10}%` : '—';
}

/** The percentages to show: the metrics' when any check has readings, else the gateway's last report. */
export function diagnosticsOf(
  row: FloorGateway,
  metrics: GatewayMetrics | undefined,
  now: Date,
): DiagnosticsPercents | null {
  const hasReadings = metrics && CHECKS.some((check) => metrics[check].percent !== null);
  return markerGatewayOf(row.gateway, now, hasReadings ? metrics : null).diagnostics ?? null;
}

/** The label of one gateway from its percentages (null: it has reported none). */
export function diagnosticsLabel(
  row: Pick<FloorGateway, 'gateway' | 'marker'>,
  percents: DiagnosticsPercents | null,
): DiagnosticsLabel {
  const { id } = row.gateway;
  const base = { id, lngLat: row.marker.lngLat };
  const known = percents !== null && CHECKS.some((check) => typeof percents[check] === 'number');
  if (!percents || !known) {
    return {
      ...base,
      text: 'No diagnostics',
      description: `${id}: no diagnostics reported`,
      verdict: 'none',
    };
  }
  const checks = diagnosticsChecks(percents);
  const text = CHECKS.map((check) => `${SHORT[check]} ${percentText(percents[check])}`).join(' · ');
  const words = CHECKS.map(
    (check) => `${check} ${percentText(percents[check])} (${checks[check] ? 'passes' : 'fails'})`,
  ).join(', ');
  const verdict = CHECKS.every((check) => checks[check]) ? 'pass' : 'fail';
  return { ...base, text, description: `${id} diagnostics: ${words}`, verdict };
}

/** Every shown gateway's label, metrics looked up by gateway id. */
export function diagnosticsLabels(
  rows: readonly FloorGateway[],
  metrics: readonly GatewayMetrics[] | undefined,
  now: Date,
): DiagnosticsLabel[] {
  const byId = new Map((metrics ?? []).map((m) => [m.gateway, m]));
  return rows.map((row) => diagnosticsLabel(row, diagnosticsOf(row, byId.get(row.gateway.id), now)));
}
