import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The MapLibre map FloorMap drew, for the pieces a screen puts inside it (FloorMap's `children`):
 * an editor's own sources, layers and click handlers. Null until the map's first style has loaded.
 * A type-only import: nothing of MapLibre enters the chunk that reads this context.
 */
export const MapInstanceContext = createContext<MapLibreMap | null>(null);

/** The map a child of FloorMap is drawn in, or null while it loads (and in tests without a map). */
export function useMapInstance(): MapLibreMap | null {
  return useContext(MapInstanceContext);
}
