import { Link } from 'react-router';
import { Anchor, Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  GATEWAY_CONFIG_STATE_LABELS,
  type Gateway,
  type GatewayConfigState,
  type LocationNames,
  type ScratchListKind,
  type Tag,
} from '@vigil/domain';
import type { CsvSpec } from '../../ui/data-table/csv';
import { SCRATCH_KINDS, type ScratchItem } from './scratch-kinds';

// The devices of a scratch list, read as the tags and gateways lists show them (SPEC §3); a device
// that left the organisation shows its id only.

const NOT_HERE = 'Not in this organisation';
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** A stored state in words, as the tags list writes it: 'ready_for_return' → 'Ready for Return'. */
function tagStateText(state: string | undefined): string {
  if (!state) return '';
  if (state === 'ready_for_return') return 'Ready for Return';
  return state.charAt(0).toUpperCase() + state.slice(1);
}

const locationText = (location: LocationNames | undefined) =>
  location?.path ??
  [location?.building, location?.floor, location?.unit, location?.area].filter(Boolean).join(' › ');

const tagOf = (item: ScratchItem) => item.device as Tag | null;
const gatewayOf = (item: ScratchItem) => item.device as Gateway | null;

/** What each kind shows of its device: state in words, then its own columns. */
const DEVICE_COLUMNS: Record<ScratchListKind, ColumnDef<ScratchItem>[]> = {
  tag: [
    { id: 'state', header: 'State', accessorFn: (i) => tagStateText(tagOf(i)?.config.state) },
    { id: 'owner', header: 'Owner', accessorFn: (i) => tagOf(i)?.config.owner?.name ?? '' },
    { id: 'label', header: 'Label', accessorFn: (i) => tagOf(i)?.config.label ?? '' },
  ],
  gateway: [
    {
      id: 'state',
      header: 'State',
      accessorFn: (i) => {
        const state = gatewayOf(i)?.config.state as GatewayConfigState | undefined;
        return state ? GATEWAY_CONFIG_STATE_LABELS[state] : '';
      },
    },
    { id: 'sku', header: 'SKU', accessorFn: (i) => gatewayOf(i)?.config.logistics?.sku ?? '' },
  ],
};

/** The columns of a kind's list: the id (linking to the device), its device's columns, location, added. */
export function scratchColumns(kind: ScratchListKind): ColumnDef<ScratchItem>[] {
  return [
    {
      id: 'id',
      header: kind === 'tag' ? 'Tag' : 'MAC',
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) =>
        row.original.missing ? (
          <span style={{ fontFamily: 'monospace' }}>{row.original.id}</span>
        ) : (
          <Anchor
            component={Link}
            to={SCRATCH_KINDS[kind].detailPath(row.original.id)}
            ff="monospace"
            fz="sm"
          >
            {row.original.id}
          </Anchor>
        ),
    },
    ...DEVICE_COLUMNS[kind].map((column): ColumnDef<ScratchItem> =>
      column.id === 'state'
        ? {
            ...column,
            cell: ({ row, getValue }) =>
              row.original.missing ? (
                <Badge variant="light" color="gray" miw="max-content">
                  {NOT_HERE}
                </Badge>
              ) : (
                getValue<string>()
              ),
          }
        : column,
    ),
    {
      id: 'location',
      header: 'Location',
      accessorFn: (i) => locationText(i.device?.location),
      meta: { truncate: { share: 5, ellipsis: 'start' } },
    },
    { id: 'addedAt', header: 'Added', accessorFn: (i) => when(i.addedAt), enableSorting: true },
  ];
}

/** The list as a CSV file: the ids first, what the list shows of each device, then when it was added. */
export function scratchCsv(kind: ScratchListKind): CsvSpec<ScratchItem> {
  const device =
    kind === 'tag'
      ? [
          { header: 'State', value: (i: ScratchItem) => (i.missing ? NOT_HERE : tagOf(i)?.config.state) },
          { header: 'Owner', value: (i: ScratchItem) => tagOf(i)?.config.owner?.name },
          { header: 'Label', value: (i: ScratchItem) => tagOf(i)?.config.label },
        ]
      : [
          { header: 'State', value: (i: ScratchItem) => (i.missing ? NOT_HERE : gatewayOf(i)?.config.state) },
          { header: 'SKU', value: (i: ScratchItem) => gatewayOf(i)?.config.logistics?.sku },
        ];
  return {
    filename: `${kind}-scratch-list`,
    columns: [
      { header: kind === 'tag' ? 'Tag' : 'MAC', value: (i) => i.id },
      ...device,
      { header: 'Location', value: (i) => locationText(i.device?.location) },
      { header: 'Added', date: (i) => i.addedAt },
    ],
  };
}
