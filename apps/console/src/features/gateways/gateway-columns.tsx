import { Link } from 'react-router';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Gateway } from '@vigil/domain';
import type { CsvSpec } from '../../ui/data-table/csv';
import {
  STATUS_COLOURS,
  configStateLabel,
  isSafeMode,
  locationText,
  skuOf,
  stateOf,
  statusLabel,
  statusOf,
  versionText,
  when,
} from './gateway-fields';

/**
 * The gateway list columns. A column's id is the server's orderBy name where it sorts;
 * status is derived from the last update (SPEC §9's threshold), so it does not sort.
 */
export function gatewayColumns(now: Date): ColumnDef<Gateway>[] {
  return [
    {
      id: 'id',
      header: 'MAC',
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/gateway/${row.original.id}`}
          onClick={(e) => e.stopPropagation()}
          ff="monospace"
        >
          {row.original.id}
        </Anchor>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const kind = statusOf(row.original, now);
        return (
          // max-content: a squeezed column would cut the word to "CONN…".
          <Badge variant="light" color={STATUS_COLOURS[kind]} miw="max-content">
            {statusLabel(kind)}
          </Badge>
        );
      },
    },
    {
      id: 'state.updatedAt',
      header: 'Last update',
      enableSorting: true,
      accessorFn: (g) => when(stateOf(g).updatedAt),
    },
    { id: 'location', header: 'Location', enableSorting: true, accessorFn: (g) => locationText(g.location) },
    {
      id: 'state.version.app',
      header: 'Version',
      enableSorting: true,
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{versionText(row.original)}</Text>
          {isSafeMode(row.original) && (
            <Badge size="xs" color="indigo" variant="light">
              Safe mode
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'config.logistics.sku', header: 'SKU', enableSorting: true, accessorFn: skuOf },
    {
      id: 'config.state',
      header: 'State',
      enableSorting: true,
      accessorFn: (g) => configStateLabel(g.config.state),
    },
    {
      id: 'labels',
      header: 'Labels',
      cell: ({ row }) => (
        <Group gap={4}>
          {(row.original.config.labels ?? []).map((label) => (
            <Badge key={label} size="sm" variant="outline" color="gray">
              {label}
            </Badge>
          ))}
        </Group>
      ),
    },
    { id: 'hardware', header: 'Hardware', accessorFn: (g) => stateOf(g).hardware?.revision ?? '' },
    { id: 'notes', header: 'Notes', accessorFn: (g) => g.config.notes ?? '' },
  ];
}

/** Columns the Columns menu starts with hidden. */
export const GATEWAY_HIDDEN_COLUMNS = ['hardware', 'notes'];

/** The CSV of a gateway list: what the table shows, dates in the chosen time zone. */
export function gatewayCsv(filename: string, now: () => Date): CsvSpec<Gateway> {
  return {
    filename,
    columns: [
      { header: 'MAC', value: (g) => g.id },
      { header: 'Status', value: (g) => statusLabel(statusOf(g, now())) },
      { header: 'Last update', date: (g) => stateOf(g).updatedAt },
      { header: 'Location', value: (g) => locationText(g.location) },
      { header: 'Version', value: versionText },
      { header: 'Safe mode', value: (g) => (isSafeMode(g) ? 'yes' : 'no') },
      { header: 'SKU', value: skuOf },
      { header: 'State', value: (g) => configStateLabel(g.config.state) },
      { header: 'Labels', value: (g) => (g.config.labels ?? []).join('; ') },
      { header: 'Hardware', value: (g) => stateOf(g).hardware?.revision ?? '' },
      { header: 'Notes', value: (g) => g.config.notes ?? '' },
    ],
  };
}
