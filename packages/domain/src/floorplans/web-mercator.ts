import { PLAN_MAX_ZOOM, PLAN_MIN_ZOOM, PLAN_TILE_SIZE_PX } from '../plans/constants';

// SPEC §9 Map: Web Mercator (EPSG:3857) and its XYZ tiles, the grid the plan tiles are cut on.

/** A position as [longitude, latitude] in degrees: GeoJSON's order, and MapLibre's. */
export type LngLat = readonly [lng: number, lat: number];
/** A point in a plane: image pixels, Web Mercator metres or world pixels. */
export type PlanePoint = readonly [x: number, y: number];
/** [west, south, east, north] in degrees: a GeoJSON bbox, the order MapLibre's raster `bounds` takes. */
export type GeoBounds = readonly [west: number, south: number, east: number, north: number];
/** The XYZ tiles covering an area at one zoom, inclusive on both ends. */
export type TileRange = { minX: number; maxX: number; minY: number; maxY: number };

/** The sphere Web Mercator projects (WGS84's semi-major axis), in metres. */
export const EARTH_RADIUS_M = 6_378_137;
/** Web Mercator's square world ends at this latitude (atan(sinh π)), north and south. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798066;

const RAD = Math.PI / 180;

/** Web Mercator metres (x east, y north) of a position. */
export function lngLatToMercator([lng, lat]: LngLat): PlanePoint {
  return [EARTH_RADIUS_M * lng * RAD, EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2))];
}

/** The position at Web Mercator metres (x east, y north). */
export function mercatorToLngLat([x, y]: PlanePoint): LngLat {
  return [x / EARTH_RADIUS_M / RAD, (2 * Math.atan(Math.exp(y / EARTH_RADIUS_M)) - Math.PI / 2) / RAD];
}

/** The world's width in pixels at a zoom: 2^zoom tiles of `tileSize` (SPEC §9's 256 by default). */
export function worldSizePx(zoom: number, tileSize: number = PLAN_TILE_SIZE_PX): number {
  return tileSize * 2 ** zoom;
}

/** World pixel of a position at a zoom: x east from 180°W, y south from the top of the square world. */
export function lngLatToWorldPixel(lngLat: LngLat, zoom: number): PlanePoint {
  const [x, y] = lngLatToMercator(lngLat);
  const half = Math.PI * EARTH_RADIUS_M;
  const size = worldSizePx(zoom);
  return [((x + half) / (2 * half)) * size, ((half - y) / (2 * half)) * size];
}

/** The position at a world pixel of a zoom (the inverse of lngLatToWorldPixel). */
export function worldPixelToLngLat([px, py]: PlanePoint, zoom: number): LngLat {
  const half = Math.PI * EARTH_RADIUS_M;
  const size = worldSizePx(zoom);
  return mercatorToLngLat([(px / size) * 2 * half - half, half - (py / size) * 2 * half]);
}

/** The XYZ tile (256 px, y down from the north) a position falls in at a zoom. */
export function tileOf(lngLat: LngLat, zoom: number): { x: number; y: number } {
  const [px, py] = lngLatToWorldPixel(lngLat, zoom);
  const last = 2 ** zoom - 1;
  return {
    x: clamp(Math.floor(px / PLAN_TILE_SIZE_PX), last),
    y: clamp(Math.floor(py / PLAN_TILE_SIZE_PX), last),
  };
}

/**
 * The XYZ tiles covering bounds at a zoom. An edge lying exactly on a tile line does not pull in the
 * tile beyond it (that tile would hold none of the area); indices stay inside the world.
 */
export function tileRange([west, south, east, north]: GeoBounds, zoom: number): TileRange {
  const [left, top] = lngLatToWorldPixel([west, north], zoom);
  const [right, bottom] = lngLatToWorldPixel([east, south], zoom);
  const last = 2 ** zoom - 1;
  const minX = clamp(Math.floor(left / PLAN_TILE_SIZE_PX), last);
  const minY = clamp(Math.floor(top / PLAN_TILE_SIZE_PX), last);
  const maxX = clamp(Math.max(minX, Math.ceil(right / PLAN_TILE_SIZE_PX) - 1), last);
  const maxY = clamp(Math.max(minY, Math.ceil(bottom / PLAN_TILE_SIZE_PX) - 1), last);
  return { minX, maxX, minY, maxY };
}

/** The smallest bounds holding every position; give it at least one. */
export function boundsOf(positions: readonly LngLat[]): GeoBounds {
  const lngs = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** One zoom of a plan's tile pyramid: its tile range and how many tiles that is. */
export type PlanTileLevel = TileRange & { zoom: number; count: number };

/**
 * SPEC §9: the tiles a plan placed by these corners spans at each plan zoom (18–22 by default).
 * A projective image of a rectangle is the convex quad of its corners, so the corners' bounds are the
 * plan's; the count is an upper bound, as the tile job skips the empty tiles of the range.
 */
export function tilesForPlan(
  corners: readonly LngLat[],
  minZoom: number = PLAN_MIN_ZOOM,
  maxZoom: number = PLAN_MAX_ZOOM,
): PlanTileLevel[] {
  const bounds = boundsOf(corners);
  const levels: PlanTileLevel[] = [];
  for (let zoom = minZoom; zoom <= maxZoom; zoom++) {
    const range = tileRange(bounds, zoom);
    const count = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
    levels.push({ zoom, ...range, count });
  }
  return levels;
}

function clamp(index: number, last: number): number {
  return Math.min(Math.max(index, 0), last);
}
