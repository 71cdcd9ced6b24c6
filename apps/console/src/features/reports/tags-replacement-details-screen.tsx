import { Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters } from '../../ui/report-filters';
import { ReportBackLink } from './report-back-link';
import { tagReportColumns } from './report-columns';
import { ReportCsvButton } from './report-csv-button';
import { tagsText } from './report-labels';
import { TimelineSelect } from './report-options';
import { ReportDetailsTable } from './report-tables';
import { useReportParams } from './use-report-params';

const COLUMNS = tagReportColumns([
  'timeline',
  'owner',
  'location',
  'reason',
  'urgency',
  'flaggedAt',
  'label',
]);

/** SPEC §2.1 /reports/tags-replacement/details: the tags to replace, by timeline and location. */
export function TagsReplacementDetailsScreen() {
  const { options, params } = useReportParams(['timeline']);
  return (
    <Stack>
      <ReportBackLink
        to={routePath('tagsReplacement')}
        label="Tag Replacement Timeline"
        patch={{ timeline: null }}
      />
      <PageHeader
        title="Tag Replacement Details"
        description="Each tag flagged for collection in the chosen range, with when it must be replaced."
      />
      <ReportFilters
        extra={<TimelineSelect value={options.timeline} />}
        actions={<ReportCsvButton type="tagsReplacement" params={params} filename="tag-replacement" />}
      />
      <ReportDetailsTable
        type="tagsReplacement"
        params={params}
        columns={COLUMNS}
        emptyText="No tags to replace in this range"
        countLabel={tagsText}
      />
    </Stack>
  );
}
