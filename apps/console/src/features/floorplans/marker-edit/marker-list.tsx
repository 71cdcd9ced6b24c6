import { ColorSwatch, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { MARKER_COLOUR_HEX, type Marker } from '@vigil/domain';
import { editColour, markerName, type MarkerKind } from './marker-features';
import classes from './marker-edit.module.css';

/**
 * The mode's markers as a list beside the map: what a keyboard (or a screen reader) selects them
 * by, as a click on the map does. Each shows its edit colour and what it is.
 */
export function MarkerList({
  kind,
  markers,
  selectedId,
  onSelect,
  hasPlan,
}: {
  kind: MarkerKind;
  markers: readonly Marker[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  hasPlan: boolean;
}) {
  const what = kind === 'cameras' ? 'cameras' : 'markers';
  if (markers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No {what} on this floor yet. Choose Add {kind === 'cameras' ? 'camera' : 'marker'}, then click the map
        where {kind === 'cameras' ? 'a camera is' : 'a gateway goes'}.
        {!hasPlan && ' This floor has no plan yet: its ground is blank.'}
      </Text>
    );
  }
  return (
    <section aria-label={kind === 'cameras' ? 'Cameras on this floor' : 'Markers on this floor'}>
      <Text size="xs" c="dimmed" mb={4}>
        {markers.length} {markers.length === 1 ? what.slice(0, -1) : what}; choose one to edit it.
      </Text>
      <ScrollArea.Autosize mah={180} type="auto">
        <Stack gap={2} component="ul" className={classes.list}>
          {markers.map((marker) => (
            <li key={marker.id}>
              <UnstyledButton
                className={classes.item}
                aria-pressed={marker.id === selectedId}
                onClick={() => onSelect(marker.id)}
              >
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch size={12} color={MARKER_COLOUR_HEX[editColour(marker, kind)]} aria-hidden />
                  <Text size="sm" truncate>
                    {markerName(marker, kind)}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </section>
  );
}
