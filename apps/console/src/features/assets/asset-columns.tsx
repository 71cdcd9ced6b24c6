import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { assetStatusLabel, type Asset, type AssetLastSeen } from '@vigil/domain';

// Seen in the list: date and minutes, short enough for a one-line row; the seconds show on hover.
const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
export const shortWhen = (iso: string) => new Date(iso).toLocaleString(undefined, SHORT);

/** Said where the asset's tag was heard in a zone outside the caller's zones. */
export const OUTSIDE_YOUR_ZONES = 'Outside your zones';
/** Said for an asset whose tag has not been heard. */
export const NOT_HEARD = 'Not heard yet';

/** Issue 20: the asset's last location in words: the zone's names, or why there are none. */
export function lastLocationText(lastSeen: AssetLastSeen | null): string {
  if (!lastSeen) return NOT_HEARD;
  return lastSeen.path ?? OUTSIDE_YOUR_ZONES;
}

/**
 * The /assets columns (SPEC §3 Asset): name (to the asset's floor plan), tag, status as SPEC shows
 * it, notes, where it was last heard and when. Sortable columns are the server's orderBy fields.
 * Notes and the location are cut to one line, the location at its start ('…Ward 3 › Room 201').
 */
export function assetColumns(): ColumnDef<Asset>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (a) => a.name,
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/assets/${row.original.id}`}
          onClick={(e) => e.stopPropagation()}
          fz="sm"
        >
          {row.original.name}
        </Anchor>
      ),
    },
    {
      id: 'tagId',
      header: 'Tag',
      accessorFn: (a) => a.tagId ?? '',
      enableSorting: true,
      cell: ({ getValue }) => (
        <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{getValue<string>()}</span>
      ),
    },
    { id: 'status', header: 'Status', accessorFn: (a) => assetStatusLabel(a.status), enableSorting: true },
    { id: 'notes', header: 'Notes', accessorFn: (a) => a.notes, meta: { truncate: { share: 1 } } },
    {
      id: 'lastLocation',
      header: 'Last location',
      accessorFn: (a) => lastLocationText(a.lastSeen),
      meta: { truncate: { share: 2, ellipsis: 'start' } },
    },
    { id: 'floor', header: 'Floor', accessorFn: (a) => a.lastSeen?.floor ?? '' },
    { id: 'seenAt', header: 'Last seen', accessorFn: (a) => (a.lastSeen ? shortWhen(a.lastSeen.at) : '') },
    { id: 'zonePath', header: 'Belongs to', accessorFn: (a) => a.zonePath ?? 'The whole organisation' },
  ];
}

/** Columns hidden until the user shows them (Columns menu). */
export const ASSET_HIDDEN_COLUMNS = ['zonePath'];
