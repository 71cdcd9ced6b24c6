import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { defaultDateRange, type DateRange } from '../../ui/date-presets';

/** The alert log's filters: a range of days, a zone, a state and a mode. */
export type AlertLogFilters = {
  range: DateRange;
  zone: string | null;
  state: string | null;
  mode: string | null;
};

const DAY = 'YYYY-MM-DD';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && ISO_DAY.test(value) ? dayjs(value) : null);

function rangeOf(from: string | null, to: string | null): DateRange {
  const start = day(from);
  const end = day(to);
  if (!start?.isValid() || !end?.isValid() || end.isBefore(start)) return defaultDateRange(new Date());
  return [start.startOf('day').toDate(), end.endOf('day').toDate()];
}

/** The filters, kept in the URL (?from=&to=&zone=&state=&mode=) so a filtered log can be shared. */
export function useAlertLogFilters() {
  const [query, setQuery] = useSearchParams();
  const from = query.get('from');
  const to = query.get('to');
  const filters = useMemo<AlertLogFilters>(
    () => ({
      range: rangeOf(from, to),
      zone: query.get('zone'),
      state: query.get('state'),
      mode: query.get('mode'),
    }),
    [from, to, query],
  );

  const update = useCallback(
    (patch: Partial<AlertLogFilters>) => {
      const next = new URLSearchParams(query);
      const set = (key: string, value: string | null | undefined) =>
        value ? next.set(key, value) : next.delete(key);
      if (patch.range) {
        set('from', dayjs(patch.range[0]).format(DAY));
        set('to', dayjs(patch.range[1]).format(DAY));
      }
      if ('zone' in patch) set('zone', patch.zone);
      if ('state' in patch) set('state', patch.state);
      if ('mode' in patch) set('mode', patch.mode);
      setQuery(next, { replace: true });
    },
    [query, setQuery],
  );
  return [filters, update] as const;
}

/**
 * The list request's parameters for these filters: `where` with createdAt between the days, state
 * and mode (docs/API.md list contract), and `zone` for the zone's whole subtree.
 */
export function alertLogParams(filters: AlertLogFilters): { where: string; zone?: string } {
  const where: Record<string, unknown> = {
    createdAt: { $gte: filters.range[0].toISOString(), $lte: filters.range[1].toISOString() },
  };
  if (filters.state) where.state = filters.state;
  if (filters.mode) where.mode = filters.mode;
  return { where: JSON.stringify(where), ...(filters.zone ? { zone: filters.zone } : {}) };
}
