import { useEffect, useMemo } from 'react';
import { List, VisuallyHidden } from '@mantine/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Zone } from '@vigil/domain';
import { useFloorUnits } from '../../../api/units';
import { useMapInstance } from '../../../ui/map/map-context';
import { LAYER_IDS } from '../../../ui/map/map-style';
import { UNIT_COLOURS, mapUnitsOf, unitsGeoJson, type MapUnitRow } from './unit-geojson';

// SPEC §2.7, §3 Unit on a map: the floor's units drawn under its markers on the map everyone sees:
// an outline with a light fill, an inactive unit (§4 Units) grey and dashed.

export const UNITS_SOURCE = 'floor-units';
const FILL_LAYER = 'floor-units-fill';
const LINE_LAYER = 'floor-units-line';
const INACTIVE_LINE_LAYER = 'floor-units-line-inactive';
const ACTIVE_COLOUR = UNIT_COLOURS.active;
const INACTIVE_COLOUR = UNIT_COLOURS.inactive;

/** The floor's units on the view map, with their names listed for assistive technology. */
export function FloorUnitsLayer({ floor }: { floor: Zone }) {
  const map = useMapInstance();
  const units = useFloorUnits(floor.id);
  const rows = useMemo(() => mapUnitsOf(units.data?.data ?? []), [units.data]);
  useUnitLayers(map, rows);
  const drawn = rows.filter((row) => row.geometry);
  if (drawn.length === 0) return null;
  return (
    <VisuallyHidden>
      <h2>Units drawn on this floor</h2>
      <List>
        {drawn.map((row) => (
          <List.Item key={row.id}>
            {row.name}
            {row.state === 'inactive' ? ' (inactive)' : ''}
          </List.Item>
        ))}
      </List>
    </VisuallyHidden>
  );
}

/**
 * Adds the units' source and layers under the markers, replaces their data as the units change,
 * and removes them on unmount. FloorMap keeps them across its own style updates (keepForeignLayers).
 * Nothing is added to the map of a floor without drawn units.
 */
function useUnitLayers(map: MapLibreMap | null, rows: readonly MapUnitRow[]) {
  const drawn = rows.some((row) => row.geometry !== null);
  useEffect(() => {
    if (!map || !drawn) return;
    addUnitLayers(map);
    return () => {
      try {
        for (const id of [INACTIVE_LINE_LAYER, LINE_LAYER, FILL_LAYER])
          if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(UNITS_SOURCE)) map.removeSource(UNITS_SOURCE);
      } catch {
        // The map went first (FloorMap unmounted): its layers, these among them, went with it.
      }
    };
  }, [map, drawn]);

  useEffect(() => {
    if (map && drawn) map.getSource<GeoJSONSource>(UNITS_SOURCE)?.setData(unitsGeoJson(rows));
  }, [map, rows, drawn]);
}

/** The fill of every unit, the solid outline of the active ones, the dashed one of the inactive. */
function addUnitLayers(map: MapLibreMap) {
  const below = map.getLayer(LAYER_IDS.markerHalo) ? LAYER_IDS.markerHalo : undefined;
  map.addSource(UNITS_SOURCE, { type: 'geojson', data: unitsGeoJson([]) });
  map.addLayer(
    {
      id: FILL_LAYER,
      type: 'fill',
      source: UNITS_SOURCE,
      paint: {
        'fill-color': ['case', ['get', 'inactive'], INACTIVE_COLOUR, ACTIVE_COLOUR],
        'fill-opacity': ['case', ['get', 'inactive'], 0.06, 0.12],
      },
    },
    below,
  );
  map.addLayer(
    {
      id: LINE_LAYER,
      type: 'line',
      source: UNITS_SOURCE,
      filter: ['!', ['get', 'inactive']],
      paint: { 'line-color': ACTIVE_COLOUR, 'line-width': 2 },
    },
    below,
  );
  map.addLayer(
    {
      id: INACTIVE_LINE_LAYER,
      type: 'line',
      source: UNITS_SOURCE,
      filter: ['get', 'inactive'],
      paint: { 'line-color': INACTIVE_COLOUR, 'line-width': 2, 'line-dasharray': [2, 2] },
    },
    below,
  );
}
