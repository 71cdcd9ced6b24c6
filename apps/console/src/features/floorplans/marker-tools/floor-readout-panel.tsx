import { Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Zone } from '@vigil/domain';
import { markerQueries } from '../../../api/markers';
import type { FloorGateway } from '../gateway-markers';
import { floorReadout, markerCount } from './floor-readout';

/**
 * SPEC §2.7, §9: the super admin's floor area (ft²) and marker density (markers per 1,000 ft²), from
 * the plan's corners and the floor's markers (GET markers, SPEC §7: limit 500).
 */
export function FloorReadoutPanel({ floor, rows }: { floor: Zone; rows: readonly FloorGateway[] }) {
  // Read once per visit: the editor, not this readout, needs SPEC §9's 5-second refresh.
  const markers = useQuery({ ...markerQueries.list(floor.id), refetchInterval: false });
  const count = markers.data ? markerCount(markers.data.data, rows) : null;
  const readout = floorReadout(floor.config.geometry, count ?? 0);
  let density = readout.density;
  if (readout.measured && markers.isPending) density = 'Counting markers…';
  else if (readout.measured && markers.isError) density = `Could not count markers: ${markers.error.message}`;
  return (
    <Paper
      component="section"
      aria-label="Floor area and marker density"
      shadow="xs"
      radius="md"
      px="sm"
      py={6}
      withBorder
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          Floor area
        </Text>
        <Text size="xs" data-testid="floor-area">
          {readout.area}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          Marker density
        </Text>
        <Text size="xs" data-testid="marker-density">
          {density}
          {readout.measured && count !== null && ` (${count} ${count === 1 ? 'marker' : 'markers'})`}
        </Text>
      </Group>
    </Paper>
  );
}
