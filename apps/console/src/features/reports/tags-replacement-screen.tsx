import { Stack } from '@mantine/core';
import { REPLACEMENT_TIMELINES, REPLACEMENT_TIMELINE_LABELS } from '@vigil/domain';
import { routePath } from '@vigil/domain/routes';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters } from '../../ui/report-filters';
import { ReportCsvButton } from './report-csv-button';
import { tagsText } from './report-labels';
import { ReportCounts, type SummaryColumn } from './report-tables';
import { useReportParams } from './use-report-params';

/** SPEC §3/§4: one column per timeline, Overdue (0) then '1 - 2 months (ASAP)' (1), each count a link. */
const COLUMNS: SummaryColumn[] = REPLACEMENT_TIMELINES.map((timeline) => ({
  header: REPLACEMENT_TIMELINE_LABELS[timeline],
  count: (row) => row.by?.[timeline] ?? 0,
  patch: { timeline },
  describe: (n, place) => `${tagsText(n)} ${REPLACEMENT_TIMELINE_LABELS[timeline]} in ${place}`,
}));

/**
 * SPEC §2.1 /reports/tags-replacement, Tag Replacement Timeline: the tags flagged for collection in
 * the range that must be replaced (SPEC §4: overdue, or within 1 to 2 months), per location.
 */
export function TagsReplacementScreen() {
  const { params } = useReportParams([]);
  return (
    <Stack>
      <PageHeader
        title="Tag Replacement Timeline"
        description="Tags flagged for collection in the chosen range that are overdue for replacement or due within 1 to 2 months, by location."
      />
      <ReportFilters
        actions={<ReportCsvButton type="tagsReplacement" params={params} filename="tag-replacement" />}
      />
      <ReportCounts
        type="tagsReplacement"
        params={params}
        label="Tags to replace by location"
        emptyText="No tags to replace in this range"
        detailsPath={routePath('tagsReplacementDetails')}
        columns={COLUMNS}
      />
    </Stack>
  );
}
