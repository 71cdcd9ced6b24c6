import {
  MAP_MAX_ZOOM,
  gatewayCoverageRadiusM,
  lngLatToWorldPixel,
  metresToPixels,
  worldPixelToLngLat,
  type LngLat,
} from '@vigil/domain';
import { METRES_RADIUS_PX, radiusEndsPx, type MapLayer } from '../../../ui/map/map-style';
import type { FloorGateway } from '../gateway-markers';

// SPEC §2.7, §9: the super admin's coverage heatmap draws each gateway's coverage radius (indoor 16,
// garage 32, outdoor 64 metres, bridges 0) on the ground, at every zoom. Pure: the layers and the
// flat picture are data, tested without WebGL.

/** SPEC §2.7: the heatmap's three modes. */
export const COVERAGE_MODES = ['off', 'gradient', 'flat'] as const;
export type CoverageMode = (typeof COVERAGE_MODES)[number];

/** Every id starts `coverage-` (FloorMap keeps a child's sources and layers across its style updates). */
export const COVERAGE_IDS = {
  pointSource: 'coverage-points',
  gradientLayer: 'coverage-gradient',
  flatSource: 'coverage-flat',
  flatLayer: 'coverage-flat',
} as const;

/** One gateway's coverage: a circle of `radiusM` metres round `lngLat`. */
export type CoveragePoint = { id: string; lngLat: LngLat; radiusM: number };

/**
 * The circles to draw: each placed gateway's radius by its category (else the floor's, SPEC §3 Zone
 * config.category) and SKU. A bridge covers nothing (radius 0), so it draws nothing.
 */
export function coveragePoints(
  rows: readonly FloorGateway[],
  floorCategory: string | null | undefined,
): CoveragePoint[] {
  return rows
    .map(({ gateway, marker }) => ({
      id: gateway.id,
      lngLat: marker.lngLat,
      radiusM: gatewayCoverageRadiusM({
        category: gateway.config.category ?? floorCategory,
        sku: gateway.config.logistics?.sku,
      }),
    }))
    .filter((point) => point.radiusM > 0);
}

/** The points as GeoJSON, each with its radius in MapLibre pixels at the lowest and highest zoom. */
export function coverageGeoJson(points: readonly CoveragePoint[]) {
  return {
    type: 'FeatureCollection' as const,
    features: points.map((p) => {
      return {
        type: 'Feature' as const,
        id: p.id,
        geometry: { type: 'Point' as const, coordinates: [p.lngLat[0], p.lngLat[1]] },
        properties: { id: p.id, ...radiusEndsPx(p.radiusM, p.lngLat[1]) },
      };
    }),
  };
}

/**
 * The radius in screen pixels at the current zoom: a ground distance doubles in pixels with each
 * zoom, so base-2 interpolation between the two ends keeps it `radiusM` metres at every zoom.
 */
export function radiusExpression() {
  return METRES_RADIUS_PX;
}

/**
 * MapLibre's heatmap kernel is a Gaussian that reaches this density at `heatmap-radius` for one
 * point of weight 1 and intensity 1: (1/√(2π))·e^(−4.5). The colour starts there, so a lone
 * gateway's colour ends at its coverage radius.
 */
export const KERNEL_DENSITY_AT_RADIUS = Math.exp(-4.5) / Math.sqrt(2 * Math.PI);

/** Gradient: a heatmap, strongest at each gateway, fading to its coverage edge, hotter where they overlap. */
export function gradientLayer(): MapLayer {
  return {
    id: COVERAGE_IDS.gradientLayer,
    type: 'heatmap',
    source: COVERAGE_IDS.pointSource,
    paint: {
      'heatmap-radius': radiusExpression() as never,
      'heatmap-weight': 1,
      'heatmap-intensity': 1,
      'heatmap-opacity': 0.7,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(33, 102, 172, 0)',
        KERNEL_DENSITY_AT_RADIUS,
        'rgba(33, 102, 172, 0.35)',
        0.1,
        'rgb(103, 169, 207)',
        0.2,
        'rgb(102, 194, 100)',
        0.3,
        'rgb(253, 219, 99)',
        0.4,
        'rgb(239, 138, 98)',
        0.6,
        'rgb(178, 24, 43)',
      ] as never,
    },
  };
}

/** The flat fill's colour (opaque in the picture; the layer makes it translucent). */
export const FLAT_FILL = '#2f9e44';
/** How much of the plan shows through the flat fill. */
export const FLAT_OPACITY = 0.4;
/** The picture's longest side: within every WebGL texture limit, sharp enough at zoom 22. */
export const FLAT_MAX_PX = 2048;
/** The zoom whose world pixels the picture is measured in (SPEC §9's highest). */
const FLAT_ZOOM = MAP_MAX_ZOOM;

/**
 * The flat picture: the circles' union in one image laid on the ground by its four corners
 * (top left, top right, bottom right, bottom left), so overlaps are no darker than one circle and a
 * gap between circles shows. Its pixels are Web Mercator pixels of zoom 22 scaled to `maxPx`; a
 * circle stays round since Web Mercator keeps shapes. Null when nothing covers anything.
 */
export function flatCoverageImage(points: readonly CoveragePoint[], maxPx: number = FLAT_MAX_PX) {
  if (points.length === 0) return null;
  const world = points.map((p) => {
    const [x, y] = lngLatToWorldPixel(p.lngLat, FLAT_ZOOM);
    return { x, y, r: metresToPixels(p.radiusM, p.lngLat[1], FLAT_ZOOM) };
  });
  const left = Math.min(...world.map((c) => c.x - c.r));
  const top = Math.min(...world.map((c) => c.y - c.r));
  const right = Math.max(...world.map((c) => c.x + c.r));
  const bottom = Math.max(...world.map((c) => c.y + c.r));
  const scale = Math.min(1, maxPx / Math.max(right - left, bottom - top));
  const width = Math.max(1, Math.ceil((right - left) * scale));
  const height = Math.max(1, Math.ceil((bottom - top) * scale));
  const corner = (px: number, py: number): [number, number] => {
    const [lng, lat] = worldPixelToLngLat([left + px / scale, top + py / scale], FLAT_ZOOM);
    return [lng, lat];
  };
  return {
    width,
    height,
    coordinates: [corner(0, 0), corner(width, 0), corner(width, height), corner(0, height)] as [
      [number, number],
      [number, number],
      [number, number],
      [number, number],
    ],
    circles: world.map((c) => ({ x: (c.x - left) * scale, y: (c.y - top) * scale, r: c.r * scale })),
  };
}

export type FlatCoverageImage = NonNullable<ReturnType<typeof flatCoverageImage>>;

/** Flat: the picture as a raster, uniformly translucent. */
export function flatLayer(): MapLayer {
  return {
    id: COVERAGE_IDS.flatLayer,
    type: 'raster',
    source: COVERAGE_IDS.flatSource,
    paint: { 'raster-opacity': FLAT_OPACITY, 'raster-fade-duration': 0 },
  };
}

/** Paints the picture's circles, opaque, on a canvas of its size (read as an image). */
export function paintFlatCoverage(canvas: HTMLCanvasElement, image: FlatCoverageImage): boolean {
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.clearRect(0, 0, image.width, image.height);
  context.fillStyle = FLAT_FILL;
  for (const c of image.circles) {
    context.beginPath();
    context.arc(c.x, c.y, c.r, 0, 2 * Math.PI);
    context.fill();
  }
  return true;
}
