import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { LngLat, Marker } from '@vigil/domain';
import type { Draft } from './use-draft';
import type { useMarkerActions } from './use-marker-actions';
import { CameraFields } from './camera-fields';
import { GatewayAssign } from './gateway-assign';
import { MarkerFields } from './marker-fields';
import {
  NUDGE_KEYS,
  NUDGE_METRES,
  NUDGE_METRES_SHIFT,
  lngLatOf,
  markerName,
  nudge,
  type MarkerKind,
} from './marker-features';
import classes from './marker-edit.module.css';

export type MarkerActions = ReturnType<typeof useMarkerActions>;

type Props = {
  floorId: string;
  kind: MarkerKind;
  outdoor: boolean;
  marker: Marker;
  draft: Draft;
  actions: MarkerActions;
  /** The plan's bearing: "up" on the turned map, for the arrow keys. */
  bearing: number;
  /** Where the marker has been nudged to, not saved yet. */
  pending: LngLat | null;
  onNudge: (at: LngLat | null) => void;
  onCommitMove: (at: LngLat) => void;
  onRemoved: () => void;
  onError: (message: string | null) => void;
};

/** The selected marker (or camera): its form, its position, removing it, and (markers) its gateway. */
export function MarkerDetails(props: Props) {
  const { kind, marker, actions } = props;
  async function remove() {
    props.onError(null);
    if (await actions.removeMarker(marker)) props.onRemoved();
  }
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h6">
        {markerName(marker, kind)}
      </Title>
      {kind === 'cameras' ? (
        <CameraFields marker={marker} draft={props.draft} actions={actions} onError={props.onError} />
      ) : (
        <MarkerFields
          marker={marker}
          outdoor={props.outdoor}
          draft={props.draft}
          actions={actions}
          onError={props.onError}
        />
      )}
      <MoveControl {...props} />
      {kind === 'markers' && <GatewayAssign floorId={props.floorId} marker={marker} actions={actions} />}
      <Group justify="flex-end">
        <Button size="xs" color="red" variant="subtle" disabled={actions.busy} onClick={() => void remove()}>
          {kind === 'cameras' ? 'Delete camera' : 'Remove marker'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Moving by keyboard: the control takes focus, the arrow keys nudge the marker towards that side of
 * the screen (Shift: a bigger step), Enter saves the new place and Escape puts it back. Dragging on
 * the map saves at once; both ask first when the marker has a gateway (SPEC §5).
 */
function MoveControl({ marker, pending, bearing, actions, onNudge, onCommitMove }: Props) {
  const hintId = useId();
  function onKeyDown(event: React.KeyboardEvent) {
    const direction = NUDGE_KEYS[event.key];
    if (direction) {
      event.preventDefault();
      const metres = event.shiftKey ? NUDGE_METRES_SHIFT : NUDGE_METRES;
      onNudge(nudge(pending ?? lngLatOf(marker), direction, metres, bearing));
    } else if (event.key === 'Enter' && pending) {
      event.preventDefault();
      onCommitMove(pending);
    } else if (event.key === 'Escape' && pending) {
      event.preventDefault();
      onNudge(null);
    }
  }
  return (
    <Stack gap={4}>
      <div
        className={classes.move}
        tabIndex={0}
        role="group"
        aria-label="Position"
        aria-describedby={hintId}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter Escape"
        onKeyDown={onKeyDown}
      >
        <Text size="sm" fw={500}>
          Position{pending ? ' (moved, not saved)' : ''}
        </Text>
        <Text id={hintId} size="xs" c="dimmed">
          Drag it on the map, or focus here and use the arrow keys ({NUDGE_METRES} m a step, Shift:{' '}
          {NUDGE_METRES_SHIFT} m); Enter saves, Escape puts it back.
        </Text>
      </div>
      {pending && (
        <Group gap="xs">
          <Button size="xs" disabled={actions.busy} onClick={() => onCommitMove(pending)}>
            Save position
          </Button>
          <Button size="xs" variant="default" onClick={() => onNudge(null)}>
            Put back
          </Button>
        </Group>
      )}
    </Stack>
  );
}
