import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { FLOORPLAN_MESSAGES, parseZoneName } from '@vigil/domain';
import { reasonOf } from '../../../api/errors';
import { useUnitMutations } from '../../../api/units';
import { confirmAction } from '../../../ui/confirm';
import {
  DRAW_POLYGON_MODE,
  boundsOfPolygon,
  polygonOfDrawn,
  samePolygon,
  type MapUnitRow,
} from './unit-geojson';
import { polygonOf, useSyncedUnits, useUnitDraw } from './use-unit-draw';

/**
 * What the unit editor is doing: nothing chosen; drawing a polygon (for a new unit, or the outline
 * of a unit that has none); a drawn polygon waiting for its name; or an existing unit chosen (its
 * polygon feature, or a drawn outline's, or none).
 */
export type UnitEdit =
  | { kind: 'none' }
  | { kind: 'drawing'; unitId: string | null }
  | { kind: 'new'; featureId: string }
  | { kind: 'unit'; id: string; featureId: string | null };

const NONE: UnitEdit = { kind: 'none' };
const couldNotEdit = (reason: string) => FLOORPLAN_MESSAGES.couldNotEditUnit(reason);

/** The unit editor's state and actions over terra-draw and the zones API (SPEC §2.7, §4, §5, §8). */
export function useUnitSession(map: MapLibreMap | null, floorId: string, rows: readonly MapUnitRow[]) {
  const { create, update, remove } = useUnitMutations(floorId);
  const [edit, setEditState] = useState<UnitEdit>(NONE);
  // terra-draw's events arrive between renders: they read the latest edit from here.
  const editRef = useRef<UnitEdit>(NONE);
  const setEdit = (next: UnitEdit) => {
    editRef.current = next;
    setEditState(next);
  };
  const [name, setNameState] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [, setShapeVersion] = useState(0);
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const { draw, failure } = useUnitDraw(map, {
    onDrawn: (featureId) => {
      const current = editRef.current;
      setEdit(
        current.kind === 'drawing' && current.unitId
          ? { kind: 'unit', id: current.unitId, featureId }
          : { kind: 'new', featureId },
      );
      // Straight on to reshaping it, once terra-draw has finished its own handling of the click.
      setTimeout(() => {
        if (!draw?.hasFeature(featureId)) return;
        draw.setMode('select');
        draw.selectFeature(featureId);
      });
    },
    onSelect: (featureId) => {
      const current = editRef.current;
      if ((current.kind === 'new' || current.kind === 'unit') && current.featureId === featureId) return;
      const row = rowsRef.current.find((r) => r.id === featureId);
      if (row) choose(row);
    },
    onDeselect: (featureId) => {
      const current = editRef.current;
      if (current.kind === 'unit' && current.featureId === featureId && !isDirty(current)) setEdit(NONE);
    },
    onReshape: () => setShapeVersion((v) => v + 1),
  });
  useSyncedUnits(draw, rows, edit.kind === 'unit' ? edit.id : null);

  const rowOf = (id: string) => rows.find((row) => row.id === id);

  function isDirty(current: UnitEdit): boolean {
    // A polygon still being drawn cannot be saved: leaving gives it up without asking.
    if (current.kind === 'new') return true;
    if (current.kind === 'none' || current.kind === 'drawing') return false;
    const row = rowsRef.current.find((r) => r.id === current.id);
    if (!row) return false;
    if (name.trim() !== row.name) return true;
    return current.featureId !== null && !samePolygon(polygonOf(draw, current.featureId), row.geometry);
  }

  /** Leaves what is being edited as the server has it: drafts removed, reshaping undone. */
  function discard(current: UnitEdit) {
    if (!draw) return;
    if (current.kind === 'drawing') draw.setMode('select');
    const featureId = current.kind === 'new' || current.kind === 'unit' ? current.featureId : null;
    if (!featureId || !draw.hasFeature(featureId)) return;
    const row = current.kind === 'unit' ? rowOf(current.id) : undefined;
    if (featureId === row?.id && row.geometry) {
      if (!samePolygon(polygonOf(draw, featureId), row.geometry)) {
        draw.updateFeatureGeometry(featureId, { type: 'Polygon', coordinates: row.geometry.coordinates });
      }
    } else draw.removeFeatures([featureId]);
  }

  function deselectAll() {
    for (const feature of draw?.getSnapshot() ?? []) {
      if (feature.properties.selected) draw?.deselectFeature(feature.id!);
    }
  }

  function reset(next: UnitEdit, nextName = '') {
    setEdit(next);
    setNameState(nextName);
    setNameError(null);
    setError(null);
  }

  function choose(row: MapUnitRow) {
    discard(editRef.current);
    reset({ kind: 'unit', id: row.id, featureId: row.geometry ? row.id : null }, row.name);
    setNotice(null);
  }

  /** From the list: its polygon is selected on the map (and brought into view), else it is chosen. */
  function selectFromList(id: string) {
    const row = rowOf(id);
    if (!row) return;
    if (row.geometry && draw?.hasFeature(id)) {
      draw.selectFeature(id);
      bringIntoView(map, row);
    } else {
      deselectAll();
      choose(row);
    }
  }

  /** 'Draw unit' (unitId null) or 'Draw its outline' for a unit that has none. */
  function startDrawing(unitId: string | null) {
    if (!draw) return;
    const keepName = unitId !== null ? name : '';
    discard(editRef.current);
    deselectAll();
    draw.setMode(DRAW_POLYGON_MODE);
    reset({ kind: 'drawing', unitId }, keepName);
    setNotice(null);
  }

  function cancel() {
    discard(editRef.current);
    deselectAll();
    reset(NONE);
  }

  /** Saves the unit being edited; true when it was saved (or there was nothing to save). */
  async function save(): Promise<boolean> {
    const current = editRef.current;
    if (current.kind === 'none' || current.kind === 'drawing') return current.kind === 'none';
    const parsedName = parseZoneName(name);
    if (!parsedName.ok) {
      setNameError(parsedName.reason);
      return false;
    }
    const featureId = current.featureId;
    const drawn = featureId ? polygonOfDrawn(draw?.getSnapshotFeature(featureId)) : null;
    if (drawn && !drawn.ok) {
      setError(couldNotEdit(drawn.reason));
      return false;
    }
    setError(null);
    try {
      if (current.kind === 'new') {
        // A new unit always has its drawn polygon (checked just above).
        if (!drawn?.ok) return false;
        await create.mutateAsync({ floorId, name: parsedName.value, geometry: drawn.value });
      } else {
        const row = rowOf(current.id);
        const geometry =
          drawn?.ok && !samePolygon(drawn.value, row?.geometry ?? null) ? drawn.value : undefined;
        await update.mutateAsync({
          id: current.id,
          name: parsedName.value !== row?.name ? parsedName.value : undefined,
          geometry,
        });
      }
    } catch (failed) {
      setError(couldNotEdit(reasonOf(failed)));
      return false;
    }
    // A drawn draft gives way to the saved unit's own feature (the list now holds it).
    if (featureId && draw?.hasFeature(featureId) && (current.kind === 'new' || featureId !== current.id)) {
      draw.removeFeatures([featureId]);
    }
    deselectAll();
    reset(NONE);
    setNotice(`Saved unit ${parsedName.value}.`);
    return true;
  }

  /** SPEC §4 Units toggle; deactivating asks SPEC §5's question first. */
  async function setActive(id: string, active: boolean) {
    const row = rowOf(id);
    if (!row) return;
    if (!active) {
      const ok = await confirmAction({
        title: 'Deactivate unit',
        message: FLOORPLAN_MESSAGES.deactivateUnit(row.name),
        confirmLabel: 'Deactivate',
        danger: true,
      });
      if (!ok) return;
    }
    setError(null);
    try {
      await update.mutateAsync({ id, state: active ? 'active' : 'inactive' });
      setNotice(
        active ? `Unit ${row.name} is active.` : `Unit ${row.name} and the areas within are inactive.`,
      );
    } catch (failed) {
      setError(couldNotEdit(reasonOf(failed)));
    }
  }

  async function deleteUnit(id: string) {
    const row = rowOf(id);
    if (!row) return;
    const ok = await confirmAction({
      title: 'Delete unit',
      message: `Are you sure you want to delete unit ${row.name}? A unit with areas in it cannot be deleted.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(id);
      discard(editRef.current);
      reset(NONE);
      setNotice(`Deleted unit ${row.name}.`);
    } catch (failed) {
      setError(couldNotEdit(reasonOf(failed)));
    }
  }

  return {
    draw,
    failure,
    edit,
    name,
    nameError,
    error,
    notice,
    saving: create.isPending || update.isPending,
    busy: create.isPending || update.isPending || remove.isPending,
    dirty: isDirty(edit),
    setName: (value: string) => {
      setNameState(value);
      setNameError(null);
    },
    selectFromList,
    startDrawing,
    cancel,
    save,
    setActive,
    deleteUnit,
    discardAll: () => discard(editRef.current),
  };
}

/** Brings a unit chosen in the list into view when its outline is off the screen, keeping the zoom. */
function bringIntoView(map: MapLibreMap | null, row: MapUnitRow) {
  if (!map || !row.geometry) return;
  const [west, south, east, north] = boundsOfPolygon(row.geometry);
  const view = map.getBounds();
  if (view.contains([west, south]) && view.contains([east, north])) return;
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 80, maxZoom: map.getZoom(), animate: false },
  );
}
