import { useEffect, useMemo } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMapInstance } from '../../../ui/map/map-context';
import { LAYER_IDS } from '../../../ui/map/map-style';
import {
  COVERAGE_IDS,
  coverageGeoJson,
  flatCoverageImage,
  flatLayer,
  gradientLayer,
  paintFlatCoverage,
  type CoverageMode,
  type CoveragePoint,
} from './coverage-layers';

/** Under the markers, so the gateways stay visible (and clickable) over their coverage. */
function beneathMarkers(map: MapLibreMap): string | undefined {
  return map.getLayer(LAYER_IDS.markerHalo) ? LAYER_IDS.markerHalo : undefined;
}

/** Removes the coverage layers and sources, unless the map itself is gone (FloorMap removed it first). */
function removeCoverage(map: MapLibreMap) {
  try {
    for (const id of [COVERAGE_IDS.gradientLayer, COVERAGE_IDS.flatLayer]) {
      if (map.getLayer(id)) map.removeLayer(id);
    }
    for (const id of [COVERAGE_IDS.pointSource, COVERAGE_IDS.flatSource]) {
      if (map.getSource(id)) map.removeSource(id);
    }
  } catch {
    // The map was removed with its style: nothing left to clean.
  }
}

/** Gradient: the points' source and the heatmap layer. */
function addGradient(map: MapLibreMap, points: readonly CoveragePoint[]) {
  map.addSource(COVERAGE_IDS.pointSource, { type: 'geojson', data: coverageGeoJson(points) });
  map.addLayer(gradientLayer() as never, beneathMarkers(map));
}

/**
 * Flat: the union of the circles painted on a canvas, laid on the ground by its corners as an image
 * source. Not a canvas source: FloorMap's style updates carry the children's sources, and MapLibre
 * refuses a canvas source inside a style; the picture's data URL is local (nothing is fetched).
 */
function addFlat(map: MapLibreMap, points: readonly CoveragePoint[]) {
  const image = flatCoverageImage(points);
  if (!image) return;
  const canvas = document.createElement('canvas');
  // jsdom (tests) has no 2D context: then there is nothing to lay on the map.
  if (!paintFlatCoverage(canvas, image)) return;
  map.addSource(COVERAGE_IDS.flatSource, {
    type: 'image',
    url: canvas.toDataURL('image/png'),
    coordinates: image.coordinates,
  });
  map.addLayer(flatLayer() as never, beneathMarkers(map));
}

/**
 * SPEC §2.7 coverage heatmap on FloorMap (a child of it): gradient or flat, each gateway's coverage
 * radius drawn in metres at every zoom. Drawn again only when a position or radius changes, not
 * on each refresh of the gateways.
 */
export function CoverageLayer({
  mode,
  points,
}: {
  mode: Exclude<CoverageMode, 'off'>;
  points: readonly CoveragePoint[];
}) {
  const map = useMapInstance();
  const key = JSON.stringify(points);
  const drawn = useMemo(() => JSON.parse(key) as CoveragePoint[], [key]);
  useEffect(() => {
    if (!map || drawn.length === 0) return;
    if (mode === 'gradient') addGradient(map, drawn);
    else addFlat(map, drawn);
    return () => removeCoverage(map);
  }, [map, mode, drawn]);
  return null;
}
