/**
 * The filter bar shared by every report and analytics screen (issue 18): a zone, a range of whole
 * days (SPEC §9 presets, default the previous day to today), and a screen's own options, all kept in
 * the URL query so a link, a reload and Back restore the screen, and a link from one screen to
 * another keeps them.
 *
 * API:
 *
 *   const filters = useReportFilters();
 *     filters.zone       string | null   ?zone=<uuid>; null = the caller's organisation (the API's default)
 *     filters.days       DayRange        ?start=YYYY-MM-DD&end=YYYY-MM-DD, the organisation's calendar days
 *     filters.range      DateRange       the same days as the calendar shows them (the browser's clock)
 *     filters.timeZone   string          the zone the days count in: the organisation's (me.org.timeZone,
 *                                        UTC when it has none), the browser's while no one is signed in
 *     filters.start/end  string          the days' bounds in that zone (domain dayBounds): the first
 *                                        day's midnight and the last day's 23:59:59.999 as ISO
 *                                        datetimes with the zone's offset (what the API takes)
 *     filters.query      {zone?, start, end}   the request parameters of the zone and range
 *     filters.get(key)   string | null   a screen's own option (?periodDays=, ?urgency=, ?interval=…)
 *     filters.flag(key)  boolean         a yes/no option: true when ?<key>=true (e.g. ?includeTest=true)
 *     filters.set(patch) void            patch: {zone?, range?, <option>?: string | number | boolean | null};
 *                                        null/''/false removes an option, true writes 'true'; replaces the
 *                                        history entry; any change but {page} drops ?page= (first page)
 *     filters.search     string          the current query ('zone=…&start=…'), to carry to another screen
 *
 *   reportLink(path, filters.search, {zone: id, timeline: 'overdue'}) → '/reports/…/details?…'
 *     the same range and options, with the patch applied (a count's link to its details, a
 *     location's link to the same screen narrowed to it).
 *
 *   <ReportFilters extra={<NativeSelect … />} actions={<ReportCsvButton … />} maxDate={today} />
 *     the zone picker (with 'Whole organisation' to go back from a chosen zone) and the date range
 *     picker bound to the URL, then `extra` (more fields, each reading and writing its option through
 *     useReportFilters), then `actions` on the right. It reads the URL itself: no value/onChange to pass.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group } from '@mantine/core';
import { dayBounds, defaultDays, isCalendarDay, type DayRange } from '@vigil/domain';
import { useOrgTimeZone } from '../session/org-time-zone';
import { DateRangePicker } from './date-range-picker';
import { browserTimeZone, daysOfRange, rangeOfDays, type DateRange } from './date-presets';
import { ZonePicker } from './zone-picker';

export type ReportFilterValue = string | number | boolean | null | undefined;
/** What `set` changes: the zone, the range, and any of a screen's own options by their query name. */
export type ReportFiltersPatch = { zone?: string | null; range?: DateRange } & Record<
  string,
  ReportFilterValue | DateRange
>;

export type ReportFilterState = {
  zone: string | null;
  days: DayRange;
  range: DateRange;
  timeZone: string;
  start: string;
  end: string;
  query: { zone?: string; start: string; end: string };
  get: (key: string) => string | null;
  flag: (key: string) => boolean;
  set: (patch: ReportFiltersPatch) => void;
  search: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The days the URL names, or SPEC §9's default (the previous day to today in `timeZone`, default
 * the browser's) when it names none, or a broken range.
 */
export function daysFromQuery(
  start: string | null,
  end: string | null,
  now = new Date(),
  timeZone = browserTimeZone(),
): DayRange {
  if (!start || !end || !isCalendarDay(start) || !isCalendarDay(end) || end < start) {
    return defaultDays(now, timeZone);
  }
  return { start, end };
}

/** The range the URL names as the calendar shows it, or SPEC §9's default (see daysFromQuery). */
export function rangeFromQuery(
  start: string | null,
  end: string | null,
  now = new Date(),
  timeZone = browserTimeZone(),
): DateRange {
  return rangeOfDays(daysFromQuery(start, end, now, timeZone));
}

/**
 * Applies a patch to a query: the range as two days, the rest as text; empty values are removed.
 * Any change but the page's own returns the details to their first page (`page` is dropped).
 */
export function patchQuery(query: URLSearchParams | string, patch: ReportFiltersPatch): URLSearchParams {
  const next = new URLSearchParams(query);
  if (!('page' in patch)) next.delete('page');
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'range') {
      const days = daysOfRange(value as DateRange);
      next.set('start', days.start);
      next.set('end', days.end);
    } else if (value === null || value === undefined || value === '' || value === false) {
      next.delete(key);
    } else next.set(key, String(value as string | number | boolean));
  }
  return next;
}

/** A link to `path` with the current query and the patch applied, e.g. a count's details. */
export function reportLink(path: string, search: string, patch: ReportFiltersPatch = {}): string {
  const query = patchQuery(search, patch).toString();
  return query ? `${path}?${query}` : path;
}

/** The report filters of the URL query (see the API at the top of this file). */
export function useReportFilters(): ReportFilterState {
  const [query, setQuery] = useSearchParams();
  const search = query.toString();
  const timeZone = useOrgTimeZone() ?? browserTimeZone();
  const set = useCallback(
    (patch: ReportFiltersPatch) => setQuery((current) => patchQuery(current, patch), { replace: true }),
    [setQuery],
  );
  return useMemo(() => {
    const params = new URLSearchParams(search);
    const zoneParam = params.get('zone');
    const zone = zoneParam && UUID.test(zoneParam) ? zoneParam : null;
    const days = daysFromQuery(params.get('start'), params.get('end'), new Date(), timeZone);
    const { start, end } = dayBounds(days, timeZone);
    return {
      zone,
      days,
      range: rangeOfDays(days),
      timeZone,
      start,
      end,
      query: { ...(zone ? { zone } : {}), start, end },
      get: (key: string) => params.get(key),
      flag: (key: string) => params.get(key) === 'true',
      set,
      search,
    };
  }, [search, set, timeZone]);
}

export type ReportFiltersProps = {
  /** More fields after the zone and range (a screen's own options). */
  extra?: ReactNode;
  /** Buttons on the right, e.g. Download CSV. */
  actions?: ReactNode;
  /** The last day the range may reach: this instant's day in the organisation's zone (none by default). */
  maxDate?: Date;
};

/**
 * The zone picker and the date range picker of a report or analytics screen, bound to the URL
 * query; once a zone is chosen, 'Whole organisation' goes back to the caller's organisation.
 */
export function ReportFilters({ extra, actions, maxDate }: ReportFiltersProps) {
  const filters = useReportFilters();
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Group align="flex-end" gap="md">
        <ZonePicker
          label="Zone"
          placeholder="Whole organisation"
          value={filters.zone}
          onChange={(zone) => filters.set({ zone })}
        />
        {filters.zone && (
          <Button variant="subtle" onClick={() => filters.set({ zone: null })}>
            Whole organisation
          </Button>
        )}
        <DateRangePicker
          value={filters.range}
          onChange={(range) => filters.set({ range })}
          maxDate={maxDate}
          timeZone={filters.timeZone}
        />
        {extra}
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
