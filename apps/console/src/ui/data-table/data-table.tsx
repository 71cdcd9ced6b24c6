import { useEffect, useMemo, type ReactNode } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Box, Stack } from '@mantine/core';
import { BULK_MAX_IDS } from '@vigil/domain';
import type { Query } from '../../api/client';
import { listApiOf, useListPage, type ListApi } from '../../api/lists';
import { EmptyState } from '../empty-state';
import { ErrorPanel } from '../error-panel';
import { TableSkeleton } from '../table-skeleton';
import { ColumnMenu } from './column-menu';
import type { CsvSpec } from './csv';
import { CsvDownload } from './csv-download';
import { DataTableFooter } from './data-table-footer';
import { DataTableGrid, withRowActions } from './data-table-grid';
import { SelectionBar, withSelection } from './data-table-selection';
import { DataTableToolbar } from './data-table-toolbar';
import { useColumnVisibility } from './use-column-visibility';
import { rowIdOf, useRowSelection } from './use-row-selection';
import { useTableState, type TableState } from './use-table-state';

export type DataTableProps<T> = {
  /**
   * The list: its area's endpoint (e.g. `USERS_API`, GET /api/users with the list contract, cached
   * under the users' keys), or a bare API path for a list outside any area's keys.
   */
  api: ListApi | string;
  /** TanStack columns; a column's `id` is the server's orderBy field, sortable only with `enableSorting: true`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own idiom for mixed value types
  columns: ColumnDef<T, any>[];
  /** Extra query parameters sent with every page, e.g. filters (`where`, `level`). */
  params?: Query;
  /** Key under which page, page size, sort and search (sessionStorage) and column choices (localStorage) are kept. */
  stateKey: string;
  /** A heading (h2) above the table. */
  title?: string;
  /** Shows an Add button that calls this. */
  onAdd?: () => void;
  /** The Add button's text (default 'Add'). */
  addLabel?: string;
  /** Offers Download CSV with this file name and these columns. */
  csv?: CsvSpec<T>;
  /** Per-row buttons (Edit, Delete…) in a last column. */
  rowActions?: (row: T) => ReactNode;
  /** Makes rows clickable (and openable with Enter). */
  onRowClick?: (row: T) => void;
  /** The empty state's text. */
  emptyText?: string;
  /** The search box's placeholder. */
  searchPlaceholder?: string;
  /**
   * Controls at the toolbar's start, before the search (the list's filter selects): on the
   * toolbar's line rather than a line of their own, so more rows fit on a screen.
   */
  filters?: ReactNode;
  /** Adds a checkbox column: rows stay selected (by id) across pages, sorts and searches. */
  selectable?: boolean;
  /** Called with the selected rows whenever the selection changes. */
  onSelectionChange?: (rows: T[]) => void;
  /** The batch menu shown beside 'N selected' while rows are selected; `clear` empties the selection. */
  batchActions?: (selected: T[], clear: () => void) => ReactNode;
  /** At most this many rows can be selected (default SPEC §9's 500, a bulk write's limit). */
  maxSelected?: number;
  /** How a row is named in its checkbox's accessible name, 'Select <name>' (default its id). */
  rowLabel?: (row: T) => string;
  /** Column ids hidden until the user shows them in the Columns menu. */
  defaultHiddenColumns?: string[];
};

const NO_ROWS: never[] = [];

/** SPEC §2.8: a server-paged, sorted and searched list (docs/API.md list contract). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { api, params, rowActions, selectable, rowLabel, onSelectionChange } = props;
  const maxSelected = props.maxSelected ?? BULK_MAX_IDS;
  const [state, update] = useTableState(props.stateKey);
  const [columnVisibility, onColumnVisibilityChange] = useColumnVisibility(
    props.stateKey,
    props.defaultHiddenColumns,
  );
  const list = useListPage<T>(api, { params, ...state });
  const selection = useRowSelection<T>(list.data?.data, maxSelected);

  const columns = useMemo(() => {
    const withActions = withRowActions(props.columns, rowActions);
    return selectable ? withSelection(withActions, rowLabel ?? ((row: T) => rowIdOf(row))) : withActions;
  }, [props.columns, rowActions, selectable, rowLabel]);

  const sorting: SortingState = state.sort ? [state.sort] : [];
  const table = useReactTable<T>({
    data: list.data?.data ?? NO_ROWS,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowIdOf(row, index),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: list.data?.total ?? 0,
    defaultColumn: { enableSorting: false },
    sortDescFirst: false,
    state: { sorting, columnVisibility, rowSelection: selection.rowSelection },
    onColumnVisibilityChange,
    enableRowSelection: selectable ? (row) => !selection.full || row.getIsSelected() : false,
    onRowSelectionChange: selection.onRowSelectionChange,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      update({ sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null, page: 1 });
    },
  });

  useEffect(() => {
    onSelectionChange?.(selection.rows);
  }, [selection.rows, onSelectionChange]);

  // A page emptied by a deletion elsewhere moves back to the last page that has rows.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage) update({ page: lastPage });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  return (
    <Stack gap="md">
      <DataTableToolbar
        title={props.title}
        search={state.search}
        onSearch={(search) => update({ search, page: 1 })}
        searchPlaceholder={props.searchPlaceholder}
        filters={props.filters}
        onAdd={props.onAdd}
        addLabel={props.addLabel}
        onRefresh={() => void list.refetch()}
        download={
          props.csv && (
            <CsvDownload api={listApiOf(api).path} filters={filtersOf(params, state)} csv={props.csv} />
          )
        }
        columnMenu={hideable.length > 1 && <ColumnMenu columns={hideable} />}
        selectionBar={
          selectable &&
          selection.count > 0 && (
            <SelectionBar count={selection.count} max={maxSelected} onClear={selection.clear}>
              {props.batchActions?.(selection.rows, selection.clear)}
            </SelectionBar>
          )
        }
      />
      {list.isPending ? (
        <TableSkeleton rows={Math.min(state.pageSize, 10)} columns={columns.length} />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={props.emptyText ?? 'Nothing to show'} />
      ) : (
        <Box aria-busy={list.isFetching}>
          <DataTableGrid table={table} onRowClick={props.onRowClick} />
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

function filtersOf(params: Query | undefined, state: TableState) {
  return { params, sort: state.sort, search: state.search };
}
