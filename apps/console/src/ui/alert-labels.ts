import { DANGER_REASON_LABELS, type Alert } from '@vigil/domain';

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

export const alertStateLabel = (state: string) => capitalise(state);
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
