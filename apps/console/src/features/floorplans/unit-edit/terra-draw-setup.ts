import {
  TerraDraw,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DRAW_POLYGON_MODE, DRAW_SELECT_MODE, UNIT_COLOURS } from './unit-geojson';

// terra-draw (ARCHITECTURE §9: a maintained drawing library, not hand-written hit-testing) set up
// for units: draw a polygon, select one to drag its corners or add one at an edge's midpoint. This
// module is loaded on demand by the unit editor, so terra-draw stays out of the main chunk.

const ACTIVE = UNIT_COLOURS.active;
const INACTIVE = UNIT_COLOURS.inactive;
const SELECTED = UNIT_COLOURS.selected;
const WHITE = '#ffffff';
/** terra-draw's own layers' prefix: FloorMap's keepForeignLayers keeps them across its style updates. */
export const DRAW_LAYER_PREFIX = 'unit-draw';

const isInactive = (feature: GeoJSONStoreFeatures) => feature.properties.inactive === true;
/** An outline may not cross itself (the server refuses it too, with the domain's reason). */
const notSelfIntersecting = (feature: GeoJSONStoreFeatures) => ValidateNotSelfIntersecting(feature);

/** A stopped terra-draw instance on the map, with the polygon and select modes; `start()` it. */
export function createUnitDraw(map: MapLibreMap): TerraDraw {
  const polygon = new TerraDrawPolygonMode({
    modeName: DRAW_POLYGON_MODE,
    validation: notSelfIntersecting,
    // Enter closes the polygon, Escape gives up the one being drawn.
    keyEvents: { cancel: 'Escape', finish: 'Enter' },
    styles: {
      fillColor: (f) => (isInactive(f) ? INACTIVE : ACTIVE),
      fillOpacity: 0.15,
      outlineColor: (f) => (isInactive(f) ? INACTIVE : ACTIVE),
      outlineWidth: 2,
      closingPointColor: WHITE,
      closingPointOutlineColor: SELECTED,
      closingPointWidth: 6,
      closingPointOutlineWidth: 2,
    },
  });
  const select = new TerraDrawSelectMode({
    modeName: DRAW_SELECT_MODE,
    // Units are deleted through the panel (with a confirmation), never by a key on the map.
    keyEvents: { deselect: 'Escape', delete: null, rotate: null, scale: null },
    flags: {
      [DRAW_POLYGON_MODE]: {
        feature: {
          validation: notSelfIntersecting,
          draggable: false,
          selfIntersectable: false,
          coordinates: { draggable: true, midpoints: true, deletable: true },
        },
      },
    },
    styles: {
      selectedPolygonColor: SELECTED,
      selectedPolygonFillOpacity: 0.2,
      selectedPolygonOutlineColor: SELECTED,
      selectedPolygonOutlineWidth: 3,
      selectionPointColor: WHITE,
      selectionPointOutlineColor: SELECTED,
      selectionPointWidth: 6,
      selectionPointOutlineWidth: 2,
      midPointColor: SELECTED,
      midPointOutlineColor: WHITE,
      midPointWidth: 4,
      midPointOutlineWidth: 1,
    },
  });
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: DRAW_LAYER_PREFIX }),
    modes: [select, polygon],
  });
}

export type { TerraDraw };
