import dayjs from 'dayjs';
import { INCIDENT_QUESTIONS, alertModeLabel, type IncidentQuestionId } from '@vigil/domain';

/** A duration in seconds as people say it: '42 s', '3 min 5 s', '2 h 10 min', '1 d 4 h'; '—' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.round(seconds);
  if (s === 0 && seconds > 0) return '< 1 s';
  if (s < 60) return `${s} s`;
  if (s < 3600) return joined(Math.floor(s / 60), 'min', s % 60, 's');
  const minutes = Math.round(s / 60);
  if (minutes < 24 * 60) return joined(Math.floor(minutes / 60), 'h', minutes % 60, 'min');
  const hours = Math.round(s / 3600);
  return joined(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

/** A duration short enough for a chart's axis, in its largest unit: '42 s', '4 min', '1.5 h', '2 d'. */
export function formatDurationTick(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${+(seconds / 3600).toFixed(1)} h`;
  return `${+(seconds / 86_400).toFixed(1)} d`;
}

function joined(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;
}

/** A histogram bucket of RESPONSE_BUCKETS_S in words: '30 s to 1 min', or '24 h or more' for the open last one. */
export function bucketLabel(bucket: { fromS: number; upToS: number | null }): string {
  return bucket.upToS === null
    ? `${formatDuration(bucket.fromS)} or more`
    : `${formatDuration(bucket.fromS)} to ${formatDuration(bucket.upToS)}`;
}

export type Interval = 'day' | 'week' | 'month';

/** A series' period (its first local day, YYYY-MM-DD) as a reader names it. */
export function periodLabel(period: string, interval: Interval): string {
  const day = dayjs(period);
  if (!day.isValid()) return period;
  if (interval === 'month') return day.format('MMMM YYYY');
  if (interval === 'week') return `Week of ${day.format('MMM D, YYYY')}`;
  return day.format('MMM D, YYYY');
}

/** The same period, short enough for a chart's axis. */
export function periodTick(period: string, interval: Interval): string {
  const day = dayjs(period);
  if (!day.isValid()) return period;
  return day.format(interval === 'month' ? 'MMM YYYY' : 'MMM D');
}

/** An incident detail's answer as the questionnaire of SPEC §5 labels it. */
export function detailLabel(question: IncidentQuestionId, value: string): string {
  const options = INCIDENT_QUESTIONS.find((q) => q.id === question)?.options ?? [];
  return options.find((o) => o.value === value)?.label ?? value;
}

/** A mode's name ('Help', 'Danger', 'Test'). */
export const modeLabel = alertModeLabel;

/** A count as a reader expects it, with thousands separators. */
export const count = (n: number) => n.toLocaleString('en-US');

/** A share of a total as a whole percentage ('12%'); '0%' of nothing. */
export function share(part: number, total: number): string {
  return total > 0 ? `${Math.round((part / total) * 100)}%` : '0%';
}
