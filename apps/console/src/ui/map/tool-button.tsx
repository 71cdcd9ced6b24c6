import type { ComponentType } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';

export type ToolButtonProps = {
  /** The accessible name; stays the same while `pressed` changes. */
  label: string;
  /** The tooltip, when it says more than the name. */
  hint?: string;
  icon: ComponentType<IconProps>;
  pressed?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
};

/** A button of a map toolbar (FloorMap's own, or one a screen adds through its `tools`). */
export function ToolButton({
  label,
  hint,
  icon: Icon,
  pressed,
  disabled,
  loading,
  onClick,
}: ToolButtonProps) {
  return (
    // Not in a portal: in full screen only the map's frame is shown.
    <Tooltip label={hint ?? label} position="left" withinPortal={false}>
      <ActionIcon
        variant={pressed ? 'filled' : 'default'}
        size="lg"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      >
        <Icon size={18} stroke={1.75} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
