import { Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconRotate2, IconRotateClockwise2 } from '@tabler/icons-react';
import { PLAN_ROTATE_FINE_STEP_DEG, PLAN_ROTATE_STEP_DEG } from '@vigil/domain';
import { ToolButton } from '../../../ui/map/tool-button';

/**
 * SPEC §2.7 plan toolbar: toggle the current plan, rotate by 5° (0.2° with Shift held) left or right.
 * Upload is PlanUpload; the satellite toggle is the map toolbar's own.
 */
export function PlanTools({
  bearing,
  onRotate,
  hasCurrentPlan,
  showCurrent,
  onToggleCurrent,
  disabled,
}: {
  /** The floor's map bearing shown while editing (its config.planBearing once saved). */
  bearing: number;
  /** `clockwise` turns the bearing clockwise (the plan on screen turns the other way). */
  onRotate: (clockwise: boolean, fine: boolean) => void;
  hasCurrentPlan: boolean;
  showCurrent: boolean;
  onToggleCurrent: () => void;
  disabled: boolean;
}) {
  const hint = `${PLAN_ROTATE_STEP_DEG}°, ${PLAN_ROTATE_FINE_STEP_DEG}° with Shift held`;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Group gap={6} role="toolbar" aria-label="Plan tools" wrap="nowrap">
        {/* The plan turns with the map: a larger bearing turns the map, so the plan, to the left. */}
        <ToolButton
          tooltipPosition="top"
          label="Rotate left"
          hint={`Rotate left: ${hint}`}
          icon={IconRotate2}
          disabled={disabled}
          onClick={(event) => onRotate(true, event.shiftKey)}
        />
        <ToolButton
          tooltipPosition="top"
          label="Rotate right"
          hint={`Rotate right: ${hint}`}
          icon={IconRotateClockwise2}
          disabled={disabled}
          onClick={(event) => onRotate(false, event.shiftKey)}
        />
        <ToolButton
          tooltipPosition="top"
          label="Current plan"
          hint={
            hasCurrentPlan
              ? showCurrent
                ? 'Hide the current plan'
                : 'Show the current plan'
              : 'This floor has no plan yet'
          }
          icon={showCurrent ? IconEye : IconEyeOff}
          pressed={hasCurrentPlan && showCurrent}
          disabled={!hasCurrentPlan}
          onClick={onToggleCurrent}
        />
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        Rotation: {bearing}°
      </Text>
    </Group>
  );
}
