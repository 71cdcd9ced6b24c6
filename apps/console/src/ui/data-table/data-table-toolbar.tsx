import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@vigil/domain';

export type DataTableToolbarProps = {
  title?: string;
  search: string;
  onSearch: (search: string) => void;
  searchPlaceholder?: string;
  /** Controls before the search (filter selects), after the title. */
  filters?: ReactNode;
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

/**
 * Title and filters, then search box (debounced 200 ms, SPEC §9), Add, Download CSV, Columns and
 * Refresh; then the selection bar.
 */
export function DataTableToolbar(props: DataTableToolbarProps) {
  const { title, search, onSearch, onAdd, addLabel = 'Add', download, columnMenu, onRefresh } = props;
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (debounced !== search) onSearch(debounced);
  }, [debounced, search, onSearch]);

  return (
    <Stack gap="sm">
      {/* 10 px apart (xs), and the start aligned, so the filters, a search box wide enough for
          its placeholder and the buttons share one line down to 1280 px. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        {title || props.filters ? (
          <Group gap="xs">
            {title && <Title order={2}>{title}</Title>}
            {props.filters}
          </Group>
        ) : (
          <span />
        )}
        <Group gap="xs" justify="flex-end" style={{ flex: 1 }}>
          <TextInput
            aria-label="Search"
            placeholder={props.searchPlaceholder ?? 'Search'}
            // Up to 22rem, wide enough for a placeholder naming three or four fields ('Search by
            // name, person ID or e-mail'); from 14rem, taking what the filters and buttons leave
            // rather than pushing a button onto a second line.
            style={{ flex: '1 1 14rem', maxWidth: '22rem', minWidth: 'min(12rem, 100%)' }}
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
          {/* An icon, named and with a tooltip: its width goes to the search box and filters. */}
          <Tooltip label="Refresh">
            <ActionIcon variant="default" size="input-sm" aria-label="Refresh" onClick={onRefresh}>
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {props.selectionBar}
    </Stack>
  );
}
