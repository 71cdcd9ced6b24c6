import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export type PageHeaderProps = {
  /** The screen's title, its only h1. */
  title: string;
  /** An optional line under the title. */
  description?: ReactNode;
  /** Buttons shown on the right, e.g. Add. */
  actions?: ReactNode;
};

/** A screen's heading: the h1 title with its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
