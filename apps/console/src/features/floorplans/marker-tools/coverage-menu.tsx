import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconFlame } from '@tabler/icons-react';
import type { CoverageMode } from './coverage-layers';

const MODE_NAMES: Record<CoverageMode, string> = {
  off: 'Off',
  gradient: 'Gradient',
  flat: 'Flat',
};

const MODE_HINTS: Record<CoverageMode, string> = {
  off: 'No heatmap',
  gradient: 'Strongest at each gateway, fading to its coverage radius',
  flat: 'Every covered place in one colour: the gaps show',
};

/**
 * SPEC §2.7 coverage heatmap (super admins): off, gradient or flat, chosen from a menu of the map's
 * toolbar. The button is pressed while a heatmap is drawn.
 */
export function CoverageMenu({
  mode,
  onChange,
}: {
  mode: CoverageMode;
  onChange: (mode: CoverageMode) => void;
}) {
  const label = 'Coverage heatmap';
  return (
    // Not in a portal: in full screen only the map's frame is shown.
    <Menu position="left-start" withinPortal={false} shadow="md">
      <Menu.Target>
        <Tooltip label={`${label}: ${MODE_NAMES[mode].toLowerCase()}`} position="left" withinPortal={false}>
          <ActionIcon
            variant={mode === 'off' ? 'default' : 'filled'}
            size="lg"
            aria-label={label}
            aria-pressed={mode !== 'off'}
          >
            <IconFlame size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {(Object.keys(MODE_NAMES) as CoverageMode[]).map((option) => (
          <Menu.Item
            key={option}
            // Mantine's items are menuitems (not radios): the chosen one is the current one.
            aria-current={mode === option ? 'true' : undefined}
            leftSection={
              <IconCheck
                size={16}
                aria-hidden
                style={{ visibility: mode === option ? 'visible' : 'hidden' }}
              />
            }
            onClick={() => onChange(option)}
          >
            {MODE_NAMES[option]}
            <Text component="span" size="xs" c="dimmed" display="block" maw={220}>
              {MODE_HINTS[option]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
