import { Suspense, lazy, type ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { GeoBounds, LngLat } from '@vigil/domain';
import type { MapMarker, MapTrackerCircle, PlanTiles } from './map-style';
import type * as FloorMapGlModule from './floor-map-gl';
import classes from './floor-map.module.css';

/**
 * Where the camera goes: centred on `focus` when given, else fitted to `bounds` (never closer than
 * SPEC §9's default zoom); turned by `bearing`.
 */
export type FloorMapView = {
  /** The camera is placed again only when this changes (another floor), not on every refresh. */
  key: string;
  bounds: GeoBounds | null;
  /** The plan's bearing (the floor's config.planBearing), degrees clockwise. */
  bearing?: number | null;
  /**
   * Centres the camera on one point at `zoom` instead of fitting `bounds`, e.g. a focused tracker
   * (SPEC §9: zoom 20 when focusing, the domain's `trackerZoom`).
   */
  focus?: { lngLat: LngLat; zoom: number } | null;
};

export type FloorMapProps = {
  /** The map's accessible name, e.g. 'Map of Floor 1'. */
  label: string;
  /** The floor's plan tiles; null draws the markers on the plain background. */
  plan: PlanTiles | null;
  markers: readonly MapMarker[];
  view: FloorMapView;
  selectedId?: string | null;
  /** A marker was clicked (its id), or the map away from any marker (null). */
  onSelect?: (id: string | null) => void;
  /** SPEC §3 Map trackers drawn over the markers, e.g. the floor's open alerts. */
  trackers?: readonly MapTrackerCircle[];
  selectedTrackerId?: string | null;
  /** A tracker was clicked (its id); a click on a tracker never selects the marker under it. */
  onSelectTracker?: (id: string) => void;
  /**
   * Pans the camera to `lngLat` each time `key` changes (e.g. a new alert's tracker), keeping the
   * zoom; null or the same key leaves the camera where the user put it.
   */
  panTo?: { key: string; lngLat: LngLat } | null;
  /** Shows Refresh in the toolbar; `refreshing` spins it. */
  onRefresh?: () => void;
  refreshing?: boolean;
  /** Labels shown at first (the toolbar toggles them). */
  defaultLabels?: boolean;
  /** Drawn over the map's top left, e.g. a notice or a legend; it goes fullscreen with the map. */
  overlay?: ReactNode;
  /**
   * Buttons added to the map's toolbar after its own (ToolButton), e.g. the coverage heatmap; they
   * go fullscreen with the map.
   */
  tools?: ReactNode;
  /**
   * Drawn inside the map's frame with the MapLibre map in MapInstanceContext (useMapInstance): an
   * editor's own layers and click handlers, and its floating panel (MapPanel).
   */
  children?: ReactNode;
  /** The frame's CSS height. */
  h?: string | number;
  /** A street or satellite layer shows (useBasemap): SPEC §9's minimum zoom is then 1, else 18. */
  streets?: boolean;
};

// MapLibre is about 290 KB gzipped (ARCHITECTURE §8): its own chunk, loaded when a map is shown,
// or ahead of that once the console is idle (the floor plans' prefetch, features/floorplans/prefetch.ts).
let mapChunk: Promise<typeof FloorMapGlModule> | null = null;
/** Loads the map's chunk (and starts MapLibre's worker) once; later calls share the first load. */
export const loadFloorMapChunk = () => (mapChunk ??= import('./floor-map-gl'));
const FloorMapGl = lazy(async () => ({ default: (await loadFloorMapChunk()).FloorMapGl }));

/** SPEC §2.7: the floor-plan map (MapLibre GL, loaded on first use) with its toolbar. */
export function FloorMap(props: FloorMapProps) {
  return (
    <Suspense fallback={<MapLoading h={props.h} />}>
      <FloorMapGl {...props} />
    </Suspense>
  );
}

function MapLoading({ h }: { h?: string | number }) {
  return (
    <div className={classes.frame} style={{ height: h }}>
      <Center h="100%">
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading the map…
          </Text>
        </Stack>
      </Center>
    </div>
  );
}
