import { Badge, Box, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { LocationNames } from '@vigil/domain';
import type { ResponderTracker } from '../../ui/map/responder-tracker';
import { seenAgo } from '../../ui/seen-ago';
import { useNow } from '../../ui/use-now';
import classes from './floorplans.module.css';

export type FloorResponderListProps = {
  trackers: readonly ResponderTracker[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

/**
 * Issue 20: the responders drawn on the map as a list (the trackers are hidden from assistive
 * technology): who, where their tag was last heard and how long ago. Choosing one shows it on the map.
 */
export function FloorResponderList({ trackers, selectedId, onSelect }: FloorResponderListProps) {
  const now = useNow(5_000);
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.alerts}
      component="section"
      aria-labelledby="floor-responders"
    >
      <Group justify="space-between" wrap="nowrap" px="md" pt="md" pb="xs">
        <Title order={2} size="h5" id="floor-responders">
          Responders on this floor
        </Title>
        <Badge color="blue.8" aria-label={`${trackers.length} responders`}>
          {trackers.length}
        </Badge>
      </Group>
      <ScrollArea type="auto" scrollbars="y" className={classes.sideScroll}>
        <Stack component="ul" gap={2} px="xs" pb="xs" m={0} className={classes.list}>
          {trackers.map(({ responder, tracker }) => {
            const selected = tracker.id === selectedId;
            return (
              <Box
                component="li"
                key={tracker.id}
                className={classes.row}
                data-selected={selected || undefined}
              >
                <UnstyledButton
                  className={classes.rowButton}
                  w="100%"
                  aria-pressed={selected}
                  aria-label={`Show ${responder.name} on the map`}
                  onClick={() => onSelect(selected ? null : tracker.id)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Box className={classes.dot} style={{ background: tracker.color }} aria-hidden />
                    <Stack gap={0} miw={0} flex={1}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {responder.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {seenAgo(responder.seenAt, now)}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" truncate title={tracker.details ?? undefined}>
                        {placeOf(responder.location) ?? tracker.details}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}

/** Where on the floor: the unit and area, e.g. 'Lobby › Main Entrance'. */
function placeOf(location: LocationNames | null): string | null {
  const parts = [location?.unit, location?.area].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' › ') : null;
}
