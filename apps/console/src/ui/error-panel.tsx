import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages } from '../api/messages';

export type ErrorPanelProps = {
  /** The failure: its server reason is shown (SPEC §8). */
  error: unknown;
  /** A heading above the reason. */
  title?: string;
  /** Shows a Retry button that calls this. */
  onRetry?: () => void;
};

/** The explicit error state of a screen or list: the reason, and Retry when it can be retried. */
export function ErrorPanel({ error, title = 'Could not load', onRetry }: ErrorPanelProps) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle aria-hidden />}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text size="sm">{messages.problem(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
