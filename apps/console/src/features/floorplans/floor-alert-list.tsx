import { alertLocationPath, alertModeLabel, formatAge } from '@vigil/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNow } from '../../ui/use-now';
import type { AlertTracker } from './alert-trackers';
import classes from './floorplans.module.css';

export type FloorAlertListProps = {
  trackers: readonly AlertTracker[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

/**
 * The alert trackers drawn on the map as a list (issue 15: a tracker's details): who, the mode,
 * where, how long ago, acknowledged or not, and a link to the alert. Choosing one shows it on the map.
 */
export function FloorAlertList({ trackers, selectedId, onSelect }: FloorAlertListProps) {
  // Ages tick every second, as on the alert cards; only this list re-renders for them.
  const now = useNow(1000);
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.alerts}
      component="section"
      aria-labelledby="floor-alerts"
    >
      <Group justify="space-between" px="md" pt="md" pb="xs">
        <Title order={2} size="h5" id="floor-alerts">
          Open alerts on this floor
        </Title>
        <Badge color="red.8" aria-label={`${trackers.length} open alerts`}>
          {trackers.length}
        </Badge>
      </Group>
      <ScrollArea type="auto" scrollbars="y" className={classes.sideScroll}>
        <Stack component="ul" gap={2} px="xs" pb="xs" m={0} className={classes.list}>
          {trackers.map(({ alert, tracker }) => {
            const selected = alert.id === selectedId;
            const age = formatAge(now.getTime() - new Date(alert.createdAt).getTime());
            return (
              <Group
                key={alert.id}
                component="li"
                gap={4}
                wrap="nowrap"
                className={classes.row}
                data-selected={selected || undefined}
              >
                <UnstyledButton
                  className={classes.rowButton}
                  aria-pressed={selected}
                  aria-label={`Show the alert of ${tracker.name} on the map`}
                  onClick={() => onSelect(selected ? null : alert.id)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Box
                      className={classes.dot}
                      style={{ background: tracker.color, borderColor: tracker.color }}
                      data-outlined={alert.acknowledged || undefined}
                      aria-hidden
                    />
                    <Stack gap={0} miw={0} flex={1}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {tracker.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {age}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" truncate title={alertLocationPath(alert.location)}>
                        {alertModeLabel(alert.mode)}
                        {alert.acknowledged ? ' · Acknowledged' : ''} · {alertLocationPath(alert.location)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
                <ActionIcon
                  component={Link}
                  to={`/alert/${alert.id}`}
                  variant="subtle"
                  color="gray"
                  aria-label={`Open the alert of ${tracker.name}`}
                >
                  <IconChevronRight size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
