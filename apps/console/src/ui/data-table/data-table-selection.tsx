import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';

const stop = { onClick: (event: { stopPropagation: () => void }) => event.stopPropagation() };

/**
 * A first column of checkboxes: the header's selects or clears the shown page, each row's its row.
 * Real checkboxes, so Tab and Space work; a click on one never opens the row.
 */
export function withSelection<T>(
  columns: ColumnDef<T, unknown>[],
  rowLabel: (row: T) => string,
): ColumnDef<T, unknown>[] {
  const select: ColumnDef<T, unknown> = {
    id: 'select',
    enableHiding: false,
    enableSorting: false,
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={() => table.toggleAllPageRowsSelected(!table.getIsAllPageRowsSelected())}
        {...stop}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
        onKeyDown={(event) => event.stopPropagation()}
        {...stop}
      />
    ),
  };
  return [select, ...columns];
}

export type SelectionBarProps = {
  count: number;
  max: number;
  onClear: () => void;
  /** The batch menu for the selected rows. */
  children?: ReactNode;
};

/** 'N selected', Clear selection and the list's batch actions, shown while rows are selected. */
export function SelectionBar({ count, max, onClear, children }: SelectionBarProps) {
  return (
    <Paper withBorder p="xs" role="region" aria-label="Selected rows">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Text size="sm" fw={600} aria-live="polite">
            {`${count.toLocaleString('en-US')} selected`}
          </Text>
          {count >= max && (
            <Text size="sm" c="dimmed">
              {`At most ${max.toLocaleString('en-US')} rows can be selected at once.`}
            </Text>
          )}
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
