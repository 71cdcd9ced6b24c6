import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ColumnDef } from '@tanstack/react-table';
import { DEBOUNCE_MS, type SyncLogEntry } from '@vigil/domain';
import { SYNC_LOG_API } from '../../api/logs';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const payloadText = (payload: Record<string, unknown>) =>
  Object.keys(payload).length === 0 ? '' : JSON.stringify(payload);

/**
 * Logs › Sync (SPEC §2.1 /log/sync): each configuration or command pushed to a gateway, when its
 * next heartbeat took it, and when the gateway confirmed it ('Pending' until then).
 */
export function SyncLogScreen() {
  const [gateway, setGateway] = useState('');
  const [debounced] = useDebouncedValue(gateway.trim().toLowerCase(), DEBOUNCE_MS);
  // A MAC typed in part narrows as it grows: the list contract's prefix filter on `gateway`.
  const params = useMemo(
    () => ({ where: debounced ? JSON.stringify({ gateway: { $prefix: debounced } }) : undefined }),
    [debounced],
  );

  const columns = useMemo<ColumnDef<SyncLogEntry>[]>(
    () => [
      { id: 'type', header: 'Command', accessorKey: 'type', enableSorting: true },
      {
        id: 'gateway',
        header: 'Gateway',
        enableSorting: true,
        cell: ({ row }) => (
          <Anchor component={Link} to={`/gateway/${row.original.gatewayId}`} ff="monospace" size="sm">
            {row.original.gatewayId}
          </Anchor>
        ),
      },
      { id: 'createdAt', header: 'Pushed at', accessorFn: (c) => when(c.createdAt), enableSorting: true },
      {
        id: 'deliveredAt',
        header: 'Delivered at',
        accessorFn: (c) => when(c.deliveredAt),
        enableSorting: true,
      },
      {
        id: 'confirmedAt',
        header: 'Confirmed at',
        enableSorting: true,
        cell: ({ row }) =>
          row.original.confirmedAt ? (
            when(row.original.confirmedAt)
          ) : (
            <Badge color="yellow" variant="light">
              Pending
            </Badge>
          ),
      },
      { id: 'actor', header: 'By', accessorFn: (c) => c.actor?.name ?? 'System' },
      { id: 'payload', header: 'Details', accessorFn: (c) => payloadText(c.payload) },
    ],
    [],
  );

  return (
    <Stack>
      <PageHeader
        title="Sync Log"
        description="Configurations and commands pushed to gateways, delivered on each gateway's next heartbeat."
      />
      <TextInput
        label="Gateway"
        placeholder="MAC address"
        value={gateway}
        onChange={(e) => setGateway(e.currentTarget.value)}
        w={240}
      />
      <DataTable<SyncLogEntry>
        api={SYNC_LOG_API}
        columns={columns}
        params={params}
        stateKey="logSync"
        searchPlaceholder="Search by command, gateway or who"
        emptyText="Nothing pushed to gateways yet"
        csv={{
          filename: 'sync-log',
          columns: [
            { header: 'Command', value: (c) => c.type },
            { header: 'Gateway', value: (c) => c.gatewayId },
            { header: 'Pushed at', date: (c) => c.createdAt },
            { header: 'Delivered at', date: (c) => c.deliveredAt },
            { header: 'Confirmed at', date: (c) => c.confirmedAt },
            { header: 'By', value: (c) => c.actor?.name ?? 'System' },
            { header: 'Details', value: (c) => payloadText(c.payload) },
          ],
        }}
      />
    </Stack>
  );
}
