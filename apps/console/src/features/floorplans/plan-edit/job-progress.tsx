import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { PlanJobState } from '../../../api/plan-jobs';
import { stepLabel } from './plan-placement';

/**
 * A plan job's progress (SPEC §7: polled each second): its step and percent in a labelled progress
 * bar, and Cancel (SPEC §4 'cancel is possible').
 */
export function JobProgress({
  label,
  status,
  onCancel,
  cancelling,
}: {
  /** What the job does, e.g. 'Placing the plan'; the progress bar's name. */
  label: string;
  /** Undefined until the first poll answers. */
  status: PlanJobState | undefined;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = Math.round(status?.percent ?? 0);
  const step = status ? stepLabel(status.step) : 'Starting';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {percent} %
        </Text>
      </Group>
      <Progress value={percent} animated aria-label={label} transitionDuration={200} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" role="status">
          {step}: {percent} %
        </Text>
        <Button size="xs" variant="default" onClick={onCancel} loading={cancelling}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
