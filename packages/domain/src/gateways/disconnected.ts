import { DISCONNECTED_THRESHOLD_MS } from './constants';

/**
 * SPEC §9: a gateway is disconnected when its last update is older than the threshold (default 2 days).
 * Exactly at the threshold it still counts as connected; no (or an unreadable) last update is disconnected.
 */
export function isGatewayDisconnected(
  updatedAt: Date | string | number | null | undefined,
  now: Date,
  thresholdMs: number = DISCONNECTED_THRESHOLD_MS,
): boolean {
  if (updatedAt == null) return true;
  const last = new Date(updatedAt).getTime();
  if (Number.isNaN(last)) return true;
  return now.getTime() - last > thresholdMs;
}
