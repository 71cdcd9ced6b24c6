import { useEffect, useMemo, type ReactNode } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Box, Stack } from '@mantine/core';
import { ORDER_MESSAGES, type OrderRecipient } from '@vigil/domain';
import { RECIPIENTS_API } from '../../api/orders';
import { useListPage } from '../../api/lists';
import { DataTableFooter } from '../../ui/data-table/data-table-footer';
import { DataTableGrid, withRowActions } from '../../ui/data-table/data-table-grid';
import { DataTableToolbar } from '../../ui/data-table/data-table-toolbar';
import { useTableState } from '../../ui/data-table/use-table-state';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

const NO_ROWS: OrderRecipient[] = [];
const STATE_KEY = 'orderRecipients';

const COLUMNS: ColumnDef<OrderRecipient>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
  { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customer?.name ?? 'Any' },
  { id: 'addresses', header: 'Addresses', accessorKey: 'addresses' },
  { id: 'contacts', header: 'Contacts', accessorKey: 'contacts' },
  { id: 'notes', header: 'Notes', cell: ({ row }) => row.original.notes || '—' },
];

export type RecipientTableProps = {
  rowActions?: (recipient: OrderRecipient) => ReactNode;
  onRowClick: (recipient: OrderRecipient) => void;
  onAdd?: () => void;
};

/**
 * The recipients (SPEC §2.8 list, SPEC §7 GET orders/recipients): the shared table's toolbar, grid
 * and footer around the book's own error state, which says SPEC §8's 'Failed to fetch order
 * recipient data'.
 */
export function RecipientTable({ rowActions, onRowClick, onAdd }: RecipientTableProps) {
  const [state, update] = useTableState(STATE_KEY);
  const list = useListPage<OrderRecipient>(RECIPIENTS_API, state);
  const columns = useMemo(() => withRowActions(COLUMNS, rowActions), [rowActions]);
  const sorting: SortingState = state.sort ? [state.sort] : [];
  const table = useReactTable<OrderRecipient>({
    data: list.data?.data ?? NO_ROWS,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    rowCount: list.data?.total ?? 0,
    defaultColumn: { enableSorting: false },
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      update({ sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null, page: 1 });
    },
  });

  // A page emptied by a deletion moves back to the last page that has rows.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage) update({ page: lastPage });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  return (
    <Stack gap="md">
      <DataTableToolbar
        search={state.search}
        onSearch={(search) => update({ search, page: 1 })}
        searchPlaceholder="Search by name or notes"
        onAdd={onAdd}
        addLabel="Add recipient"
        onRefresh={() => void list.refetch()}
      />
      {list.isPending ? (
        <TableSkeleton rows={Math.min(state.pageSize, 10)} columns={columns.length} />
      ) : list.isError ? (
        <ErrorPanel
          error={list.error}
          title={ORDER_MESSAGES.recipientsLoadFailed}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title={state.search ? 'No recipients match' : 'No recipients yet'}
          description={state.search ? 'Try another search.' : 'Add who receives your shipments.'}
        />
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
