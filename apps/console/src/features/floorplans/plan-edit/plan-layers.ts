import { useEffect } from 'react';
import type { GeoJSONSource, ImageSource, Map as MapLibreMap } from 'maplibre-gl';
import { PLAN_MAX_ZOOM, PLAN_MIN_ZOOM, PLAN_TILE_SIZE_PX, type PlanCorners } from '@vigil/domain';
import { LAYER_IDS, type PlanTiles } from '../../../ui/map/map-style';

// Plan edit mode's own layers (SPEC §4 Plan editing), added to FloorMap's map through its instance
// (type-only MapLibre imports: nothing of MapLibre enters this chunk). FloorMap keeps a child's
// sources and layers across its style updates; each is removed when its editor goes.

/** The new plan image, previewed by MapLibre's image source at its four corners. */
export const PLAN_IMAGE_ID = 'plan-edit-image';
/** The floor's current plan tiles, shown or hidden while the new one is placed. */
export const CURRENT_PLAN_ID = 'plan-edit-current';

/** The outline of the four corners: where the plan will lie, also when no preview image is drawn. */
export const PLAN_OUTLINE_ID = 'plan-edit-outline';

/** How opaque the preview is: the current plan or the ground shows through, to line the two up. */
const PREVIEW_OPACITY = 0.75;

/** Our layers go under the markers, so the gateways already placed stay visible over the plan. */
function beneathMarkers(map: MapLibreMap): string | undefined {
  return map.getLayer(LAYER_IDS.markerHalo) ? LAYER_IDS.markerHalo : undefined;
}

/** Removes a layer and its source, unless the map itself is gone (FloorMap removed it first). */
function removeLayerAndSource(map: MapLibreMap, id: string) {
  try {
    if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(id)) map.removeSource(id);
  } catch {
    // The map was removed with its style: nothing left to clean.
  }
}

/**
 * SPEC §4: the browser previews the plan with MapLibre's image source while editing. The source is
 * added once per image; moving a corner only sets its coordinates.
 */
export function usePlanImageLayer(map: MapLibreMap | null, url: string | null, corners: PlanCorners | null) {
  const placed = corners !== null;
  useEffect(() => {
    if (!map || !url || !placed) return;
    map.addSource(PLAN_IMAGE_ID, { type: 'image', url, coordinates: toCoordinates(corners!) });
    map.addLayer(
      {
        id: PLAN_IMAGE_ID,
        type: 'raster',
        source: PLAN_IMAGE_ID,
        paint: { 'raster-opacity': PREVIEW_OPACITY, 'raster-fade-duration': 0 },
      },
      beneathMarkers(map),
    );
    return () => removeLayerAndSource(map, PLAN_IMAGE_ID);
    // The corners at the time the image is added; later moves go through setCoordinates below.
  }, [map, url, placed]);

  useEffect(() => {
    if (!map || !corners) return;
    const source = map.getSource(PLAN_IMAGE_ID) as ImageSource | undefined;
    source?.setCoordinates(toCoordinates(corners));
  }, [map, corners]);
}

/** The corners' outline, over the preview (the current plan's corners moved have no preview image). */
export function usePlanOutlineLayer(map: MapLibreMap | null, corners: PlanCorners | null) {
  const placed = corners !== null;
  useEffect(() => {
    if (!map || !placed) return;
    map.addSource(PLAN_OUTLINE_ID, { type: 'geojson', data: outlineOf(corners!) });
    map.addLayer(
      {
        id: PLAN_OUTLINE_ID,
        type: 'line',
        source: PLAN_OUTLINE_ID,
        paint: { 'line-color': '#1971c2', 'line-width': 2, 'line-dasharray': [3, 2] },
      },
      beneathMarkers(map),
    );
    return () => removeLayerAndSource(map, PLAN_OUTLINE_ID);
    // The corners at the time the outline is added; later moves go through setData below.
  }, [map, placed]);

  useEffect(() => {
    if (!map || !corners) return;
    (map.getSource(PLAN_OUTLINE_ID) as GeoJSONSource | undefined)?.setData(outlineOf(corners));
  }, [map, corners]);
}

/** The corners as a closed GeoJSON line. */
export function outlineOf(corners: PlanCorners): GeoJSON.Feature<GeoJSON.LineString> {
  const ring = toCoordinates(corners);
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: [...ring, ring[0]] },
  };
}

/**
 * SPEC §2.7 plan toolbar 'toggle current plan': FloorMap draws no plan in plan edit mode, so the
 * floor's current tiles are drawn here, when shown, under the preview.
 */
export function useCurrentPlanLayer(map: MapLibreMap | null, tiles: PlanTiles | null, shown: boolean) {
  const url = tiles?.url ?? null;
  const bounds = tiles?.bounds ?? null;
  useEffect(() => {
    if (!map || !url || !shown) return;
    map.addSource(CURRENT_PLAN_ID, {
      type: 'raster',
      tiles: [url],
      tileSize: PLAN_TILE_SIZE_PX,
      minzoom: PLAN_MIN_ZOOM,
      maxzoom: PLAN_MAX_ZOOM,
      ...(bounds ? { bounds: [...bounds] as [number, number, number, number] } : {}),
    });
    const below = map.getLayer(PLAN_IMAGE_ID) ? PLAN_IMAGE_ID : beneathMarkers(map);
    map.addLayer({ id: CURRENT_PLAN_ID, type: 'raster', source: CURRENT_PLAN_ID }, below);
    return () => removeLayerAndSource(map, CURRENT_PLAN_ID);
  }, [map, url, bounds, shown]);
}

/** PlanCorners (readonly [lng, lat] tuples) as the image source's mutable coordinates. */
function toCoordinates(
  corners: PlanCorners,
): [[number, number], [number, number], [number, number], [number, number]] {
  return [
    [corners[0][0], corners[0][1]],
    [corners[1][0], corners[1][1]],
    [corners[2][0], corners[2][1]],
    [corners[3][0], corners[3][1]],
  ];
}
