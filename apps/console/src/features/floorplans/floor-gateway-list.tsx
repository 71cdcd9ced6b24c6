import { memo } from 'react';
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
import type { FloorGateway } from './gateway-markers';
import classes from './floorplans.module.css';

export type FloorGatewayListProps = {
  rows: readonly FloorGateway[];
  /** How many gateways the floor has in all (more than the 500 of one load, SPEC §9). */
  total: number;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Links each row to its gateway's detail (read Gateway). */
  linkToDetail: boolean;
  /** The rows are on their way (drawn after the map): says so instead of 'none'. */
  pending?: boolean;
};

/**
 * The gateways drawn on the map as a list: what the canvas shows, readable by everyone (a screen
 * reader, a keyboard), and a way to find one on the map. Memoised: an alert update re-renders the
 * floor's screen, and up to 500 rows need not follow it (docs/BENCHMARKS.md 'Floor map').
 */
export const FloorGatewayList = memo(function FloorGatewayList({
  rows,
  total,
  selectedId,
  onSelect,
  linkToDetail,
  pending = false,
}: FloorGatewayListProps) {
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.side}
      component="section"
      aria-labelledby="floor-gateways"
    >
      <Group justify="space-between" px="md" pt="md" pb="xs">
        <Title order={2} size="h5" id="floor-gateways">
          Gateways on this floor
        </Title>
        {!pending && (
          <Badge variant="light" color="gray" aria-label={`${rows.length} gateways`}>
            {rows.length}
          </Badge>
        )}
      </Group>
      {!pending && total > rows.length && (
        <Text size="xs" c="dimmed" px="md" pb="xs">
          Showing the first {rows.length} of {total} gateways.
        </Text>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md" role={pending ? 'status' : undefined}>
          {pending ? 'Listing the gateways…' : 'No gateway with coordinates is placed on this floor yet.'}
        </Text>
      ) : (
        <ScrollArea type="auto" scrollbars="y" className={classes.sideScroll}>
          <Stack component="ul" gap={2} px="xs" pb="xs" m={0} className={classes.list}>
            {rows.map((row) => (
              <Row
                key={row.gateway.id}
                row={row}
                selected={row.gateway.id === selectedId}
                onSelect={onSelect}
                linkToDetail={linkToDetail}
              />
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Paper>
  );
});

function Row({
  row,
  selected,
  onSelect,
  linkToDetail,
}: {
  row: FloorGateway;
  selected: boolean;
  onSelect: (id: string | null) => void;
  linkToDetail: boolean;
}) {
  const { gateway, marker, place, status } = row;
  return (
    <Group component="li" gap={4} wrap="nowrap" className={classes.row} data-selected={selected || undefined}>
      <UnstyledButton
        className={classes.rowButton}
        aria-pressed={selected}
        aria-label={`Show ${gateway.id} on the map`}
        onClick={() => onSelect(selected ? null : gateway.id)}
      >
        <Group gap="sm" wrap="nowrap">
          <Box className={classes.dot} style={{ background: marker.colour }} aria-hidden />
          <Stack gap={0} miw={0} flex={1}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" fw={500}>
                {gateway.id}
              </Text>
              {status && (
                <Text size="xs" c="dimmed">
                  {status}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate title={place ?? undefined}>
              {place ?? 'No area'}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {linkToDetail && (
        <ActionIcon
          component={Link}
          to={`/gateway/${gateway.id}`}
          variant="subtle"
          color="gray"
          aria-label={`Open gateway ${gateway.id}`}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
