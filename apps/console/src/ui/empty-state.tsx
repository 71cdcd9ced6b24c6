import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export type EmptyStateProps = {
  /** What is empty, in the user's words ('No users yet'). */
  title: string;
  /** An optional hint on what to do next. */
  description?: ReactNode;
  /** An optional action, e.g. an Add button. */
  action?: ReactNode;
};

/** The explicit empty state every list and screen shows instead of a blank area. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      icon={<IconInbox aria-hidden />}
      title={title}
      description={description}
      withIndicatorBackground
    >
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
