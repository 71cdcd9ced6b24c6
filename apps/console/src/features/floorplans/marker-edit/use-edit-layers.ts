import { useEffect, useRef } from 'react';
import type {
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
  MapLayerTouchEvent,
  MapMouseEvent,
  MapTouchEvent,
} from 'maplibre-gl';
import type { LngLat } from '@vigil/domain';
import { SELECTED_RING } from '../../../ui/map/map-style';
import type { EditFeatureCollection } from './marker-features';

// The editor's own source and layers on FloorMap's map (its viewing markers are hidden in edit
// modes): a circle per marker in its edit colour, a ring round the selected one, and the mouse and
// touch handlers that select, add and drag. FloorMap keeps layers whose ids are not its own across
// its style updates (keepForeignLayers); they are removed when the editor closes. Type-only imports
// of MapLibre: the map is handed over by FloorMap's lazy chunk.

export const EDIT_SOURCE = 'marker-edit';
export const EDIT_LAYERS = {
  halo: 'marker-edit-selected',
  markers: 'marker-edit-markers',
} as const;

export type EditLayerHandlers = {
  /** A marker was clicked. */
  onSelect: (id: string) => void;
  /** The map was clicked away from any marker, at this point. */
  onMapClick: (lngLat: LngLat) => void;
  /** A marker is being dragged (not saved yet). */
  onDrag: (id: string, lngLat: LngLat) => void;
  /** A drag ended here. */
  onDragEnd: (id: string, lngLat: LngLat) => void;
};

// A marker grows with the zoom like the viewing map's, a little bigger: it is dragged by hand.
const radius = ['interpolate', ['linear'], ['zoom'], 18, 6, 22, 12] as const;
const haloRadius = ['interpolate', ['linear'], ['zoom'], 18, 11, 22, 19] as const;

function addLayers(map: MapLibreMap, data: EditFeatureCollection) {
  if (!map.getSource(EDIT_SOURCE)) map.addSource(EDIT_SOURCE, { type: 'geojson', data });
  if (!map.getLayer(EDIT_LAYERS.halo)) {
    map.addLayer({
      id: EDIT_LAYERS.halo,
      type: 'circle',
      source: EDIT_SOURCE,
      filter: ['==', ['get', 'id'], ''],
      paint: {
        'circle-radius': haloRadius as never,
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-color': SELECTED_RING,
        'circle-stroke-width': 3,
      },
    });
  }
  if (!map.getLayer(EDIT_LAYERS.markers)) {
    map.addLayer({
      id: EDIT_LAYERS.markers,
      type: 'circle',
      source: EDIT_SOURCE,
      paint: {
        'circle-radius': radius as never,
        'circle-color': ['get', 'colour'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
  }
}

function removeLayers(map: MapLibreMap) {
  for (const id of [EDIT_LAYERS.markers, EDIT_LAYERS.halo]) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(EDIT_SOURCE)) map.removeSource(EDIT_SOURCE);
}

/** MapLibre's default clickTolerance: a press that moves less is a click. */
const CLICK_TOLERANCE_PX = 3;

const toLngLat = (event: MapMouseEvent | MapTouchEvent): LngLat => [event.lngLat.lng, event.lngLat.lat];

/** Draws `data` on `map` with `selectedId` ringed, and reports clicks and drags to `handlers`. */
export function useEditLayers(
  map: MapLibreMap | null,
  data: EditFeatureCollection,
  selectedId: string | null,
  handlers: EditLayerHandlers,
  crosshair: boolean,
) {
  const dataRef = useRef(data);
  const handlersRef = useRef(handlers);
  // The canvas's cursor when no marker is under the pointer: a crosshair while adding.
  const cursorRef = useRef('');
  useEffect(() => {
    dataRef.current = data;
    handlersRef.current = handlers;
    cursorRef.current = crosshair ? 'crosshair' : '';
  });

  useEffect(() => {
    if (!map) return;
    addLayers(map, dataRef.current);
    // Should a new style still drop them, they come back with the latest data.
    const restore = () => {
      if (!map.getSource(EDIT_SOURCE)) addLayers(map, dataRef.current);
    };
    const onClick = (event: MapMouseEvent) => {
      const [hit] = map.queryRenderedFeatures(event.point, { layers: [EDIT_LAYERS.markers] });
      const id = hit?.properties?.id;
      // A gateway placed without a marker is only shown: a click there is a click on the map.
      if (typeof id === 'string' && hit?.properties?.editable !== false) handlersRef.current.onSelect(id);
      else handlersRef.current.onMapClick(toLngLat(event));
    };
    const stopDrag = startDragging(map, handlersRef, () => cursorRef.current);
    map.on('styledata', restore);
    map.on('click', onClick);
    return () => {
      stopDrag();
      map.off('styledata', restore);
      map.off('click', onClick);
      removeLayers(map);
    };
  }, [map]);

  useEffect(() => {
    (map?.getSource(EDIT_SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [map, data]);

  useEffect(() => {
    if (map?.getLayer(EDIT_LAYERS.halo))
      map.setFilter(EDIT_LAYERS.halo, ['==', ['get', 'id'], selectedId ?? '']);
  }, [map, selectedId]);

  useEffect(() => {
    if (!map) return;
    map.getCanvas().style.cursor = crosshair ? 'crosshair' : '';
    return () => {
      map.getCanvas().style.cursor = '';
    };
  }, [map, crosshair]);
}

/**
 * Dragging a marker by mouse or one finger: the map does not pan while a marker is held (the
 * event's preventDefault tells MapLibre's drag-pan so); the marker follows, and where it is let go
 * is reported once. Answers the function that unhooks it all.
 */
function startDragging(
  map: MapLibreMap,
  handlersRef: { current: EditLayerHandlers },
  baseCursor: () => string,
): () => void {
  let held: { id: string; from: { x: number; y: number }; at: LngLat | null } | null = null;
  const move = (event: MapMouseEvent | MapTouchEvent) => {
    if (!held) return;
    // Within MapLibre's click tolerance it is a click (which selects), not a move.
    const shift = Math.hypot(event.point.x - held.from.x, event.point.y - held.from.y);
    if (held.at === null && shift <= CLICK_TOLERANCE_PX) return;
    held.at = toLngLat(event);
    handlersRef.current.onDrag(held.id, held.at);
  };
  const release = () => {
    map.off('mousemove', move);
    map.off('touchmove', move);
    map.getCanvas().style.cursor = baseCursor();
    if (held?.at) handlersRef.current.onDragEnd(held.id, held.at);
    held = null;
  };
  const hold = (event: MapLayerMouseEvent | MapLayerTouchEvent) => {
    const properties = event.features?.[0]?.properties;
    const id = properties?.id;
    if (typeof id !== 'string' || properties?.editable === false) return;
    if ('points' in event && event.points.length !== 1) return;
    event.preventDefault();
    held = { id, from: { x: event.point.x, y: event.point.y }, at: null };
    map.getCanvas().style.cursor = 'grabbing';
    map.on('mousemove', move);
    map.on('touchmove', move);
    map.once('mouseup', release);
    map.once('touchend', release);
  };
  const pointer = (event: MapLayerMouseEvent) => {
    if (event.features?.[0]?.properties?.editable !== false) map.getCanvas().style.cursor = 'move';
  };
  const leave = () => {
    if (!held) map.getCanvas().style.cursor = baseCursor();
  };
  map.on('mousedown', EDIT_LAYERS.markers, hold);
  map.on('touchstart', EDIT_LAYERS.markers, hold);
  map.on('mouseenter', EDIT_LAYERS.markers, pointer);
  map.on('mouseleave', EDIT_LAYERS.markers, leave);
  return () => {
    map.off('mousedown', EDIT_LAYERS.markers, hold);
    map.off('touchstart', EDIT_LAYERS.markers, hold);
    map.off('mouseenter', EDIT_LAYERS.markers, pointer);
    map.off('mouseleave', EDIT_LAYERS.markers, leave);
    map.off('mousemove', move);
    map.off('touchmove', move);
  };
}
