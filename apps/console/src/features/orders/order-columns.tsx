import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { formatOrderAddress, type Order } from '@vigil/domain';
import { linesSummary, OrderStateBadge, shortWhen } from './order-labels';

/** The orders list's columns; a column's id is GET orders' orderBy field where it sorts. */
export const ORDER_COLUMNS: ColumnDef<Order>[] = [
  { id: 'number', header: 'Order', accessorKey: 'reference', enableSorting: true },
  {
    id: 'state',
    header: 'State',
    enableSorting: true,
    cell: ({ row }) => <OrderStateBadge state={row.original.state} />,
  },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customer.name },
  { id: 'lines', header: 'Lines', cell: ({ row }) => linesSummary(row.original.lines) },
  {
    id: 'recipient',
    header: 'Recipient',
    cell: ({ row }) => {
      const { recipient, address } = row.original;
      if (!recipient) return '—';
      return (
        <Stack gap={0}>
          <Text size="sm">{recipient.name}</Text>
          {address && (
            <Text size="xs" c="dimmed">
              {formatOrderAddress(address)}
            </Text>
          )}
        </Stack>
      );
    },
  },
  { id: 'notes', header: 'Notes', cell: ({ row }) => row.original.notes || '—' },
  {
    id: 'createdAt',
    header: 'Created',
    enableSorting: true,
    cell: ({ row }) => shortWhen(row.original.createdAt),
  },
];
