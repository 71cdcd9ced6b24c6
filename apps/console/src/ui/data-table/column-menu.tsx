import type { Column } from '@tanstack/react-table';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

/** A column's name in the menu: its header when that is text, else its id. */
function columnName<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

/** The 'Columns' menu: a checkbox per column to show or hide it; the last shown column stays. */
export function ColumnMenu<T>({ columns }: { columns: Column<T, unknown>[] }) {
  const shown = columns.filter((c) => c.getIsVisible()).length;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns shown">
          <Text size="xs" c="dimmed">
            Columns shown
          </Text>
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              label={columnName(column)}
              checked={column.getIsVisible()}
              disabled={column.getIsVisible() && shown === 1}
              onChange={column.getToggleVisibilityHandler()}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
