import {
  parseUnitGeometry,
  type GeoBounds,
  type ParseResult,
  type UnitPolygon,
  type Zone,
  type ZoneState,
} from '@vigil/domain';

// SPEC §3 Unit on a map {id, name, config {geometry (Polygon), state}}: a floor's unit zones as the
// map draws them, and the conversions between them and terra-draw's features.

/** One unit of the floor: its polygon is null until it is drawn (a unit made on the Zones screen). */
export type MapUnitRow = { id: string; name: string; state: ZoneState; geometry: UnitPolygon | null };

/** The unit zones of a floor as the map shows them; a geometry that is not a valid polygon is none. */
export function mapUnitsOf(zones: readonly Zone[]): MapUnitRow[] {
  return zones
    .filter((zone) => zone.level === 'unit')
    .map((zone) => {
      const parsed = parseUnitGeometry(zone.config.geometry);
      return {
        id: zone.id,
        name: zone.name,
        state: zone.config.state === 'inactive' ? 'inactive' : 'active',
        geometry: parsed.ok ? parsed.value : null,
      };
    });
}

export type UnitFeature = {
  type: 'Feature';
  id: string;
  geometry: UnitPolygon;
  properties: { id: string; name: string; inactive: boolean };
};

/** The drawn units as a GeoJSON source for MapLibre (the view map's units layer). */
export function unitsGeoJson(units: readonly MapUnitRow[]): {
  type: 'FeatureCollection';
  features: UnitFeature[];
} {
  return {
    type: 'FeatureCollection',
    features: units.flatMap((unit) =>
      unit.geometry
        ? [
            {
              type: 'Feature' as const,
              id: unit.id,
              geometry: unit.geometry,
              properties: { id: unit.id, name: unit.name, inactive: unit.state === 'inactive' },
            },
          ]
        : [],
    ),
  };
}

/** terra-draw's polygon mode: the name its features carry in `properties.mode`. */
export const DRAW_POLYGON_MODE = 'polygon';
export const DRAW_SELECT_MODE = 'select';
/** terra-draw refuses coordinates finer than its precision (9 decimals by default: ~0.1 mm). */
const DRAW_PRECISION = 9;

/** A unit's polygon as a terra-draw feature of the polygon mode, whose id is the unit's. */
export function drawFeatureOf(unit: MapUnitRow & { geometry: UnitPolygon }) {
  return {
    type: 'Feature' as const,
    id: unit.id,
    geometry: {
      type: 'Polygon' as const,
      coordinates: unit.geometry.coordinates.map((ring) =>
        ring.map(([lng, lat]) => [round(lng), round(lat)]),
      ),
    },
    properties: { mode: DRAW_POLYGON_MODE, inactive: unit.state === 'inactive' },
  };
}

function round(value: number): number {
  const scale = 10 ** DRAW_PRECISION;
  return Math.round(value * scale) / scale;
}

/**
 * The polygon of a feature terra-draw holds (drawn or reshaped), as a unit's config.geometry: only
 * its type and coordinates, refused with the domain's reason when it is not a valid unit outline.
 */
export function polygonOfDrawn(
  feature: { geometry: { type: string; coordinates?: unknown } } | undefined,
): ParseResult<UnitPolygon> {
  if (!feature) return { ok: false, reason: 'Draw the unit on the map first' };
  return parseUnitGeometry({ type: feature.geometry.type, coordinates: feature.geometry.coordinates });
}

/** Whether two polygons have the same corners (after terra-draw's rounding). */
export function samePolygon(a: UnitPolygon | null, b: UnitPolygon | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.coordinates.length !== b.coordinates.length) return false;
  return a.coordinates.every((ring, r) => {
    const other = b.coordinates[r]!;
    return (
      ring.length === other.length &&
      ring.every(([lng, lat], i) => round(lng) === round(other[i]![0]) && round(lat) === round(other[i]![1]))
    );
  });
}

/** The box round the drawn units, to bring a unit chosen in the list into view. */
export function boundsOfPolygon(polygon: UnitPolygon): GeoBounds {
  const ring = polygon.coordinates[0]!;
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/**
 * The units' colours on the map: violet (Mantine's violet.7), which no gateway marker colour is near,
 * grey when inactive (SPEC §4 Units), orange for the one selected in the editor.
 */
export const UNIT_COLOURS = { active: '#7048e8', inactive: '#868e96', selected: '#e8590c' } as const;
