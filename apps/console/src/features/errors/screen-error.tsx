import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

// A screen that failed while loading or drawing, in place of the screen (the layout around it
// stays): its code did not arrive (a network failure, SPEC §9's 120 s chunk load timeout, or a
// new build that replaced the old files), or it broke. Reloading fetches the current build.

/** The route error boundary's screen: what happened and a Reload. */
export function ScreenError() {
  const error = useRouteError();
  const notLoaded = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <Stack gap="md" align="flex-start" maw={640}>
      <Title order={1} size="h2">
        {notLoaded ? 'This screen could not be loaded' : 'This screen stopped working'}
      </Title>
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Text c="black">
          {notLoaded
            ? 'Its code did not arrive: the network may be down, or Vigil was updated. Reload to try again.'
            : 'Something went wrong while showing it. Reload to try again; if it happens again, tell your administrator.'}
        </Text>
        {error instanceof Error && (
          <Text c="black" size="sm" mt="xs">
            {error.message}
          </Text>
        )}
      </Alert>
      <Group gap="md">
        <Button leftSection={<IconRefresh aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    </Stack>
  );
}
