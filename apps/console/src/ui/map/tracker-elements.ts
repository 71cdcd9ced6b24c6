import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import { trackerLook, type MapTrackerCircle } from './map-style';
import classes from './floor-map.module.css';

// SPEC §3 Map trackers as HTML elements MapLibre keeps at their place (maplibregl.Marker), sized in
// metres at each zoom (map-style's trackerLook). A style layer went through MapLibre's worker and a
// WebGL frame on every alert update, some 75 ms in software rendering; an element is in the
// browser's next frame (docs/BENCHMARKS.md 'Floor map', run D).

type Placed = { marker: maplibregl.Marker; element: HTMLDivElement; tracker: MapTrackerCircle };

/** The attribute naming a tracker element's id (a click on it selects that tracker). */
export const TRACKER_ID_ATTRIBUTE = 'data-tracker-id';

/**
 * Keeps one element per tracker on `map`: added, moved, restyled and removed as `trackers` change,
 * resized on every zoom. A click on one calls `onSelect` with its id. Hidden from assistive
 * technology: the screen lists the same alerts.
 */
export function useTrackerElements(
  map: maplibregl.Map | null,
  trackers: readonly MapTrackerCircle[],
  selectedId: string | null,
  onSelect: (id: string) => void,
) {
  const placedRef = useRef(new Map<string, Placed>());
  const selectedRef = useRef(selectedId);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  // Removed with the map (a kept map goes back to the pool bare) and on resize kept at scale.
  useEffect(() => {
    if (!map) return;
    const placed = placedRef.current;
    const onZoom = () => {
      const zoom = map.getZoom();
      for (const { element, tracker } of placed.values()) {
        paint(element, tracker, zoom, tracker.id === selectedRef.current);
      }
    };
    map.on('zoom', onZoom);
    return () => {
      map.off('zoom', onZoom);
      for (const { marker } of placed.values()) marker.remove();
      placed.clear();
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    selectedRef.current = selectedId;
    const placed = placedRef.current;
    const zoom = map.getZoom();
    const shown = new Set<string>();
    for (const tracker of trackers) {
      shown.add(tracker.id);
      const lngLat: [number, number] = [tracker.latlng.lng, tracker.latlng.lat];
      let entry = placed.get(tracker.id);
      if (!entry) {
        const element = document.createElement('div');
        element.className = classes.tracker!;
        element.setAttribute(TRACKER_ID_ATTRIBUTE, tracker.id);
        element.setAttribute('aria-hidden', 'true');
        element.appendChild(document.createElement('div')).className = classes.trackerDot!;
        element.addEventListener('click', () => onSelectRef.current(tracker.id));
        const marker = new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(lngLat).addTo(map);
        entry = { marker, element, tracker };
        placed.set(tracker.id, entry);
      } else {
        entry.marker.setLngLat(lngLat);
        entry.tracker = tracker;
      }
      paint(entry.element, tracker, zoom, tracker.id === selectedId);
    }
    for (const [id, { marker }] of placed) {
      if (shown.has(id)) continue;
      marker.remove();
      placed.delete(id);
    }
    // For bench/floor-map-paint.bench.ts (it times the frame painted with these trackers); no
    // listener in the product.
    map.getCanvas().dispatchEvent(new CustomEvent('floor-map:trackers', { detail: { map, trackers } }));
  }, [map, trackers, selectedId]);
}

/** Sizes and colours one tracker's element for `zoom` (CSS custom properties the stylesheet reads). */
function paint(element: HTMLElement, tracker: MapTrackerCircle, zoom: number, selected: boolean) {
  const look = trackerLook(tracker, zoom, selected);
  element.style.setProperty('--tracker-colour', look.colour);
  element.style.setProperty('--tracker-circle', `${look.circlePx}px`);
  element.style.setProperty('--tracker-dot', `${look.dotPx}px`);
  element.style.setProperty('--tracker-ring', `${look.ringPx}px`);
  element.dataset.outlined = String(look.outlined);
  element.dataset.type = tracker.type ?? 'alert';
  element.dataset.selected = String(selected);
}
