import { Link } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { reportLink, useReportFilters, type ReportFiltersPatch } from '../../ui/report-filters';

/** A details screen's way back to its summary, with the same zone, range and options. */
export function ReportBackLink({
  to,
  label,
  patch,
}: {
  to: string;
  label: string;
  patch?: ReportFiltersPatch;
}) {
  const { search } = useReportFilters();
  return (
    <Anchor component={Link} to={reportLink(to, search, patch)} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
