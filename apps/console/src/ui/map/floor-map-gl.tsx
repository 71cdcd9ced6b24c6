import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Center, Text } from '@mantine/core';
import { useFullscreenElement } from '@mantine/hooks';
import { IconLabel, IconMaximize, IconMinimize, IconMinus, IconPlus, IconRefresh } from '@tabler/icons-react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { DEFAULT_ZOOM, type GeoBounds, type LngLat } from '@vigil/domain';
import type { FloorMapProps, FloorMapView } from './floor-map';
import {
  LAYER_IDS,
  MAP_BACKGROUND,
  buildMapStyle,
  keepForeignLayers,
  mapZoomLimits,
  type MapMarker,
  type MapTrackerCircle,
} from './map-style';
import { describeMapError } from './map-errors';
import { MapInstanceContext } from './map-context';
import { ToolButton } from './tool-button';
import { prepareSpareMap, releaseMap, takeMap, type SelectHandlers } from './map-pool';
import { TRACKER_ID_ATTRIBUTE, useTrackerElements } from './tracker-elements';
import classes from './floor-map.module.css';

// MapLibre GL 6 under Vite (ARCHITECTURE §8): the worker is its own file, served by our server.
maplibregl.setWorkerUrl(workerUrl);
// Its worker is started once and kept (MapLibre ends it with the last map otherwise): opening the
// floor map again, or an alert's floor panel, does not fetch and compile the worker anew
// (docs/BENCHMARKS.md 'Floor map').
maplibregl.prewarm();

// The zoom range the map is made with; a street layer lowers the minimum later (useMinZoom).
const LIMITS = mapZoomLimits();
const NO_TRACKERS: readonly MapTrackerCircle[] = [];
/** The layers a click looks at (a tracker is an element over the map, which handles its own click). */
const CLICKABLE_LAYERS = [LAYER_IDS.markers];
/** Room left round what the camera fits, so edge markers are not under the toolbar. */
const FIT_PADDING_PX = 56;

/** The MapLibre map of FloorMap (this module is its lazy chunk). */
export function FloorMapGl(props: FloorMapProps) {
  const { label, plan, markers, view, selectedId = null, onRefresh, refreshing, overlay, h } = props;
  const { trackers = NO_TRACKERS, selectedTrackerId = null, panTo = null } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [labels, setLabels] = useState(props.defaultLabels ?? false);
  const fullscreen = useFullscreenElement<HTMLDivElement>();
  const style = useMemo(() => buildMapStyle({ plan, markers, selectedId }), [plan, markers, selectedId]);

  // The latest style and click handler, read by the map created once below.
  const styleRef = useRef(style);
  const onSelectRef = useRef(props.onSelect);
  const onSelectTrackerRef = useRef(props.onSelectTracker);
  useEffect(() => {
    styleRef.current = style;
    onSelectRef.current = props.onSelect;
    onSelectTrackerRef.current = props.onSelectTracker;
  });

  useEffect(() => {
    const taken = takeMap(containerRef.current!, classes.canvas, (container, select) =>
      createMap(container, styleRef.current, view, label, select),
    );
    if (typeof taken === 'string') {
      setFailure(taken);
      return;
    }
    const made = taken.map;
    taken.select.marker = (id) => onSelectRef.current?.(id);
    const onZoom = () => setZoom(made.getZoom());
    made.on('zoom', onZoom);
    // Until its first style has loaded, a map cannot diff a new one against it: hand it over then
    // (a kept map at once).
    let gone = false;
    void taken.ready.then(() => {
      if (!gone) setMap(made);
    });
    return () => {
      gone = true;
      made.off('zoom', onZoom);
      setMap(null);
      releaseMap(taken);
    };
    // Made once: its name, style and camera follow the props in the effects below.
  }, []);

  useEffect(() => {
    map?.getCanvas().setAttribute('aria-label', label);
  }, [map, label]);

  // The map is a function of its props: MapLibre diffs the new style against the drawn one, so new
  // markers or another selection only replace the markers' data and filter; what children added
  // to the map (their own sources and layers) is kept.
  useEffect(() => {
    map?.setStyle(style, { diff: true, transformStyle: keepForeignLayers });
    // For bench/floor-map-paint.bench.ts (it times the first frame drawn with this style); no listener in the product.
    map?.getCanvas().dispatchEvent(new CustomEvent('floor-map:style', { detail: { map, style } }));
  }, [map, style]);

  const limits = mapZoomLimits(props.streets ?? false);
  useMinZoom(map, limits.minZoom);
  useCamera(map, view);
  usePanToSelected(map, markers, selectedId);
  usePanTo(map, panTo);
  useTrackerElements(map, trackers, selectedTrackerId, (id) => onSelectTrackerRef.current?.(id));
  // The labels name the trackers too (the person of an alert), beside their centre dot.
  const labelled = useMemo<readonly MapMarker[]>(
    () => [
      ...markers,
      ...trackers.map((t) => ({
        id: t.id,
        lngLat: [t.latlng.lng, t.latlng.lat] as LngLat,
        colour: t.color,
        label: t.name,
      })),
    ],
    [markers, trackers],
  );
  useLabels(map, labels ? labelled : null);

  if (failure) {
    return (
      <div className={classes.frame} style={{ height: h }}>
        <Center h="100%" p="md">
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {failure}
          </Text>
        </Center>
      </div>
    );
  }

  return (
    <div ref={fullscreen.ref} className={classes.frame} style={{ height: h }}>
      <div ref={containerRef} className={classes.canvas} data-testid="floor-map-canvas" />
      {overlay && <div className={classes.overlay}>{overlay}</div>}
      <MapInstanceContext.Provider value={map}>{props.children}</MapInstanceContext.Provider>
      <ActionIcon.Group
        orientation="vertical"
        className={classes.toolbar}
        aria-label="Map tools"
        role="toolbar"
      >
        <ToolButton
          label="Zoom in"
          icon={IconPlus}
          disabled={!map || zoom >= LIMITS.maxZoom}
          onClick={() => map?.zoomIn()}
        />
        <ToolButton
          label="Zoom out"
          icon={IconMinus}
          disabled={!map || zoom <= limits.minZoom}
          onClick={() => map?.zoomOut()}
        />
        <ToolButton
          label="Labels"
          hint={labels ? 'Hide labels' : 'Show labels'}
          icon={IconLabel}
          pressed={labels}
          onClick={() => setLabels((shown) => !shown)}
        />
        <ToolButton
          label="Full screen"
          hint={fullscreen.fullscreen ? 'Leave full screen' : 'Full screen'}
          icon={fullscreen.fullscreen ? IconMinimize : IconMaximize}
          pressed={fullscreen.fullscreen}
          onClick={() => void fullscreen.toggle()}
        />
        {onRefresh && (
          <ToolButton label="Refresh" icon={IconRefresh} loading={refreshing} onClick={onRefresh} />
        )}
        {props.tools}
      </ActionIcon.Group>
    </div>
  );
}

/**
 * Makes the map the first floor map will take, while the console is idle (the floor plans'
 * prefetch): making one costs a WebGL context and shaders compiled on the CPU without a GPU, some
 * 290 ms of a first visit here (docs/BENCHMARKS.md 'Floor map', run D). It is drawn once with a
 * marker, the size of a floor map on this screen, then emptied and kept (map-pool.ts).
 */
export function prewarmFloorMap(): void {
  const warm = buildMapStyle({
    plan: null,
    markers: [{ id: 'warm', lngLat: [0, 0], colour: MAP_BACKGROUND, label: '' }],
  });
  const view: FloorMapView = { key: 'warm', bounds: null, focus: { lngLat: [0, 0], zoom: DEFAULT_ZOOM } };
  prepareSpareMap(
    classes.canvas!,
    (container, select) => createMap(container, warm, view, 'Floor map', select),
    {
      width: Math.max(320, window.innerWidth - 600),
      height: Math.max(240, window.innerHeight - 220),
    },
  );
}

/** A map with the offline style and SPEC §9's zoom limits, or why it cannot be drawn. */
function createMap(
  container: HTMLElement,
  style: ReturnType<typeof buildMapStyle>,
  view: FloorMapView,
  label: string,
  onSelect: SelectHandlers,
): maplibregl.Map | string {
  let map: maplibregl.Map;
  try {
    map = new maplibregl.Map({
      container,
      style,
      center: view.focus ? [view.focus.lngLat[0], view.focus.lngLat[1]] : [0, 0],
      zoom: view.focus?.zoom ?? DEFAULT_ZOOM,
      ...(!view.focus && view.bounds
        ? { bounds: toLngLatBounds(view.bounds), fitBoundsOptions: fitOptions(view) }
        : {}),
      bearing: view.bearing ?? 0,
      ...LIMITS,
      // A floor plan is flat: no tilt, and no turning by hand (a plan's bearing is set by its floor).
      maxPitch: 0,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      attributionControl: false,
      locale: { 'Map.Title': label },
    });
  } catch (error) {
    return describeMapError(error) ?? 'The map could not be drawn.';
  }
  map.touchZoomRotate.disableRotation();
  map.on('error', (event) => {
    const problem = describeMapError(event.error, { tile: 'tile' in event });
    // SPEC §8: a missing plan tile (404) is silent; other tile errors are only logged.
    if (problem) console.warn(`Floor map: ${problem}`);
  });
  map.on('click', (event) => {
    // A tracker's element selected its tracker already (the click reaches the map after it).
    const target = (event.originalEvent as MouseEvent | undefined)?.target;
    if (target instanceof Element && target.closest(`[${TRACKER_ID_ATTRIBUTE}]`)) return;
    const [hit] = map.queryRenderedFeatures(event.point, { layers: CLICKABLE_LAYERS });
    onSelect.marker(typeof hit?.properties?.id === 'string' ? hit.properties.id : null);
  });
  for (const layer of CLICKABLE_LAYERS) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
  return map;
}

/**
 * SPEC §9: the minimum zoom is 18 (where plan tiles start) unless a street layer shows, then 1.
 * MapLibre zooms in by itself when the minimum rises above the current zoom.
 */
function useMinZoom(map: maplibregl.Map | null, minZoom: number) {
  useEffect(() => {
    if (map && map.getMinZoom() !== minZoom) map.setMinZoom(minZoom);
  }, [map, minZoom]);
}

/**
 * Places the camera when the view's key changes (another floor): on its focus at the focus's zoom,
 * else fitted to its bounds with room round them, never closer than the default zoom 20 (SPEC §9);
 * turned by the plan's bearing.
 */
function useCamera(map: maplibregl.Map | null, view: FloorMapView) {
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    const current = viewRef.current;
    if (!map) return;
    if (current.focus) {
      const { lngLat, zoom } = current.focus;
      map.jumpTo({ center: [lngLat[0], lngLat[1]], zoom, bearing: current.bearing ?? 0 });
    } else if (current.bounds) map.fitBounds(toLngLatBounds(current.bounds), fitOptions(current));
  }, [map, view.key]);
}

function toLngLatBounds([west, south, east, north]: GeoBounds): maplibregl.LngLatBoundsLike {
  return [
    [west, south],
    [east, north],
  ];
}

/** Fitted with room round the bounds, never closer than the default zoom, at once (no flight). */
function fitOptions(view: FloorMapView): maplibregl.FitBoundsOptions {
  return { padding: FIT_PADDING_PX, maxZoom: DEFAULT_ZOOM, bearing: view.bearing ?? 0, animate: false };
}

/** Brings a marker chosen elsewhere (the gateway list) into view when it is off the screen. */
function usePanToSelected(
  map: maplibregl.Map | null,
  markers: readonly MapMarker[],
  selectedId: string | null,
) {
  const markersRef = useRef(markers);
  useEffect(() => {
    markersRef.current = markers;
  });
  useEffect(() => {
    const marker = markersRef.current.find((m) => m.id === selectedId);
    if (!map || !marker) return;
    const lngLat: [number, number] = [marker.lngLat[0], marker.lngLat[1]];
    if (!map.getBounds().contains(lngLat)) map.easeTo({ center: lngLat });
  }, [map, selectedId]);
}

/** Eases the camera to `panTo` each time its key changes (a new alert), at the zoom the user chose. */
function usePanTo(map: maplibregl.Map | null, panTo: { key: string; lngLat: LngLat } | null) {
  const panToRef = useRef(panTo);
  useEffect(() => {
    panToRef.current = panTo;
  });
  const key = panTo?.key ?? null;
  useEffect(() => {
    const target = panToRef.current;
    if (!map || !target) return;
    map.easeTo({ center: [target.lngLat[0], target.lngLat[1]] });
  }, [map, key]);
}

/**
 * The labels toggle: the style has no glyphs (nothing fetched from outside the server), so a label
 * is an HTML element MapLibre keeps beside its marker. Hidden from assistive technology: the
 * screen lists the same names.
 */
function useLabels(map: maplibregl.Map | null, markers: readonly MapMarker[] | null) {
  useEffect(() => {
    if (!map || !markers) return;
    const placed = markers.map((m) => {
      const element = document.createElement('div');
      element.className = classes.label;
      element.textContent = m.label;
      element.setAttribute('aria-hidden', 'true');
      return new maplibregl.Marker({ element, anchor: 'left', offset: [14, 0] })
        .setLngLat([m.lngLat[0], m.lngLat[1]])
        .addTo(map);
    });
    return () => placed.forEach((marker) => marker.remove());
  }, [map, markers]);
}
