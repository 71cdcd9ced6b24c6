import type { ReactNode } from 'react';
import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import classes from './floor-map.module.css';

/**
 * A floating panel over FloorMap's top left (an editor's form, a tool's readings): a child of
 * FloorMap, so it goes fullscreen with the map. Named for assistive technology by `label`.
 */
export function MapPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.panel}>
      <Paper component="section" aria-label={label} shadow="md" radius="md" p="sm" withBorder>
        {children}
      </Paper>
    </div>
  );
}

/** A floor map's place while its floor loads: a spinner and what is loading, at the map's height. */
export function MapLoading({ height, text }: { height: number; text: string }) {
  return (
    <Center h={height}>
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
