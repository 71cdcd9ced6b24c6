import { DEFAULT_ESCALATION_DELAY_S } from './lifecycle';

/**
 * SPEC §4 Alerts: the escalation delay a zone inherits: the nearest positive, finite
 * `config.escalationDelayS` from the zone itself up its path to the root, else
 * DEFAULT_ESCALATION_DELAY_S. `pathConfigs` are the configs of the zones on the path, root first,
 * the zone last (undefined for a zone not known).
 */
export function inheritedEscalationDelayS(
  pathConfigs: readonly (Record<string, unknown> | undefined)[],
): number {
  for (let i = pathConfigs.length - 1; i >= 0; i--) {
    const delay = pathConfigs[i]?.escalationDelayS;
    if (typeof delay === 'number' && Number.isFinite(delay) && delay > 0) return delay;
  }
  return DEFAULT_ESCALATION_DELAY_S;
}
