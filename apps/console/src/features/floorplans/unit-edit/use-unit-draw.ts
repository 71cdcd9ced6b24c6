import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { TerraDraw } from './terra-draw-setup';
import { DRAW_SELECT_MODE, drawFeatureOf, samePolygon, type MapUnitRow } from './unit-geojson';
import { parseUnitGeometry, type UnitPolygon } from '@vigil/domain';

/** What the unit editor hears from the drawing on the map. */
export type UnitDrawEvents = {
  /** A polygon was closed in the polygon mode: the new feature's id. */
  onDrawn: (featureId: string) => void;
  onSelect: (featureId: string) => void;
  onDeselect: (featureId: string) => void;
  /** A feature's corners moved (dragged, added at a midpoint, removed). */
  onReshape: (featureId: string) => void;
};

/**
 * terra-draw on the FloorMap's map, loaded on demand (its own chunk), started once the map is
 * there and stopped (its layers and handlers removed) on unmount. Null until it is ready.
 */
export function useUnitDraw(map: MapLibreMap | null, events: UnitDrawEvents) {
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    let started: TerraDraw | null = null;
    void import('./terra-draw-setup')
      .then(({ createUnitDraw }) => {
        if (cancelled) return;
        const instance = createUnitDraw(map);
        listen(instance, eventsRef);
        instance.start();
        instance.setMode(DRAW_SELECT_MODE);
        started = instance;
        setDraw(instance);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      setDraw(null);
      try {
        started?.stop();
      } catch {
        // The map went first (FloorMap unmounted): its layers, terra-draw's among them, went with it.
      }
    };
  }, [map]);

  return { draw, failure };
}

function listen(draw: TerraDraw, events: { current: UnitDrawEvents }) {
  draw.on('finish', (id, context) => {
    if (context.action === 'draw') events.current.onDrawn(String(id));
  });
  draw.on('select', (id) => events.current.onSelect(String(id)));
  draw.on('deselect', (id) => events.current.onDeselect(String(id)));
  draw.on('change', (ids, type) => {
    if (type !== 'update') return;
    for (const id of ids) if (draw.getModeState() !== 'drawing') events.current.onReshape(String(id));
  });
}

/**
 * Makes terra-draw hold the floor's drawn units as the server has them: adds new ones, removes
 * gone ones and reshapes changed ones, except `editing` (whose unsaved reshaping is the user's).
 */
export function useSyncedUnits(draw: TerraDraw | null, rows: readonly MapUnitRow[], editing: string | null) {
  const known = useRef(new Set<string>());
  useEffect(() => {
    if (!draw) return;
    const drawn = rows.filter((row): row is MapUnitRow & { geometry: UnitPolygon } => row.geometry !== null);
    const ids = new Set(drawn.map((row) => row.id));
    const gone = [...known.current].filter((id) => !ids.has(id) && draw.hasFeature(id));
    if (gone.length > 0) draw.removeFeatures(gone);
    for (const row of drawn) {
      if (!draw.hasFeature(row.id)) {
        draw.addFeatures([drawFeatureOf(row)]);
        continue;
      }
      const inactive = row.state === 'inactive';
      if (draw.getSnapshotFeature(row.id)?.properties.inactive !== inactive) {
        draw.updateFeatureProperties(row.id, { inactive });
      }
      if (row.id !== editing && !samePolygon(polygonOf(draw, row.id), row.geometry)) {
        draw.updateFeatureGeometry(row.id, drawFeatureOf(row).geometry);
      }
    }
    known.current = ids;
  }, [draw, rows, editing]);
}

/** The polygon terra-draw holds for a feature, null when it holds none (or not a valid one). */
export function polygonOf(draw: TerraDraw | null, featureId: string | null): UnitPolygon | null {
  if (!draw || !featureId || !draw.hasFeature(featureId)) return null;
  const feature = draw.getSnapshotFeature(featureId);
  const parsed = parseUnitGeometry(
    feature && { type: feature.geometry.type, coordinates: feature.geometry.coordinates },
  );
  return parsed.ok ? parsed.value : null;
}
