import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, NativeSelect, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { CHANNEL_LABELS, DELIVERY_STATES, deliveryStateSchema, type Delivery } from '@vigil/domain';
import { DELIVERIES_API, DELIVERY_STATE_BADGES, deliveryWhat } from '../../api/notifications';
import type { CsvSpec } from '../../ui/data-table/csv';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...DELIVERY_STATES.map((state) => ({ value: state, label: DELIVERY_STATE_BADGES[state].label })),
];

const CSV: CsvSpec<Delivery> = {
  filename: 'notification-log',
  columns: [
    { header: 'Created', date: (d) => d.createdAt },
    { header: 'Recipient', value: (d) => d.recipient },
    { header: 'What', value: deliveryWhat },
    { header: 'Subject', value: (d) => d.subject },
    { header: 'Channel', value: (d) => CHANNEL_LABELS[d.channel] },
    { header: 'Address', value: (d) => d.address },
    { header: 'State', value: (d) => d.state },
    { header: 'Attempts', value: (d) => d.attempts },
    { header: 'Last error', value: (d) => d.lastError },
    { header: 'Delivered', date: (d) => d.deliveredAt },
    { header: 'Alert', value: (d) => d.alertId },
  ],
};

const COLUMNS: ColumnDef<Delivery>[] = [
  { id: 'createdAt', header: 'Created', accessorFn: (d) => when(d.createdAt) },
  { id: 'recipient', header: 'Recipient', accessorKey: 'recipient' },
  {
    id: 'what',
    header: 'What',
    cell: ({ row }) =>
      row.original.alertId ? (
        <Anchor component={Link} to={`/alert/${row.original.alertId}`} size="sm">
          {deliveryWhat(row.original)}
        </Anchor>
      ) : (
        deliveryWhat(row.original)
      ),
  },
  { id: 'channel', header: 'Channel', accessorFn: (d) => CHANNEL_LABELS[d.channel] },
  {
    id: 'address',
    header: 'Address',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.address}
      </Text>
    ),
  },
  {
    id: 'state',
    header: 'State',
    cell: ({ row }) => {
      const badge = DELIVERY_STATE_BADGES[row.original.state];
      return (
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      );
    },
  },
  { id: 'attempts', header: 'Attempts', accessorKey: 'attempts' },
  { id: 'lastError', header: 'Last error', accessorFn: (d) => d.lastError ?? '' },
  { id: 'deliveredAt', header: 'Delivered', accessorFn: (d) => when(d.deliveredAt) },
];

/**
 * Logs › Notification Log (/log/notifications, issue 16): every delivery of a notification, whom it
 * told of what over which channel, how many attempts it took and why the last one failed; filtered
 * by state (kept in the URL, ?state=, so a filtered log can be shared).
 */
export function DeliveryLogScreen() {
  const [query, setQuery] = useSearchParams();
  const parsed = deliveryStateSchema.safeParse(query.get('state'));
  const state = parsed.success ? parsed.data : null;
  const params = useMemo(() => ({ state: state ?? undefined }), [state]);

  function setState(next: string) {
    const updated = new URLSearchParams(query);
    if (next) updated.set('state', next);
    else updated.delete('state');
    setQuery(updated, { replace: true });
  }

  return (
    <Stack>
      <PageHeader
        title="Notification Log"
        description="Each notification sent to a subscription's recipient: by e-mail, SMS, pager or webhook, and whether it arrived."
      />
      <DataTable<Delivery>
        api={DELIVERIES_API}
        columns={COLUMNS}
        params={params}
        stateKey="logNotifications"
        searchPlaceholder="Search by recipient or address"
        emptyText={state ? 'No notifications in this state' : 'No notifications sent yet'}
        csv={CSV}
        filters={
          <NativeSelect
            aria-label="State"
            data={STATE_OPTIONS}
            value={state ?? ''}
            onChange={(e) => setState(e.currentTarget.value)}
          />
        }
      />
    </Stack>
  );
}
