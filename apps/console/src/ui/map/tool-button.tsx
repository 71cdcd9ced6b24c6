import type { ComponentType, MouseEvent } from 'react';
import { ActionIcon, Tooltip, type TooltipProps } from '@mantine/core';
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
  /** Where the tooltip opens: left of the map's toolbar unless said (e.g. in a panel). */
  tooltipPosition?: TooltipProps['position'];
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
};

/** A button of a map toolbar (FloorMap's own, or one a screen adds through its `tools`). */
export function ToolButton({
  label,
  hint,
  icon: Icon,
  pressed,
  disabled,
  loading,
  tooltipPosition = 'left',
  onClick,
}: ToolButtonProps) {
  return (
    // Not in a portal: in full screen only the map's frame is shown.
    <Tooltip label={hint ?? label} position={tooltipPosition} withinPortal={false}>
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
