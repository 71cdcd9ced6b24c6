import type { ReactNode } from 'react';
import type { Cell, Column, RowData, Table } from '@tanstack/react-table';
import { Text } from '@mantine/core';

/**
 * A column whose cells stay on one line, cut with an ellipsis where the column is too narrow (a
 * long location path). `share`: truncating columns divide the table's spare width by it (default
 * 1). `ellipsis: 'start'` cuts the start instead of the end ('…Floor 1 › Room 201'), for paths
 * whose last parts say the most.
 */
export type ColumnTruncate = true | { share?: number; ellipsis?: 'start' | 'end' };

declare module '@tanstack/react-table' {
  // TanStack's declaration names both parameters, so its augmentation must too.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * One line, cut with an ellipsis (see ColumnTruncate). The full text stays the cell's text, so
     * a screen reader reads all of it, and shows on hover. A table with such a column keeps every
     * row on one line.
     */
    truncate?: ColumnTruncate;
  }
}

const shareOf = <T,>(column: Column<T, unknown>) => {
  const truncate = column.columnDef.meta?.truncate;
  return !truncate ? 0 : truncate === true ? 1 : (truncate.share ?? 1);
};

/**
 * The widths of a table's truncating columns: each its share of the spare width, as percentages
 * summing to 100%. With max-width 0 on their cells (which lets the table narrow them below their
 * text, down to their header), the table gives them all the width its other columns do not need,
 * and those keep their content's width on one line (wrapped, they would shrink to their longest
 * word instead). Empty when no column truncates.
 */
export function truncatingWidths<T>(table: Table<T>): Map<string, string> {
  const columns = table.getVisibleLeafColumns();
  const total = columns.reduce((sum, column) => sum + shareOf(column), 0);
  const widths = new Map<string, string>();
  for (const column of columns) {
    const share = shareOf(column);
    if (share > 0) widths.set(column.id, `${((share / total) * 100).toFixed(3)}%`);
  }
  return widths;
}

/** A truncating cell's content: cut on one line, its value (when text or a number) on hover. */
export function TruncatedCell<T>({ cell, children }: { cell: Cell<T, unknown>; children: ReactNode }) {
  const truncate = cell.column.columnDef.meta?.truncate;
  const start = typeof truncate === 'object' && truncate.ellipsis === 'start';
  const value = cell.getValue();
  const title = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  return (
    <Text component="div" inherit truncate={start ? 'start' : 'end'} title={title || undefined}>
      {/* Cut at the start, the box runs right to left; the text inside stays left to right. */}
      {start ? <span dir="ltr">{children}</span> : children}
    </Text>
  );
}
