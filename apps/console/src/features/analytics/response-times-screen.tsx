import { Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import { useResponseTimes } from '../../api/analytics';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters, reportLink } from '../../ui/report-filters';
import { IncludeTestSwitch, useAnalyticsParams } from './analytics-options';
import { AnalyticsSkeleton, CacheNote } from './analytics-parts';
import { ResponseTimesReport } from './response-times-report';

/** /analytics/response-times (SPEC §2.1, read Report analytics): how fast alerts were acknowledged and closed. */
export function ResponseTimesScreen() {
  const { filters, includeTest, params } = useAnalyticsParams();
  const times = useResponseTimes(params);

  return (
    <Stack>
      <PageHeader
        title="Response Times"
        description="How long alerts raised in the chosen days took to be acknowledged and closed."
      />
      <ReportFilters maxDate={new Date()} extra={<IncludeTestSwitch value={includeTest} />} />
      <CacheNote timeZone={times.data?.timeZone} />
      {times.isPending ? (
        <AnalyticsSkeleton />
      ) : times.isError ? (
        <ErrorPanel error={times.error} onRetry={() => void times.refetch()} />
      ) : times.data.acknowledge.count === 0 && times.data.close.count === 0 ? (
        <EmptyState title="No incidents in this range" description="Try more days or another zone." />
      ) : (
        <ResponseTimesReport
          answer={times.data}
          zoneLink={(zone) => reportLink(routePath('analyticsResponseTimes'), filters.search, { zone })}
        />
      )}
    </Stack>
  );
}
