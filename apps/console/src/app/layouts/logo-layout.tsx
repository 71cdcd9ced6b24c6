import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import { VigilMark } from '../../ui/vigil-mark';

/** SPEC §2.5 logo-only layout: the mark above a centred card (error pages, links). */
export function LogoLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="lg" w="100%" maw={520}>
        <Group component="header" gap="xs">
          <VigilMark size={36} />
          <Text fw={700} size="xl">
            Vigil
          </Text>
        </Group>
        <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w="100%">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
