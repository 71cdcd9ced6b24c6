import { Link } from 'react-router';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { COLLECTION_URGENCIES } from '@vigil/domain';
import { routePath } from '@vigil/domain/routes';
import { useReportSummary, type ReportParams } from '../../api/reports';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters, reportLink, useReportFilters } from '../../ui/report-filters';
import { tagReportColumns } from './report-columns';
import { ReportCsvButton } from './report-csv-button';
import { countText, tagsText, urgencyLabel } from './report-labels';
import { ReasonSelect, UrgencySelect } from './report-options';
import { ReportDetailsTable } from './report-tables';
import { useReportParams } from './use-report-params';

const COLUMNS = tagReportColumns(['urgency', 'reason', 'owner', 'location', 'flaggedAt', 'label']);

/**
 * How many tags of the range and reason have each urgency (the summary's `by`), each a link that
 * narrows the list to it; the chosen one is marked.
 */
function UrgencyCounts({ params, chosen }: { params: ReportParams; chosen: number | undefined }) {
  const { search } = useReportFilters();
  const { urgency: _ignored, ...all } = params;
  const summary = useReportSummary('tagsFlagged', all);
  if (summary.isPending) return <Skeleton height={24} width={320} aria-hidden />;
  if (summary.isError || summary.data.total === 0) return null;
  const by = summary.data.by ?? {};
  return (
    <Group gap="lg" aria-label="Flagged tags by urgency" role="group">
      {COLLECTION_URGENCIES.map((urgency) => {
        const n = by[String(urgency)] ?? 0;
        return (
          <Group key={urgency} gap={6} wrap="nowrap">
            <Text size="sm">{urgencyLabel(urgency)}</Text>
            {n === 0 ? (
              <Badge variant="outline" color="gray">
                0
              </Badge>
            ) : (
              <Anchor
                component={Link}
                to={reportLink(routePath('tagsFlaggedDetails'), search, { urgency })}
                aria-label={`${tagsText(n)} to ${urgencyLabel(urgency)}`}
                aria-current={chosen === urgency ? 'true' : undefined}
              >
                <Badge variant={chosen === urgency ? 'filled' : 'light'}>{countText(n)}</Badge>
              </Anchor>
            )}
          </Group>
        );
      })}
    </Group>
  );
}

/** SPEC §2.1 /reports/tags-flagged/details: tags flagged for collection, by reason and urgency. */
export function TagsFlaggedDetailsScreen() {
  const { options, params } = useReportParams(['urgency', 'reason']);
  return (
    <Stack>
      <PageHeader
        title="Flagged Tags"
        description="Tags flagged for collection in the chosen range, by urgency and reason."
      />
      <ReportFilters
        extra={
          <>
            <UrgencySelect value={options.urgency} />
            <ReasonSelect value={options.reason} />
          </>
        }
        actions={<ReportCsvButton type="tagsFlagged" params={params} filename="flagged-tags" />}
      />
      <UrgencyCounts params={params} chosen={options.urgency} />
      <ReportDetailsTable
        type="tagsFlagged"
        params={params}
        columns={COLUMNS}
        emptyText="No flagged tags in this range"
        countLabel={(n) => `${countText(n)} flagged ${n === 1 ? 'tag' : 'tags'}`}
      />
    </Stack>
  );
}
