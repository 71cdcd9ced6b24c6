import { VISIT_STATE_LABELS, localDay, type VisitState } from '@vigil/domain';

// How a home visit reads on the console (issue 20).

/** Badge colours of a visit's state, dark enough for white text (app/theme.ts). */
export const VISIT_STATE_COLOURS: Record<VisitState, string> = {
  planned: 'blue.8',
  'in-progress': 'green',
  overdue: 'red.8',
  done: 'gray.7',
  cancelled: 'gray.7',
};

export const visitStateLabel = (state: VisitState) => VISIT_STATE_LABELS[state];

const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const day = (d: Date) =>
  d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The planned times: 'Thu 26 Nov, 09:00–10:00' (the end's day too when it is another). */
export function plannedText(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const sameDay = start.toDateString() === end.toDateString();
  return `${day(start)}, ${time(start)}–${sameDay ? '' : `${day(end)}, `}${time(end)}`;
}

/** A `datetime-local` input's value for an instant, in the browser's time zone. */
export function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Today as YYYY-MM-DD, the day filter's default: the organisation's day (its time zone, as the
 * server counts the filter's day), else the browser's.
 */
export const todayText = (now: Date, timeZone?: string) =>
  timeZone ? localDay(now, timeZone) : localInputValue(now).slice(0, 10);
