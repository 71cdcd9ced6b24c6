import { Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters } from '../../ui/report-filters';
import { ReportCsvButton } from './report-csv-button';
import { missingTagsText } from './report-labels';
import { PeriodSelect } from './report-options';
import { ReportCounts } from './report-tables';
import { useReportParams } from './use-report-params';

/** SPEC §2.1 /reports/tags-not-seen, Missing Tags: tags gone silent, counted per location. */
export function TagsNotSeenScreen() {
  const { options, params } = useReportParams(['periodDays']);
  return (
    <Stack>
      <PageHeader
        title="Missing Tags"
        description="Tags last heard in the chosen range and not heard since for longer than the chosen period, by location."
      />
      <ReportFilters
        extra={<PeriodSelect value={options.periodDays} />}
        actions={<ReportCsvButton type="tagsNotSeen" params={params} filename="missing-tags" />}
      />
      <ReportCounts
        type="tagsNotSeen"
        params={params}
        label="Missing tags by location"
        emptyText="No missing tags in this range"
        detailsPath={routePath('tagsNotSeenDetails')}
        columns={[
          {
            header: 'Missing tags',
            count: (row) => row.count,
            describe: (n, place) => `${missingTagsText(n)} in ${place}`,
          },
        ]}
      />
    </Stack>
  );
}
