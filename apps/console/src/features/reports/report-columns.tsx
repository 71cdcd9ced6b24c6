import { Link } from 'react-router';
import { Anchor, Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReportGatewayRow, ReportTagRow } from '@vigil/domain';
import { reasonLabel, timelineLabel, urgencyLabel } from './report-labels';

// The columns of the reports' details (packages/domain/src/reports/contract.ts rows). Dates show
// to the minute in the browser's zone; the seconds show on hover.

const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, SHORT) : '');

function DateCell({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {when(iso)}
    </time>
  );
}

const URGENCY_COLOURS: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'yellow' };
const TIMELINE_COLOURS: Record<string, string> = { overdue: 'red', soon: 'orange' };

type TagColumn =
  'label' | 'owner' | 'location' | 'lastSeen' | 'battery' | 'reason' | 'urgency' | 'flaggedAt' | 'timeline';

const TAG_COLUMNS: Record<TagColumn, ColumnDef<ReportTagRow>> = {
  label: { id: 'label', header: 'Label', accessorFn: (t) => t.label ?? '' },
  owner: { id: 'owner', header: 'Owner', accessorFn: (t) => t.owner ?? '' },
  location: {
    id: 'location',
    header: 'Location',
    accessorFn: (t) => t.location ?? '',
    meta: { truncate: { ellipsis: 'start' } },
  },
  lastSeen: {
    id: 'lastSeen',
    header: 'Last seen',
    accessorFn: (t) => t.lastSeen,
    cell: ({ row }) => <DateCell iso={row.original.lastSeen} />,
  },
  battery: {
    id: 'battery',
    header: 'Battery',
    accessorFn: (t) => t.batteryMv,
    cell: ({ row }) =>
      row.original.batteryMv === null ? '—' : `${row.original.batteryMv.toLocaleString('en-US')} mV`,
  },
  reason: { id: 'reason', header: 'Reason', accessorFn: (t) => reasonLabel(t.reason) },
  urgency: {
    id: 'urgency',
    header: 'Urgency',
    accessorFn: (t) => urgencyLabel(t.urgency),
    cell: ({ row }) =>
      row.original.urgency === null ? (
        '—'
      ) : (
        <Badge variant="light" color={URGENCY_COLOURS[row.original.urgency] ?? 'gray'}>
          {urgencyLabel(row.original.urgency)}
        </Badge>
      ),
  },
  flaggedAt: {
    id: 'flaggedAt',
    header: 'Flagged',
    accessorFn: (t) => t.flaggedAt,
    cell: ({ row }) => <DateCell iso={row.original.flaggedAt} />,
  },
  timeline: {
    id: 'timeline',
    header: 'Replacement',
    accessorFn: (t) => timelineLabel(t.timeline),
    cell: ({ row }) =>
      row.original.timeline === null ? (
        '—'
      ) : (
        <Badge variant="light" color={TIMELINE_COLOURS[row.original.timeline] ?? 'gray'}>
          {timelineLabel(row.original.timeline)}
        </Badge>
      ),
  },
};

const tagIdColumn: ColumnDef<ReportTagRow> = {
  id: 'id',
  header: 'Tag',
  accessorFn: (t) => t.id,
  cell: ({ row }) => (
    <Anchor component={Link} to={`/tag/${row.original.id}`} ff="monospace" fz="sm">
      {row.original.id}
    </Anchor>
  ),
};

/** The tag reports' columns: the tag (a link to it), then the chosen ones in this order. */
export function tagReportColumns(columns: TagColumn[]): ColumnDef<ReportTagRow>[] {
  return [tagIdColumn, ...columns.map((c) => TAG_COLUMNS[c])];
}

const percent = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** The disconnected gateways' columns: the gateway (a link to it), SKU, location, last update, 24 h metrics. */
export const GATEWAY_REPORT_COLUMNS: ColumnDef<ReportGatewayRow>[] = [
  {
    id: 'id',
    header: 'Gateway',
    accessorFn: (g) => g.name ?? g.id,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/gateway/${row.original.id}`} fz="sm">
        {row.original.name ?? row.original.id}
      </Anchor>
    ),
  },
  { id: 'sku', header: 'SKU', accessorFn: (g) => g.sku ?? '' },
  {
    id: 'location',
    header: 'Location',
    accessorFn: (g) => g.location ?? '',
    meta: { truncate: { ellipsis: 'start' } },
  },
  {
    id: 'lastUpdate',
    header: 'Last update',
    accessorFn: (g) => g.lastUpdate,
    cell: ({ row }) => <DateCell iso={row.original.lastUpdate} />,
  },
  { id: 'heartbeats', header: 'Heartbeats (24 h)', accessorFn: (g) => g.metrics.heartbeats },
  { id: 'button', header: 'Button', accessorFn: (g) => percent(g.metrics.button) },
  { id: 'coverage', header: 'Coverage', accessorFn: (g) => percent(g.metrics.coverage) },
  { id: 'floor', header: 'Floor', accessorFn: (g) => percent(g.metrics.floor) },
];
