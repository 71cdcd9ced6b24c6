import { Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import { useIncidents } from '../../api/analytics';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters, reportLink } from '../../ui/report-filters';
import { IncludeTestSwitch, IntervalSelect, useAnalyticsParams } from './analytics-options';
import { AnalyticsSkeleton, CacheNote } from './analytics-parts';
import { IncidentsReport } from './incidents-report';

/** /analytics/incidents (SPEC §2.1, read Report analytics): alerts over time, by mode, location and details. */
export function IncidentsScreen() {
  const { filters, includeTest, interval, params } = useAnalyticsParams();
  const incidents = useIncidents(params);

  return (
    <Stack>
      <PageHeader
        title="Incidents"
        description="Alerts raised in the chosen days: over time, by mode, by location and by incident details."
      />
      <ReportFilters
        maxDate={new Date()}
        extra={
          <>
            <IntervalSelect value={interval} />
            <IncludeTestSwitch value={includeTest} />
          </>
        }
      />
      <CacheNote timeZone={incidents.data?.timeZone} />
      {incidents.isPending ? (
        <AnalyticsSkeleton />
      ) : incidents.isError ? (
        <ErrorPanel error={incidents.error} onRetry={() => void incidents.refetch()} />
      ) : incidents.data.total === 0 ? (
        <EmptyState
          title="No incidents in this range"
          description={
            includeTest ? 'Try more days or another zone.' : 'Try more days, another zone, or test alerts.'
          }
        />
      ) : (
        <IncidentsReport
          answer={incidents.data}
          includeTest={includeTest}
          zoneLink={(zone) => reportLink(routePath('analyticsIncidents'), filters.search, { zone })}
        />
      )}
    </Stack>
  );
}
