import { DIAGNOSTICS_PASS_PERCENT } from './constants';

export type DiagnosticsCheck = keyof typeof DIAGNOSTICS_PASS_PERCENT;

/** Percentages over the last 24 h, e.g. the `percent` of each gateway metric (SPEC §3). */
export type DiagnosticsPercents = Partial<Record<DiagnosticsCheck, number | null>>;

/** SPEC §9: each check passes at or above its threshold (button 90, coverage 90, floor 51); a missing value fails. */
export function diagnosticsChecks(percents: DiagnosticsPercents): Record<DiagnosticsCheck, boolean> {
  const passes = (check: DiagnosticsCheck) => {
    const value = percents[check];
    return typeof value === 'number' && value >= DIAGNOSTICS_PASS_PERCENT[check];
  };
  return { button: passes('button'), coverage: passes('coverage'), floor: passes('floor') };
}

/** SPEC §4, §9: diagnostics pass when button, coverage and floor all pass. */
export function diagnosticsPass(percents: DiagnosticsPercents | null | undefined): boolean {
  if (!percents) return false;
  const checks = diagnosticsChecks(percents);
  return checks.button && checks.coverage && checks.floor;
}
