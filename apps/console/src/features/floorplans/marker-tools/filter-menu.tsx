import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { MarkerColour } from '@vigil/domain';
import { NO_FILTER, isFilterEmpty, toggleColour, type MarkerFilter } from './marker-filter';

export type FilterEntry = { colour: MarkerColour; hex: string; meaning: string; count: number };

/**
 * SPEC §2.7 marker toolbar's filter: which gateways the map draws, by what their colour means (the
 * colours on this floor) and by a piece of their MAC, unit or area. Pressed while it hides any.
 */
export function FilterMenu({
  entries,
  filter,
  onChange,
  shown,
  total,
}: {
  entries: readonly FilterEntry[];
  filter: MarkerFilter;
  onChange: (filter: MarkerFilter) => void;
  shown: number;
  total: number;
}) {
  const active = !isFilterEmpty(filter);
  const label = 'Filter markers';
  return (
    // Not in a portal: in full screen only the map's frame is shown.
    <Popover position="left-start" withinPortal={false} shadow="md" trapFocus width={280}>
      <Popover.Target>
        <Tooltip
          label={active ? `${label}: ${shown} of ${total} shown` : label}
          position="left"
          withinPortal={false}
        >
          <ActionIcon
            variant={active ? 'filled' : 'default'}
            size="lg"
            aria-label={label}
            aria-pressed={active}
          >
            <IconFilter size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="xs">
          <TextInput
            label="MAC, unit or area"
            placeholder="e.g. b0a7 or Lobby"
            size="xs"
            value={filter.text}
            onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
          />
          {entries.length > 0 && (
            <Fieldset
              variant="unstyled"
              legend="Show markers that are"
              p={0}
              styles={{ legend: { fontSize: 'var(--mantine-font-size-xs)', fontWeight: 500 } }}
            >
              <Stack gap={6} mt={4}>
                {entries.map((entry) => (
                  <Checkbox
                    key={entry.colour}
                    size="xs"
                    checked={!filter.hiddenColours.includes(entry.colour)}
                    onChange={() => onChange(toggleColour(filter, entry.colour))}
                    label={
                      <Group gap={6} wrap="nowrap" component="span">
                        <Box
                          component="span"
                          w={10}
                          h={10}
                          style={{ borderRadius: '50%', background: entry.hex }}
                          aria-hidden
                        />
                        {entry.meaning} ({entry.count})
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </Fieldset>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" aria-live="polite">
              {shown} of {total} shown
            </Text>
            <Button size="compact-xs" variant="subtle" disabled={!active} onClick={() => onChange(NO_FILTER)}>
              Show all
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
