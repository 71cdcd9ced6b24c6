import { DANGER_REASON_LABELS } from './enums';
import type { Alert } from './contract';

// How an alert reads to a person, on the console and in the notifications it sends (issue 16).

/** Who pressed: the tag owner's name, else the remote person's, else the tag's label or id. */
export function alertPersonName(alert: Pick<Alert, 'tag' | 'remote'>): string {
  return alert.tag.owner?.name ?? alert.remote?.person.name ?? alert.tag.label ?? `Tag ${alert.tag.id}`;
}

/**
 * Where: the location's zone path below the organisation (every zone of a console is in it), e.g.
 * 'Main site › Building A › Ward 3'.
 */
export function alertLocationPath(location: Alert['location']): string {
  if (!location) return 'Unknown location';
  const below = location.path.filter((zone) => zone.level !== 'root' && zone.level !== 'org');
  const names = below.map((zone) => zone.name);
  if (location.path.at(-1)?.id !== location.id) names.push(location.name);
  return names.length > 0 ? names.join(' › ') : location.name;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A stored state as a word: 'Created', 'Notified', 'Escalated', 'Closed' (the log's State filter). */
export const alertStateLabel = (state: string) => capitalise(state);

/**
 * What a user sees as an alert's status. The stored state (SPEC §4) does not change when someone
 * acknowledges, but whether someone is on it is what a responder needs, so an acknowledged open
 * alert reads 'Acknowledged' (by whom, when) whatever its state; a closed one reads 'Closed' (by
 * whom, when); an open, unacknowledged one reads its state ('Created', 'Notified', 'Escalated').
 */
export type AlertStatus = {
  label: 'Created' | 'Notified' | 'Escalated' | 'Acknowledged' | 'Closed';
  /** Who acknowledged or closed it; null while nobody has, or when the system did. */
  by: string | null;
  /** When it was acknowledged or closed (ISO); null for an open, unacknowledged alert. */
  at: string | null;
};

type StatusFields = Pick<
  Alert,
  'state' | 'acknowledged' | 'acknowledgedAt' | 'acknowledgedBy' | 'closedAt' | 'closedBy'
>;

const OPEN_LABELS = { created: 'Created', notified: 'Notified', escalated: 'Escalated' } as const;

/** The one rule for an alert's visible status (card, detail and log); the API's `state` is unchanged. */
export function alertStatus(alert: StatusFields): AlertStatus {
  if (alert.state === 'closed')
    return { label: 'Closed', by: alert.closedBy?.name ?? null, at: alert.closedAt };
  if (alert.acknowledged) {
    return { label: 'Acknowledged', by: alert.acknowledgedBy?.name ?? null, at: alert.acknowledgedAt };
  }
  return { label: OPEN_LABELS[alert.state], by: null, at: null };
}

/** The status as one line: 'Acknowledged by Sam Responder, 6/1/2026, 10:00:20 AM'; 'Notified'. */
export function alertStatusText(
  status: AlertStatus,
  formatTime: (iso: string) => string = (iso) => new Date(iso).toLocaleString(),
): string {
  const by = status.by ? ` by ${status.by}` : '';
  const at = status.at ? `, ${formatTime(status.at)}` : '';
  return `${status.label}${by}${at}`;
}
export const alertModeLabel = (mode: string) => capitalise(mode);

/** SPEC §3 danger reasons as shown: 'Active shooter', 'Dangerous emergency'. */
export function dangerReasonLabel(reason: Alert['dangerReason']): string {
  return DANGER_REASON_LABELS[reason ?? 'other'];
}

/** An alert's age as a short live text: '45 s', '2 min', '1 h 5 min', '2 d 3 h'. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
