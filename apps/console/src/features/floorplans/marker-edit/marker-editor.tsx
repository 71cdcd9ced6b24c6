import { useMemo, useState } from 'react';
import { Alert, Button, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LngLat, Marker } from '@vigil/domain';
import { floorplanKeys, floorplanQueries } from '../../../api/floorplans';
import { markerKeys, markerQueries } from '../../../api/markers';
import { reasonOf } from '../../../api/errors';
import { isOutdoorFloor } from '../../../ui/map/floor-plan';
import { useMapInstance } from '../../../ui/map/map-context';
import { MapPanel } from '../../../ui/map/map-panel';
import type { FloorEditorProps } from '../floor-editor';
import { editFeatures, markersOfKind, sortMarkers, type MarkerKind } from './marker-features';
import { MarkerList } from './marker-list';
import { MarkerDetails } from './marker-details';
import { useDraft } from './use-draft';
import { useEditLayers } from './use-edit-layers';
import { useMarkerActions } from './use-marker-actions';

const TITLES: Record<MarkerKind, string> = { markers: 'Markers and gateways', cameras: 'Cameras' };

/**
 * SPEC §2.7's markers and cameras edit modes, a child of FloorMap: the floor's markers (or cameras)
 * drawn on the map in their edit colours (SPEC §4), added by a click on the map, selected by a click
 * or from the list, moved by dragging or the arrow keys, and edited in the panel (SPEC §5).
 */
export function MarkerEditor({ floor, plan, onExit, kind }: FloorEditorProps & { kind: MarkerKind }) {
  const map = useMapInstance();
  const queryClient = useQueryClient();
  const markers = useQuery(markerQueries.list(floor.id));
  const places = useQuery({ ...floorplanQueries.places(floor.id), enabled: kind === 'markers' });
  const gateways = useQuery({
    ...floorplanQueries.gateways(floor.id, places.data, isOutdoorFloor(floor)),
    enabled: kind === 'markers' && places.data !== undefined,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [moved, setMoved] = useState<ReadonlyMap<string, LngLat>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const actions = useMarkerActions(floor.id, kind, setError);
  const draft = useDraft();

  const all = useMemo(() => markers.data?.data ?? [], [markers.data]);
  const own = useMemo(() => sortMarkers(markersOfKind(all, kind), kind), [all, kind]);
  const selected = own.find((marker) => marker.id === selectedId) ?? null;
  const features = useMemo(
    () => editFeatures(all, kind, moved, gateways.data?.data),
    [all, kind, moved, gateways.data],
  );

  function withMoved(id: string, at: LngLat | null) {
    setMoved((current) => {
      const next = new Map(current);
      if (at) next.set(id, at);
      else next.delete(id);
      return next;
    });
  }

  /** Forgets a place once saved (or refused), unless the marker was moved again since. */
  function settleMoved(id: string, at: LngLat) {
    setMoved((current) => {
      if (current.get(id) !== at) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }

  /** Selects another marker (or none), after 'Save changes?' when the form holds unsaved edits. */
  async function select(id: string | null): Promise<boolean> {
    if (id === selectedId) return true;
    if (!(await draft.leave())) return false;
    setSelectedId(id);
    return true;
  }

  async function add(at: LngLat) {
    setAdding(false);
    setError(null);
    const made = await actions.add(at);
    if (made) await select(made.id);
  }

  /** Saves a marker's new place (asking first when it has a gateway); else it goes back. */
  async function commitMove(marker: Marker, at: LngLat) {
    setError(null);
    withMoved(marker.id, at);
    await actions.move(marker, at);
    // Saved or not, the list answers where it is now.
    await queryClient.invalidateQueries({ queryKey: markerKeys.list(floor.id) });
    settleMoved(marker.id, at);
  }

  useEditLayers(
    map,
    features,
    selectedId,
    {
      onSelect: (id) => void select(id),
      onMapClick: (at) => void (adding ? add(at) : select(null)),
      onDrag: withMoved,
      onDragEnd: (id, at) => {
        const marker = own.find((m) => m.id === id);
        if (!marker) return;
        // A drag selects its marker; kept with the form that is still open, it goes back.
        void select(id).then((selected) => (selected ? commitMove(marker, at) : settleMoved(id, at)));
      },
    },
    adding,
  );

  async function done() {
    if (!(await draft.leave())) return;
    // The viewing map reads the floor's gateways again: assignments and moves show there at once.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: floorplanKeys.gateways(floor.id) }),
      queryClient.invalidateQueries({ queryKey: markerKeys.all }),
    ]);
    onExit();
  }

  const outdoor = isOutdoorFloor(floor);
  return (
    <MapPanel label={TITLES[kind]}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {TITLES[kind]}
          </Title>
          <Button size="xs" onClick={() => void done()}>
            Done
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" style={{ flex: 1 }}>
                {error}
              </Text>
              <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => setError(null)} />
            </Group>
          </Alert>
        )}
        <AddControl
          kind={kind}
          adding={adding}
          disabled={!map || actions.busy}
          onToggle={() => setAdding((on) => !on)}
          onAddAtCentre={() => {
            const centre = map?.getCenter();
            if (centre) void add([centre.lng, centre.lat]);
          }}
        />
        {markers.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Loading {kind === 'cameras' ? 'cameras' : 'markers'}…</Text>
          </Group>
        ) : markers.isError ? (
          <Alert color="red" variant="light" p="xs" title="Could not load this floor's markers">
            <Text size="sm">{reasonOf(markers.error)}</Text>
            <Button size="xs" variant="light" mt="xs" onClick={() => void markers.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <MarkerList
            kind={kind}
            markers={own}
            selectedId={selectedId}
            onSelect={(id) => void select(id)}
            hasPlan={plan !== null}
          />
        )}
        {selected && (
          <MarkerDetails
            key={selected.id}
            floorId={floor.id}
            kind={kind}
            outdoor={outdoor}
            marker={selected}
            draft={draft}
            actions={actions}
            bearing={plan?.bearing ?? 0}
            pending={moved.get(selected.id) ?? null}
            onNudge={(at) => withMoved(selected.id, at)}
            onCommitMove={(at) => void commitMove(selected, at)}
            onRemoved={() => setSelectedId(null)}
            onError={setError}
          />
        )}
      </Stack>
    </MapPanel>
  );
}

function AddControl({
  kind,
  adding,
  disabled,
  onToggle,
  onAddAtCentre,
}: {
  kind: MarkerKind;
  adding: boolean;
  disabled: boolean;
  onToggle: () => void;
  onAddAtCentre: () => void;
}) {
  const what = kind === 'cameras' ? 'camera' : 'marker';
  return (
    <Stack gap={4}>
      <Button
        size="xs"
        variant={adding ? 'filled' : 'light'}
        leftSection={<IconMapPinPlus size={16} aria-hidden />}
        aria-pressed={adding}
        disabled={disabled}
        onClick={onToggle}
      >
        Add {what}
      </Button>
      {adding && (
        <Text size="xs" c="dimmed" role="status">
          Click the map where the {what} goes, or{' '}
          <Button variant="subtle" size="compact-xs" onClick={onAddAtCentre}>
            add it at the map’s centre
          </Button>
          .
        </Text>
      )}
    </Stack>
  );
}
