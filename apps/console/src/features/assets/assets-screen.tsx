import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { NativeSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ASSET_MESSAGES,
  ASSET_PENDING_FILTER,
  ASSET_STATUSES,
  assetStatusLabel,
  type Asset,
  type AssetStatusFilter,
} from '@vigil/domain';
import { assetQueries, useDeleteAsset } from '../../api/assets';
import { useSignedIn } from '../../session/session';
import { confirmDelete } from '../../ui/confirm-delete';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { AssetCreateModal } from './asset-create-modal';
import { AssetEditModal } from './asset-edit-modal';
import { AssetTable } from './asset-table';
import { assetListParams, useAssetFilters, type AssetFilters } from './use-asset-filters';

// The filters sit on the table's toolbar without a visible label, so each choice says what it
// filters: 'All locations' or a zone's names, 'All statuses' or a status.
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ASSET_STATUSES.map((status) => ({ value: status, label: assetStatusLabel(status) })),
  { value: ASSET_PENDING_FILTER, label: assetStatusLabel('') },
];

/** Where the assets were last heard (GET assets/zones, with counts) and their status. */
function AssetListFilters({
  filters,
  update,
}: {
  filters: AssetFilters;
  update: (patch: Partial<AssetFilters>) => void;
}) {
  const zones = useQuery(assetQueries.zones());
  const zoneOptions = useMemo(() => {
    const known = zones.data ?? [];
    const options = [
      { value: '', label: 'All locations' },
      ...known.map((zone) => ({ value: zone.id, label: `${zone.path} (${zone.count})` })),
    ];
    // A zone from a shared link where no asset is now still reads as chosen.
    if (filters.zone && !known.some((zone) => zone.id === filters.zone)) {
      options.push({ value: filters.zone, label: 'A location with no assets now' });
    }
    return options;
  }, [zones.data, filters.zone]);

  return (
    <>
      <NativeSelect
        aria-label="Location"
        data={zoneOptions}
        value={filters.zone ?? ''}
        error={zones.isError ? ASSET_MESSAGES.loadFailed : undefined}
        onChange={(e) => update({ zone: e.currentTarget.value || null })}
        maw="22rem"
      />
      <NativeSelect
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(e) => update({ status: (e.currentTarget.value || null) as AssetStatusFilter | null })}
      />
    </>
  );
}

/**
 * Devices › Assets (SPEC §2.1 /assets, §3 Asset, issue 20): the equipment carrying tags, its status
 * and notes, and where it was last heard; status and notes are edited here, an asset's floor plan
 * is a click away. Add and Delete are the asset administrator's (delete Asset).
 */
export function AssetsScreen() {
  const navigate = useNavigate();
  const { ability } = useSignedIn();
  const [filters, update] = useAssetFilters();
  const [editing, setEditing] = useState<Asset | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteAsset();
  const params = useMemo(() => assetListParams(filters), [filters]);
  const mayUpdate = ability.can('update', 'Asset');
  const mayDelete = ability.can('delete', 'Asset');

  const rowActions = useCallback(
    (asset: Asset) => (
      <RowActions
        name={asset.name}
        onEdit={mayUpdate ? () => setEditing(asset) : undefined}
        onDelete={
          mayDelete
            ? () =>
                void confirmDelete(asset, remove, {
                  title: 'Delete asset',
                  message: (a) => `Delete ${a.name}? Its tag stays, free for another asset.`,
                })
            : undefined
        }
      />
    ),
    [mayUpdate, mayDelete, remove],
  );

  return (
    <Stack>
      <PageHeader
        title="Assets"
        description="Equipment carrying a tag: its status, notes and where it was last heard. Open one to see it on its floor plan."
      />
      <AssetTable
        params={params}
        filters={<AssetListFilters filters={filters} update={update} />}
        rowActions={mayUpdate || mayDelete ? rowActions : undefined}
        onRowClick={(asset) => navigate(`/assets/${asset.id}`)}
        onAdd={mayDelete ? () => setAdding(true) : undefined}
      />
      {editing && <AssetEditModal asset={editing} onClose={() => setEditing(null)} />}
      {adding && <AssetCreateModal onClose={() => setAdding(false)} />}
    </Stack>
  );
}
