import { useEffect, useMemo, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Box, Stack } from '@mantine/core';
import { ASSET_MESSAGES, type Asset } from '@vigil/domain';
import { ASSETS_API } from '../../api/assets';
import type { Query } from '../../api/client';
import { useListPage } from '../../api/lists';
import { ColumnMenu } from '../../ui/data-table/column-menu';
import { DataTableFooter } from '../../ui/data-table/data-table-footer';
import { DataTableGrid, withRowActions } from '../../ui/data-table/data-table-grid';
import { DataTableToolbar } from '../../ui/data-table/data-table-toolbar';
import { useColumnVisibility } from '../../ui/data-table/use-column-visibility';
import { useTableState } from '../../ui/data-table/use-table-state';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';
import { ASSET_HIDDEN_COLUMNS, assetColumns } from './asset-columns';

const NO_ROWS: Asset[] = [];
const STATE_KEY = 'assets';

export type AssetTableProps = {
  /** The list's own filters (zone, status). */
  params: Query;
  /** The filter selects, on the toolbar. */
  filters: ReactNode;
  /** Edit and Delete of a row, as the caller may. */
  rowActions?: (asset: Asset) => ReactNode;
  onRowClick: (asset: Asset) => void;
  onAdd?: () => void;
};

/**
 * The asset list (SPEC §2.8 list, SPEC §7 GET assets): the shared table's toolbar, grid and footer
 * around the assets' own error state, which says SPEC §8's 'Failed to load asset data'.
 */
export function AssetTable({ params, filters, rowActions, onRowClick, onAdd }: AssetTableProps) {
  const [state, update] = useTableState(STATE_KEY);
  const [columnVisibility, onColumnVisibilityChange] = useColumnVisibility(STATE_KEY, ASSET_HIDDEN_COLUMNS);
  const list = useListPage<Asset>(ASSETS_API, { params, ...state });
  const columns = useMemo(() => withRowActions(assetColumns(), rowActions), [rowActions]);
  const sorting: SortingState = state.sort ? [state.sort] : [];
  const table = useReactTable<Asset>({
    data: list.data?.data ?? NO_ROWS,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    rowCount: list.data?.total ?? 0,
    defaultColumn: { enableSorting: false },
    sortDescFirst: false,
    state: { sorting, columnVisibility },
    onColumnVisibilityChange,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      update({ sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null, page: 1 });
    },
  });

  // A page emptied by a deletion or a filter moves back to the last page that has rows.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage) update({ page: lastPage });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  return (
    <Stack gap="md">
      <DataTableToolbar
        search={state.search}
        onSearch={(search) => update({ search, page: 1 })}
        searchPlaceholder="Search by name, tag or notes"
        filters={filters}
        onAdd={onAdd}
        addLabel="Add asset"
        onRefresh={() => void list.refetch()}
        columnMenu={<ColumnMenu columns={hideable} />}
      />
      {list.isPending ? (
        <TableSkeleton rows={Math.min(state.pageSize, 10)} columns={columns.length} />
      ) : list.isError ? (
        <ErrorPanel
          error={list.error}
          title={ASSET_MESSAGES.loadFailed}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No assets match" description="Try other filters, or clear the search." />
      ) : (
        <Box aria-busy={list.isFetching}>
          <DataTableGrid table={table} onRowClick={onRowClick} />
        </Box>
      )}
      {list.data && list.data.total > 0 && (
        <DataTableFooter
          page={state.page}
          pageSize={state.pageSize}
          total={list.data.total}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize, page: 1 })}
        />
      )}
    </Stack>
  );
}
