import type { CSSProperties, ReactNode } from 'react';
import { flexRender, type ColumnDef, type Header, type Table as TanStackTable } from '@tanstack/react-table';
import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { TruncatedCell, truncatingWidths } from './data-table-truncate';

export type DataTableGridProps<T> = {
  table: TanStackTable<T>;
  onRowClick?: (row: T) => void;
};

/** Adds a last 'Actions' column of per-row buttons that act without also opening the row. */
export function withRowActions<T>(
  columns: ColumnDef<T, any>[], // eslint-disable-line @typescript-eslint/no-explicit-any
  rowActions?: (row: T) => ReactNode,
): ColumnDef<T, unknown>[] {
  if (!rowActions) return columns;
  const actions: ColumnDef<T, unknown> = {
    id: 'actions',
    enableHiding: false,
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => (
      <Group
        gap="xs"
        justify="flex-end"
        wrap="nowrap"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {rowActions(row.original)}
      </Group>
    ),
  };
  return [...columns, actions];
}

function ariaSort<T>(header: Header<T, unknown>) {
  if (!header.column.getCanSort()) return undefined;
  const dir = header.column.getIsSorted();
  return dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';
}

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconSelector;
  return <Icon size={14} aria-hidden />;
}

const ONE_LINE: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * The table itself: sortable headers are buttons; clickable rows also open with Enter. Headers
 * stay on one line, so a two-word header ('Last seen') does not make the header row twice as tall.
 */
export function DataTableGrid<T>({ table, onRowClick }: DataTableGridProps<T>) {
  // A table with a truncating column keeps every row on one line (data-table-truncate.tsx).
  const widths = truncatingWidths(table);
  const oneLine = widths.size > 0;
  return (
    <Table.ScrollContainer minWidth={480}>
      {/* One-line rows sit closer side by side (8 px a side, not 10), leaving more to the cut columns. */}
      <Table striped highlightOnHover={!!onRowClick} horizontalSpacing={oneLine ? 8 : undefined}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th
                  key={header.id}
                  aria-sort={ariaSort(header)}
                  style={{ ...ONE_LINE, width: widths.get(header.column.id) }}
                >
                  {header.isPlaceholder ? null : header.column.getCanSort() ? (
                    <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <SortIcon dir={header.column.getIsSorted()} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr
              key={row.id}
              tabIndex={onRowClick ? 0 : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              onKeyDown={
                onRowClick
                  ? (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget)
                        onRowClick(row.original);
                    }
                  : undefined
              }
            >
              {row.getVisibleCells().map((cell) =>
                widths.has(cell.column.id) ? (
                  <Table.Td key={cell.id} style={{ ...ONE_LINE, maxWidth: 0 }}>
                    <TruncatedCell cell={cell}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TruncatedCell>
                  </Table.Td>
                ) : (
                  <Table.Td key={cell.id} style={oneLine ? ONE_LINE : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
