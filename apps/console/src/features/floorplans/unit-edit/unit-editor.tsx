import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { IconInfoCircle, IconPolygon } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FLOORPLAN_MESSAGES } from '@vigil/domain';
import { floorplanKeys } from '../../../api/floorplans';
import { reasonOf } from '../../../api/errors';
import { useFloorUnits } from '../../../api/units';
import { useSignedIn } from '../../../session/session';
import { useMapInstance } from '../../../ui/map/map-context';
import { MapPanel } from '../../../ui/map/map-panel';
import type { FloorEditorProps } from '../floor-editor';
import { mapUnitsOf } from './unit-geojson';
import { UnitError, UnitForm, UnitList } from './unit-panel';
import { FloorUnitsLayer } from './units-layer';
import { useUnitSession, type UnitEdit } from './use-unit-session';
import { dialogPortalProps } from '../../../ui/confirm';

const DRAW_HINT =
  'Click the map at each corner of the unit, then click the first corner again (or press Enter) to close it. Escape starts the drawing over.';
const RESHAPE_HINT =
  'Drag a corner of the selected outline to move it; drag the dot in the middle of an edge to add a corner.';

/**
 * SPEC §2.7 units add/edit: the floor's units (zones of level unit under it) drawn as polygons with
 * terra-draw, listed in the panel; draw one and name it, choose one to rename or reshape it, turn
 * it active or inactive (SPEC §4, §5), delete it. Units are zones: a role needs update Zone.
 */
export function UnitEditor(props: FloorEditorProps) {
  const { ability } = useSignedIn();
  if (!ability.can('update', 'Zone')) return <ReadOnlyUnits {...props} />;
  return <UnitEditorPanel {...props} />;
}

function UnitEditorPanel({ floor, onExit }: FloorEditorProps) {
  const map = useMapInstance();
  const queryClient = useQueryClient();
  const units = useFloorUnits(floor.id);
  const rows = useMemo(() => mapUnitsOf(units.data?.data ?? []), [units.data]);
  const session = useUnitSession(map, floor.id, rows);
  const { edit, draw } = session;

  function exit() {
    session.discardAll();
    // The view map (and the floor selector) read the floor's zones again, units among them.
    void queryClient.invalidateQueries({ queryKey: floorplanKeys.all });
    onExit();
  }

  /** SPEC §2.7: 'Save changes?' when leaving with a unit drawn or changed but not saved. */
  function done() {
    if (!session.dirty) return exit();
    openConfirmModal({
      ...dialogPortalProps(),
      title: FLOORPLAN_MESSAGES.saveChanges,
      children: <Text size="sm">The unit you are editing has changes that are not saved.</Text>,
      labels: { confirm: 'Save', cancel: 'Discard' },
      onConfirm: () => void session.save().then((saved) => saved && exit()),
      onCancel: exit,
    });
  }

  const selectedId = edit.kind === 'unit' ? edit.id : null;
  const row = selectedId ? rows.find((r) => r.id === selectedId) : undefined;
  return (
    <MapPanel label="Units">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5">
            Units
          </Title>
          <Text size="xs" c="dimmed">
            A unit is a zone under this floor: it is listed on the Zones screen too, and its areas are inside
            it.
          </Text>
        </div>
        {session.failure && (
          <UnitError message={`The drawing tools could not be loaded: ${session.failure}`} />
        )}
        {session.notice && (
          <Text size="xs" fw={500} role="status">
            {session.notice}
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPolygon size={14} aria-hidden />}
          onClick={() => session.startDrawing(null)}
          disabled={!draw || session.busy}
        >
          Draw unit
        </Button>
        <UnitsOfFloor
          state={units}
          list={
            <UnitList
              rows={rows}
              selectedId={selectedId}
              onSelect={session.selectFromList}
              // Without the drawing tools (still loading, or failed) a unit can still be renamed and toggled.
              disabled={session.busy}
            />
          }
        />
        {edit.kind !== 'none' && (
          <UnitForm
            title={formTitle(edit, row?.name)}
            name={session.name}
            nameError={session.nameError}
            onName={session.setName}
            active={row ? row.state === 'active' : null}
            onToggleActive={(active) => row && void session.setActive(row.id, active)}
            hint={edit.kind === 'drawing' ? DRAW_HINT : hintOf(edit)}
            onDrawOutline={
              edit.kind === 'unit' && edit.featureId === null
                ? () => session.startDrawing(edit.id)
                : undefined
            }
            canSave={edit.kind !== 'drawing'}
            saving={session.saving}
            onSave={() => void session.save()}
            onCancel={session.cancel}
            onDelete={row ? () => void session.deleteUnit(row.id) : undefined}
            busy={session.busy}
          />
        )}
        <UnitError message={session.error} />
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={done} disabled={session.busy}>
            Done
          </Button>
        </Group>
      </Stack>
    </MapPanel>
  );
}

function formTitle(edit: UnitEdit, name: string | undefined): string {
  if (edit.kind === 'unit') return `Unit ${name ?? ''}`.trim();
  return 'New unit';
}

function hintOf(edit: UnitEdit): string {
  if (edit.kind === 'unit' && edit.featureId === null)
    return 'This unit has no outline on the map yet: draw it, or rename the unit.';
  return RESHAPE_HINT;
}

/** The floor's units once read; loading and failure said in their place. */
function UnitsOfFloor({ state, list }: { state: ReturnType<typeof useFloorUnits>; list: ReactNode }) {
  if (state.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="xs">Loading the units…</Text>
      </Group>
    );
  if (state.isError)
    return (
      <Stack gap={4}>
        <UnitError message={FLOORPLAN_MESSAGES.couldNotEditUnit(reasonOf(state.error))} />
        <Button size="xs" variant="subtle" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  return list;
}

/** A role that may edit floor plans but not zones sees the units, and why it cannot change them. */
function ReadOnlyUnits({ floor, onExit }: FloorEditorProps) {
  return (
    <>
      <FloorUnitsLayer floor={floor} />
      <MapPanel label="Units">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Units
          </Title>
          <Alert role="note" variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} p="xs">
            <Text size="xs">
              Units are zones, and your role may not change zones. Someone who may edit zones can draw and
              change this floor’s units.
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={onExit}>
              Done
            </Button>
          </Group>
        </Stack>
      </MapPanel>
    </>
  );
}
