import { Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters } from '../../ui/report-filters';
import { ReportBackLink } from './report-back-link';
import { tagReportColumns } from './report-columns';
import { ReportCsvButton } from './report-csv-button';
import { missingTagsText } from './report-labels';
import { PeriodSelect } from './report-options';
import { ReportDetailsTable } from './report-tables';
import { useReportParams } from './use-report-params';

const COLUMNS = tagReportColumns(['label', 'owner', 'location', 'lastSeen', 'battery']);

/** SPEC §2.1 /reports/tags-not-seen/details: the missing tags themselves, with owner and location. */
export function TagsNotSeenDetailsScreen() {
  const { options, params } = useReportParams(['periodDays']);
  return (
    <Stack>
      <ReportBackLink to={routePath('tagsNotSeen')} label="Missing Tags" />
      <PageHeader
        title="Missing Tags Details"
        description="Each tag last heard in the chosen range and silent since for longer than the chosen period."
      />
      <ReportFilters
        extra={<PeriodSelect value={options.periodDays} />}
        actions={<ReportCsvButton type="tagsNotSeen" params={params} filename="missing-tags" />}
      />
      <ReportDetailsTable
        type="tagsNotSeen"
        params={params}
        columns={COLUMNS}
        emptyText="No missing tags in this range"
        countLabel={missingTagsText}
      />
    </Stack>
  );
}
