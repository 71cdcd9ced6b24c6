import type { ReactNode } from 'react';
import { AppShell, Group, Text } from '@mantine/core';
import { VigilMark } from '../../ui/vigil-mark';
import { SkipLink, mainProps } from '../shell/skip-link';

/** The default layout's header alone, for a screen shown to someone not signed in (error pages). */
export function HeaderLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <VigilMark />
          <Text fw={700}>Vigil</Text>
        </Group>
      </AppShell.Header>
      <AppShell.Main {...mainProps}>{children}</AppShell.Main>
    </AppShell>
  );
}
