import { Link } from 'react-router';
import { Anchor, ColorSwatch, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { batteryLevel, type Tag } from '@vigil/domain';
import type { CsvSpec } from '../../ui/data-table/csv';
import {
  batteryLabelText,
  batteryLevelText,
  batteryMvOf,
  collectionText,
  firmwareText,
  lastSeenOf,
  locationText,
  tagStateLabel,
} from './tag-fields';

const BATTERY_COLOURS = { healthy: 'green', low: 'yellow', depleted: 'red', unknown: 'gray' } as const;
const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * The /tags columns. A column's id is the server's orderBy field (docs/API.md 'Tags')
 * where it sorts; the battery columns show only to callers who may read Tag batteryLevel.
 */
export function tagColumns({ battery }: { battery: boolean }): ColumnDef<Tag>[] {
  const columns: (ColumnDef<Tag> | false)[] = [
    {
      id: 'id',
      header: 'Tag',
      accessorFn: (t) => t.id,
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/tag/${row.original.id}`}
          onClick={(e) => e.stopPropagation()}
          ff="monospace"
        >
          {row.original.id}
        </Anchor>
      ),
    },
    {
      id: 'config.owner.name',
      header: 'Owner',
      accessorFn: (t) => t.config.owner?.name ?? '',
      enableSorting: true,
    },
    { id: 'config.label', header: 'Label', accessorFn: (t) => t.config.label ?? '', enableSorting: true },
    {
      id: 'config.state',
      header: 'State',
      accessorFn: (t) => tagStateLabel(t.config.state),
      enableSorting: true,
    },
    battery && {
      id: 'state.battery.current.level',
      header: 'Battery',
      accessorFn: (t) => batteryMvOf(t),
      enableSorting: true,
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch
            size={10}
            color={`var(--mantine-color-${BATTERY_COLOURS[batteryLevel(batteryMvOf(row.original))]}-6)`}
            withShadow={false}
            aria-hidden
          />
          <span>{batteryLevelText(row.original)}</span>
        </Group>
      ),
    },
    battery && { id: 'batteryLabel', header: 'Battery label', accessorFn: batteryLabelText },
    { id: 'firmware', header: 'Firmware', accessorFn: firmwareText },
    {
      id: 'state.updatedAt',
      header: 'Last seen',
      accessorFn: (t) => when(lastSeenOf(t)),
      enableSorting: true,
    },
    { id: 'location', header: 'Location', accessorFn: (t) => locationText(t.location) },
    { id: 'collection', header: 'Collection', accessorFn: collectionText },
  ];
  return columns.filter((c): c is ColumnDef<Tag> => c !== false);
}

/** The CSV of the filtered list: every column, last seen in the chosen time zone (SPEC §9). */
export function tagCsv({ battery }: { battery: boolean }): CsvSpec<Tag> {
  return {
    filename: 'tags',
    columns: [
      { header: 'Tag', value: (t) => t.id },
      { header: 'Owner', value: (t) => t.config.owner?.name },
      { header: 'Person ID', value: (t) => t.config.owner?.personId },
      { header: 'Label', value: (t) => t.config.label },
      { header: 'State', value: (t) => t.config.state },
      ...(battery
        ? [
            { header: 'Battery (mV)', value: (t: Tag) => batteryMvOf(t) },
            { header: 'Battery level', value: (t: Tag) => batteryLevel(batteryMvOf(t)) },
            { header: 'Battery label', value: batteryLabelText },
          ]
        : []),
      { header: 'Firmware', value: firmwareText },
      { header: 'Last seen', date: lastSeenOf },
      { header: 'Location', value: (t) => locationText(t.location) },
      { header: 'Collection reason', value: (t) => t.config.collection?.reason },
      { header: 'Collection urgency', value: (t) => t.config.collection?.urgency },
      { header: 'Maintenance mode', value: (t) => (t.maintMode ? 'yes' : 'no') },
    ],
  };
}
