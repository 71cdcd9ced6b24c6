import { Center, Loader, Stack, Text } from '@mantine/core';

/** SPEC §2.5 loading layout: shown while the session or a screen loads. */
export function LoadingLayout({ inline = false }: { inline?: boolean }) {
  return (
    <Center h={inline ? 240 : '100vh'}>
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader />
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}
