import { useMemo } from 'react';
import { NativeSelect, Switch } from '@mantine/core';
import type { AnalyticsParams } from '../../api/analytics';
import { useReportFilters } from '../../ui/report-filters';
import type { Interval } from './format';

// The analytics screens' own options, beside the zone and range of the shared ReportFilters bar;
// each reads and writes its query parameter (?includeTest=true, ?interval=week) like the rest.

const INTERVALS: readonly Interval[] = ['day', 'week', 'month'];

const INTERVAL_OPTIONS = [
  { value: '', label: 'Automatic' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/**
 * The URL's zone, range and analytics options as the API's query (analyticsQuerySchema: the days as
 * ISO date-times with their offset), the same object while the URL does not change. `interval`
 * null lets the server choose by the range's length; an unknown one in the URL reads as null.
 */
export function useAnalyticsParams() {
  const filters = useReportFilters();
  return useMemo(() => {
    const includeTest = filters.flag('includeTest');
    const asked = filters.get('interval');
    const interval = INTERVALS.find((i) => i === asked) ?? null;
    const params: AnalyticsParams = {
      ...filters.query,
      ...(includeTest ? { includeTest: true } : {}),
      ...(interval ? { interval } : {}),
    };
    return { filters, includeTest, interval, params };
  }, [filters]);
}

/** How the incidents series is bucketed: day, week or month, or the server's choice. */
export function IntervalSelect({ value }: { value: Interval | null }) {
  const filters = useReportFilters();
  return (
    <NativeSelect
      label="Group by"
      data={INTERVAL_OPTIONS}
      value={value ?? ''}
      onChange={(e) => filters.set({ interval: e.currentTarget.value || null })}
    />
  );
}

/** Whether test alerts count (the API leaves them out unless asked). */
export function IncludeTestSwitch({ value }: { value: boolean }) {
  const filters = useReportFilters();
  return (
    <Switch
      label="Include test alerts"
      checked={value}
      onChange={(e) => filters.set({ includeTest: e.currentTarget.checked })}
      mb={8}
    />
  );
}
