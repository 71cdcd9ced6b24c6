import type { MapOptions } from 'maplibre-gl';
import {
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  PLAN_MAX_ZOOM,
  PLAN_MIN_ZOOM,
  PLAN_TILE_SIZE_PX,
  heatmapRadiusStops,
  mapMinZoom,
  type GeoBounds,
  type LngLat,
  type MapTracker,
} from '@vigil/domain';

// The floor map's whole picture as data: MapLibre draws whatever style these pure functions build,
// so what is on the map (and that nothing is fetched from outside the server) is tested without
// WebGL. Type-only imports: this file never loads MapLibre itself.

/** A MapLibre style object (never a URL: the style is built here, not fetched). */
export type MapStyle = Exclude<MapOptions['style'], string | undefined>;
export type MapLayer = MapStyle['layers'][number];

/** The floor's plan as raster tiles: an XYZ URL template ({z}/{x}/{y}) and the bounds they cover. */
export type PlanTiles = { url: string; bounds?: GeoBounds | null };

/** One point drawn on the map: a gateway, or later a marker or tracker. */
export type MapMarker = {
  id: string;
  lngLat: LngLat;
  /** The fill colour, a CSS hex colour (the domain's MARKER_COLOUR_HEX). */
  colour: string;
  /** The text of its label (shown with the labels toggle) and of its tooltip. */
  label: string;
};

/**
 * A SPEC §3 Map tracker as the map draws it: a circle of `radius` metres on the ground round
 * `latlng`, in `color`; `outlined` draws its edge only (e.g. an acknowledged alert).
 */
export type MapTrackerCircle = Pick<MapTracker, 'id' | 'latlng' | 'radius' | 'color' | 'name'> & {
  outlined?: boolean;
  /** Its SPEC §3 tracker type (default alert): a responder's is drawn dashed (tracker-elements.ts). */
  type?: MapTracker['type'];
};

export const PLAN_SOURCE = 'plan';
export const MARKER_SOURCE = 'markers';
export const LAYER_IDS = {
  background: 'background',
  plan: 'plan',
  markerHalo: 'markers-selected',
  markers: 'markers',
} as const;

/** The map's ground where no plan is drawn: Mantine's gray.1, so white plan tiles stand out. */
export const MAP_BACKGROUND = '#eef1f4';
/** The ring round the selected marker: Mantine's dark.7, readable on white plans and the ground. */
export const SELECTED_RING = '#1f2937';

/**
 * SPEC §9 Map: the zoom range. No street layer exists yet, so the minimum is 18, where plan tiles
 * start (the domain's mapMinZoom); the maximum is 22.
 */
export function mapZoomLimits(streetsShown = false): { minZoom: number; maxZoom: number } {
  return { minZoom: mapMinZoom(streetsShown), maxZoom: MAP_MAX_ZOOM };
}

/** A GeoJSON FeatureCollection of the markers, as the markers' source holds it. */
export type MarkerFeatureCollection = {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: string;
    geometry: { type: 'Point'; coordinates: [lng: number, lat: number] };
    properties: { id: string; colour: string; label: string };
  }[];
};

/** The markers as GeoJSON points carrying what the layers read (`id`, `colour`, `label`). */
export function markersGeoJson(markers: readonly MapMarker[]): MarkerFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: markers.map((m) => ({
      type: 'Feature',
      id: m.id,
      geometry: { type: 'Point', coordinates: [m.lngLat[0], m.lngLat[1]] },
      properties: { id: m.id, colour: m.colour, label: m.label },
    })),
  };
}

// A marker grows with the zoom, so it stays findable at 18 and does not hide the room at 22.
const MARKER_RADIUS_STOPS = [
  [PLAN_MIN_ZOOM, 5],
  [MAP_MAX_ZOOM, 11],
] as const;
const HALO_RADIUS_STOPS = [
  [PLAN_MIN_ZOOM, 10],
  [MAP_MAX_ZOOM, 18],
] as const;
const linearZoom = ([[z0, v0], [z1, v1]]: typeof MARKER_RADIUS_STOPS | typeof HALO_RADIUS_STOPS) =>
  ['interpolate', ['linear'], ['zoom'], z0, v0, z1, v1] as const;
const markerRadius = linearZoom(MARKER_RADIUS_STOPS);
const haloRadius = linearZoom(HALO_RADIUS_STOPS);

/**
 * The marker layers: a circle per marker in its colour with a white edge (visible on any plan), and
 * a dark ring under the selected one. Circle layers need no glyphs and no sprite.
 */
export function markerLayers(selectedId: string | null): MapLayer[] {
  return [
    {
      id: LAYER_IDS.markerHalo,
      type: 'circle',
      source: MARKER_SOURCE,
      filter: ['==', ['get', 'id'], selectedId ?? ''],
      paint: {
        'circle-radius': haloRadius as never,
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-color': SELECTED_RING,
        'circle-stroke-width': 3,
      },
    },
    {
      id: LAYER_IDS.markers,
      type: 'circle',
      source: MARKER_SOURCE,
      paint: {
        'circle-radius': markerRadius as never,
        'circle-color': ['get', 'colour'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
  ];
}

/**
 * A feature's radius in screen pixels at the current zoom, from its `radiusEndsPx` properties: a
 * ground distance doubles in pixels with each zoom, so base-2 interpolation between the two ends
 * keeps it the same number of metres at every zoom (the coverage heatmap).
 */
export const METRES_RADIUS_PX = [
  'interpolate',
  ['exponential', 2],
  ['zoom'],
  MAP_MIN_ZOOM,
  ['get', 'radiusMinZoomPx'],
  MAP_MAX_ZOOM,
  ['get', 'radiusMaxZoomPx'],
] as const;

/** `radiusM` metres at latitude `lat` in MapLibre pixels at the lowest and highest zoom (SPEC §9). */
export function radiusEndsPx(radiusM: number, lat: number) {
  const [[, radiusMinZoomPx], [, radiusMaxZoomPx]] = heatmapRadiusStops(radiusM, lat);
  return { radiusMinZoomPx: radiusMinZoomPx!, radiusMaxZoomPx: radiusMaxZoomPx! };
}

/** `METRES_RADIUS_PX` at one zoom: `radiusM` metres at latitude `lat` in pixels at `zoom`. */
export function metresToPx(radiusM: number, lat: number, zoom: number): number {
  const { radiusMinZoomPx } = radiusEndsPx(radiusM, lat);
  return radiusMinZoomPx * 2 ** (zoom - MAP_MIN_ZOOM);
}

/** A linear zoom expression's value at `zoom` (MapLibre clamps outside the stops, so does this). */
function linearAt(zoom: number, [z0, v0]: readonly [number, number], [z1, v1]: readonly [number, number]) {
  const t = Math.min(1, Math.max(0, (zoom - z0) / (z1 - z0)));
  return v0 + t * (v1 - v0);
}

/** How a tracker is drawn at one zoom (its element's sizes in CSS pixels, its colour and fill). */
export type TrackerLook = {
  /** The coverage circle's diameter: `radius` metres on the ground, the same at every zoom. */
  circlePx: number;
  /** The centre dot's diameter, as a marker's at this zoom, so a radius-0 tracker still shows. */
  dotPx: number;
  /** The selected ring's diameter round the dot (0 when not selected), as a selected marker's. */
  ringPx: number;
  colour: string;
  /** Only the circle's edge and a white dot (an acknowledged alert), else filled and translucent. */
  outlined: boolean;
};

/**
 * SPEC §3 Map trackers are HTML elements over the map, not a style layer: an alert's tracker then
 * appears in the browser's next frame after the alert feed changes, with no GeoJSON round trip
 * through MapLibre's worker and no WebGL frame (docs/BENCHMARKS.md 'Floor map', run D). Their sizes
 * follow the zoom exactly as the markers' layers do.
 */
export function trackerLook(tracker: MapTrackerCircle, zoom: number, selected: boolean): TrackerLook {
  return {
    circlePx: 2 * metresToPx(tracker.radius, tracker.latlng.lat, zoom),
    dotPx: 2 * linearAt(zoom, ...MARKER_RADIUS_STOPS),
    ringPx: selected ? 2 * linearAt(zoom, ...HALO_RADIUS_STOPS) : 0,
    colour: tracker.color,
    outlined: tracker.outlined === true,
  };
}

export type MapStyleInput = {
  plan?: PlanTiles | null;
  markers: readonly MapMarker[];
  selectedId?: string | null;
};

/**
 * The offline style (ARCHITECTURE §9 Floor plans): a background layer, the plan's raster tiles
 * when the floor has a plan (256 px, zoom 18–22, SPEC §9), and the markers. No `glyphs` and no
 * `sprite`, so MapLibre has nothing to fetch but the plan tiles, which our server serves; labels
 * are HTML (the widget's), not symbol layers.
 */
export function buildMapStyle({ plan, markers, selectedId = null }: MapStyleInput): MapStyle {
  const sources: MapStyle['sources'] = {
    [MARKER_SOURCE]: { type: 'geojson', data: markersGeoJson(markers) },
  };
  const layers: MapLayer[] = [
    { id: LAYER_IDS.background, type: 'background', paint: { 'background-color': MAP_BACKGROUND } },
  ];
  if (plan) {
    sources[PLAN_SOURCE] = {
      type: 'raster',
      tiles: [plan.url],
      tileSize: PLAN_TILE_SIZE_PX,
      minzoom: PLAN_MIN_ZOOM,
      maxzoom: PLAN_MAX_ZOOM,
      // Only tiles inside the plan are asked for: outside it the server has none (SPEC §8: a 404).
      ...(plan.bounds ? { bounds: [...plan.bounds] } : {}),
    };
    layers.push({ id: LAYER_IDS.plan, type: 'raster', source: PLAN_SOURCE });
  }
  layers.push(...markerLayers(selectedId));
  return { version: 8, name: 'Vigil floor plan', sources, layers };
}

/** The smallest [west, south, east, north] holding every point; null for none. */
export function boundsOf(points: readonly LngLat[]): GeoBounds | null {
  if (points.length === 0) return null;
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** Both bounds in one, either of them absent. */
export function unionBounds(a: GeoBounds | null, b: GeoBounds | null): GeoBounds | null {
  if (!a || !b) return a ?? b;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

const OWNED_SOURCES: ReadonlySet<string> = new Set([PLAN_SOURCE, MARKER_SOURCE]);
const OWNED_LAYERS: ReadonlySet<string> = new Set(Object.values(LAYER_IDS));

/**
 * The style FloorMap sets when its props change, keeping what its children added to the map (an
 * editor's sources and layers, terra-draw's): MapLibre's diff would otherwise remove everything
 * the new style does not name. A kept layer stays after the layer it followed before (or first,
 * when nothing present preceded it), so a layer put under the markers stays under them.
 */
export function keepForeignLayers(previous: MapStyle | undefined, next: MapStyle): MapStyle {
  if (!previous) return next;
  const sources = { ...next.sources };
  for (const [id, source] of Object.entries(previous.sources)) {
    if (!OWNED_SOURCES.has(id) && !(id in sources)) sources[id] = source;
  }
  const layers = [...next.layers];
  let after = -1;
  for (const layer of previous.layers) {
    const at = layers.findIndex((l) => l.id === layer.id);
    if (at >= 0) after = at;
    else if (!OWNED_LAYERS.has(layer.id) && (!('source' in layer) || layer.source in sources)) {
      layers.splice(after + 1, 0, layer);
      after += 1;
    }
  }
  return { ...next, sources, layers };
}
