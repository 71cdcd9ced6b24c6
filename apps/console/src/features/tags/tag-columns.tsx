import { Link } from 'react-router';
import { Anchor, ColorSwatch, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { batteryLevel, type Tag } from '@vigil/domain';
import type { CsvSpec } from '../../ui/data-table/csv';
import {
  batteryLabelText,
  batteryMvOf,
  batteryParts,
  collectionText,
  firmwareText,
  lastSeenOf,
  locationText,
  tagStateLabel,
} from './tag-fields';

const BATTERY_COLOURS = { healthy: 'green', low: 'yellow', depleted: 'red', unknown: 'gray' } as const;
// Last seen in the list: date and minutes ('11/25/26, 7:15 PM'), short enough for a one-line row;
// the seconds show on hover and on the tag's own screen.
const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString(undefined, SHORT) : '');
const fullWhen = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : undefined);

/**
 * The /tags columns. A column's id is the server's orderBy field (docs/API.md 'Tags')
 * where it sorts; the battery columns show only to callers who may read Tag batteryLevel.
 * Each row is one line (ui/data-table/data-table-truncate.tsx): Location and Collection share
 * the width the other columns leave, cut with an ellipsis and whole on hover; a location is cut
 * at its start, so its last, most telling parts show ('…Floor 1 › ED Room 101').
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
          fz="sm"
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
      cell: ({ row }) => {
        // The level, then the reading smaller and dimmed: 'Low (2,650 mV)' reads whole, stays short.
        const { level, reading } = batteryParts(row.original);
        return (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch
              size={10}
              color={`var(--mantine-color-${BATTERY_COLOURS[batteryLevel(batteryMvOf(row.original))]}-6)`}
              withShadow={false}
              aria-hidden
            />
            <span>
              {level}
              {reading && (
                <Text span fz="xs" c="dimmed">
                  {` (${reading})`}
                </Text>
              )}
            </span>
          </Group>
        );
      },
    },
    battery && { id: 'batteryLabel', header: 'Battery label', accessorFn: batteryLabelText },
    { id: 'firmware', header: 'Firmware', accessorFn: firmwareText },
    {
      id: 'state.updatedAt',
      header: 'Last seen',
      accessorFn: (t) => when(lastSeenOf(t)),
      enableSorting: true,
      cell: ({ row, getValue }) => (
        <span title={fullWhen(lastSeenOf(row.original))}>{getValue<string>()}</span>
      ),
    },
    {
      id: 'location',
      header: 'Location',
      accessorFn: (t) => locationText(t.location),
      meta: { truncate: { share: 5, ellipsis: 'start' } },
    },
    {
      id: 'collection',
      header: 'Collection',
      accessorFn: collectionText,
      meta: { truncate: { share: 2 } },
    },
  ];
  return columns.filter((c): c is ColumnDef<Tag> => c !== false);
}

/**
 * Hidden until chosen in the Columns menu, so that the location gets the width to show at
 * 1366 px: the battery label (the Battery column's level again, on SPEC §9's metadata scale) and
 * the firmware, a technician's detail. Both stay in the CSV and on the tag's own screen.
 */
export const TAG_HIDDEN_COLUMNS = ['batteryLabel', 'firmware'];

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
