import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@vigil/domain';

export type DataTableToolbarProps = {
  title?: string;
  search: string;
  onSearch: (search: string) => void;
  searchPlaceholder?: string;
  onAdd?: () => void;
  addLabel?: string;
  /** The Download CSV control, when the table offers one. */
  download?: ReactNode;
  /** The Columns menu, when the table offers one. */
  columnMenu?: ReactNode;
  /** The selection bar ('N selected', batch actions), shown under the toolbar while rows are selected. */
  selectionBar?: ReactNode;
  onRefresh: () => void;
};

/** Title, search box (debounced 200 ms, SPEC §9), Add, Download CSV, Columns and Refresh; then the selection bar. */
export function DataTableToolbar(props: DataTableToolbarProps) {
  const { title, search, onSearch, onAdd, addLabel = 'Add', download, columnMenu, onRefresh } = props;
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (debounced !== search) onSearch(debounced);
  }, [debounced, search, onSearch]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {title ? <Title order={2}>{title}</Title> : <span />}
        <Group gap="sm">
          <TextInput
            aria-label="Search"
            placeholder={props.searchPlaceholder ?? 'Search'}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
          />
          {onAdd && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
          {download}
          {columnMenu}
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRefresh}>
            Refresh
          </Button>
        </Group>
      </Group>
      {props.selectionBar}
    </Stack>
  );
}
