import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../api/errors';
import { messages } from '../api/messages';

export type ErrorPanelProps = {
  /** The failure: its server reason is shown (SPEC §8). */
  error: unknown;
  /** A heading above the reason. */
  title?: string;
  /** Shows a Retry button that calls this, unless the failure is final (`mayRetry`). */
  onRetry?: () => void;
};

/**
 * Whether asking again may succeed: a network failure, a timeout, a rate limit or a server fault
 * may pass; any other answer of the server (not found, forbidden, refused) is final.
 */
export function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The explicit error state of a screen or list: the reason, and Retry when it can be retried. */
export function ErrorPanel({ error, title = 'Could not load', onRetry }: ErrorPanelProps) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle aria-hidden />}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text size="sm">{messages.problem(error)}</Text>
        {onRetry && mayRetry(error) && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
