import { COVERAGE_RADIUS_M } from '../gateways/constants';
import { coverageRadiusM, type CoverageKind } from '../gateways/coverage';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, PLAN_TILE_SIZE_PX } from '../plans/constants';
import { EARTH_RADIUS_M } from './web-mercator';

// SPEC §2.7, §9: the coverage heatmap draws each gateway's coverage radius in metres at every zoom,
// so its radius in screen pixels follows Web Mercator's ground resolution.

/**
 * MapLibre GL draws the world 512·2^zoom CSS pixels wide (its transform's constant tile size), twice
 * the 256 px XYZ tile maths, so a radius in MapLibre pixels uses this size.
 */
export const MAPLIBRE_TILE_SIZE_PX = 512;

/**
 * SPEC §9: the coverage kind of a gateway's config.category. SPEC names the radii but not the
 * categories: a category naming a kind (indoor, garage, outdoor) is that kind, any other is indoor.
 */
export function coverageKindOf(category: string | null | undefined): CoverageKind {
  return category != null && Object.hasOwn(COVERAGE_RADIUS_M, category)
    ? (category as CoverageKind)
    : 'indoor';
}

/** SPEC §9: a gateway's coverage radius in metres, by its category and SKU (bridges 0). */
export function gatewayCoverageRadiusM(gateway: { category?: string | null; sku?: string | null }): number {
  return coverageRadiusM(coverageKindOf(gateway.category), gateway.sku);
}

/**
 * Web Mercator ground resolution: metres per pixel at a latitude and zoom, 2πR·cos(lat) / (tileSize·2^zoom)
 * (156543.03392·cos(lat) / 2^zoom with SPEC §9's 256 px tiles).
 */
export function metresPerPixel(latitude: number, zoom: number, tileSize: number = PLAN_TILE_SIZE_PX): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos((latitude * Math.PI) / 180)) / (tileSize * 2 ** zoom);
}

/** A ground distance in pixels at a latitude and zoom (256 px tiles unless told otherwise). */
export function metresToPixels(
  metres: number,
  latitude: number,
  zoom: number,
  tileSize: number = PLAN_TILE_SIZE_PX,
): number {
  return metres / metresPerPixel(latitude, zoom, tileSize);
}

/**
 * SPEC §9: [zoom, pixels] stops for MapLibre's heatmap-radius so a radius stays `metres` on the ground:
 * `['interpolate', ['exponential', 2], ['zoom'], ...stops.flat()]`. A ground distance doubles in
 * pixels with each zoom, which base-2 interpolation between the two ends reproduces exactly.
 */
export function heatmapRadiusStops(
  metres: number,
  latitude: number,
  minZoom: number = MAP_MIN_ZOOM,
  maxZoom: number = MAP_MAX_ZOOM,
): [zoom: number, pixels: number][] {
  return [minZoom, maxZoom].map((zoom) => [
    zoom,
    metresToPixels(metres, latitude, zoom, MAPLIBRE_TILE_SIZE_PX),
  ]);
}
