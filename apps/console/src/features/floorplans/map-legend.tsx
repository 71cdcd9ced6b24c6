import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import classes from './floorplans.module.css';

export type MapLegendProps = { entries: { colour: string; hex: string; meaning: string; count: number }[] };

/** What the marker colours on the map mean (SPEC §4), only those drawn. */
export function MapLegend({ entries }: MapLegendProps) {
  if (entries.length === 0) return null;
  return (
    <Paper shadow="xs" radius="md" px="sm" py={6} withBorder aria-label="Marker colours" component="section">
      <Stack gap={2}>
        {entries.map((entry) => (
          <Group key={entry.colour} gap={8} wrap="nowrap">
            <Box className={classes.dot} style={{ background: entry.hex }} aria-hidden />
            <Text size="xs">
              {entry.meaning} ({entry.count})
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
