import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, NativeSelect, Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  ALERT_MODES,
  ALERT_STATES,
  reasonByCode,
  type Alert,
  alertLocationPath,
  alertModeLabel,
  alertPersonName,
  alertStateLabel,
  alertStatus,
} from '@vigil/domain';
import type { CsvSpec } from '../../ui/data-table/csv';
import { DataTable } from '../../ui/data-table/data-table';
import { DateRangePicker } from '../../ui/date-range-picker';
import { PageHeader } from '../../ui/page-header';
import { ZonePicker } from '../../ui/zone-picker';
import { alertLogParams, useAlertLogFilters } from './use-alert-log-filters';

export const ALERT_LOG_API = 'log/alerts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const reasonLabel = (a: Alert) => (a.reasonCode ? (reasonByCode(a.reasonCode)?.label ?? a.reasonCode) : '');
const options = (values: readonly string[], all: string, label: (v: string) => string) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: label(value) })),
];

const CSV: CsvSpec<Alert> = {
  filename: 'alert-log',
  columns: [
    { header: 'Created', value: (a) => a.createdAt },
    { header: 'Person', value: alertPersonName },
    { header: 'Tag', value: (a) => a.tag.id },
    { header: 'Location', value: (a) => alertLocationPath(a.location) },
    { header: 'Mode', value: (a) => a.mode },
    { header: 'State', value: (a) => a.state },
    { header: 'Status', value: (a) => alertStatus(a).label },
    { header: 'Presses', value: (a) => a.pressCount },
    { header: 'Acknowledged by', value: (a) => a.acknowledgedBy?.name },
    { header: 'Acknowledged at', value: (a) => a.acknowledgedAt },
    { header: 'Closed by', value: (a) => a.closedBy?.name },
    { header: 'Closed at', value: (a) => a.closedAt },
    { header: 'Reason', value: reasonLabel },
    { header: 'Reason text', value: (a) => a.reasonText },
  ],
};

/** /log/alerts: every alert, open and closed, filtered by days, zone, state and mode. */
export function AlertLogScreen() {
  const navigate = useNavigate();
  const [filters, update] = useAlertLogFilters();
  const { where, zone } = alertLogParams(filters);
  const params = useMemo(() => ({ where, zone }), [where, zone]);

  const columns = useMemo<ColumnDef<Alert>[]>(
    () => [
      { id: 'createdAt', header: 'Created', accessorFn: (a) => when(a.createdAt), enableSorting: true },
      {
        id: 'person',
        header: 'Person',
        cell: ({ row }) => (
          <Anchor component={Link} to={`/alert/${row.original.id}`} onClick={(e) => e.stopPropagation()}>
            {alertPersonName(row.original)}
          </Anchor>
        ),
      },
      { id: 'location', header: 'Location', accessorFn: (a) => alertLocationPath(a.location) },
      { id: 'mode', header: 'Mode', accessorFn: (a) => alertModeLabel(a.mode), enableSorting: true },
      // Sorted by the stored state; shows what a user needs, e.g. 'Acknowledged' for a notified alert.
      { id: 'state', header: 'Status', accessorFn: (a) => alertStatus(a).label, enableSorting: true },
      { id: 'acknowledgedBy', header: 'Acknowledged by', accessorFn: (a) => a.acknowledgedBy?.name ?? '' },
      { id: 'closedAt', header: 'Closed', accessorFn: (a) => when(a.closedAt), enableSorting: true },
      { id: 'reason', header: 'Reason', accessorFn: reasonLabel },
    ],
    [],
  );

  return (
    <Stack>
      <PageHeader title="Alert Log" description="Every alert, open and closed. Open one for its history." />
      <Group align="flex-end" gap="md">
        <DateRangePicker value={filters.range} onChange={(range) => update({ range })} maxDate={new Date()} />
        <ZonePicker
          label="Zone"
          value={filters.zone}
          onChange={(zone) => update({ zone })}
          placeholder="All zones"
        />
        {filters.zone && (
          <Button variant="subtle" onClick={() => update({ zone: null })}>
            Clear zone
          </Button>
        )}
        <NativeSelect
          label="State"
          data={options(ALERT_STATES, 'All states', alertStateLabel)}
          value={filters.state ?? ''}
          onChange={(e) => update({ state: e.currentTarget.value || null })}
        />
        <NativeSelect
          label="Mode"
          data={options(ALERT_MODES, 'All modes', alertModeLabel)}
          value={filters.mode ?? ''}
          onChange={(e) => update({ mode: e.currentTarget.value || null })}
        />
      </Group>
      <DataTable<Alert>
        api={ALERT_LOG_API}
        columns={columns}
        params={params}
        stateKey="logAlerts"
        searchPlaceholder="Search by person or tag"
        emptyText="No alerts in this period"
        csv={CSV}
        onRowClick={(alert) => navigate(`/alert/${alert.id}`)}
      />
    </Stack>
  );
}
