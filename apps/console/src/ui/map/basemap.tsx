import { useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMap, IconSatellite, type IconProps } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MAP_MIN_ZOOM } from '@vigil/domain';
import { basemapTilesUrl, useMapConfig, type BasemapLayer, type MapConfig } from '../../api/basemap';
import { floorplanQueries } from '../../api/floorplans';
import { reasonOf } from '../../api/errors';
import { useMapInstance } from './map-context';
import { useTileSignature } from './tile-signature';
import { ToolButton } from './tool-button';

/** What a deployment's optional street/satellite layers add to a FloorMap. */
export type Basemap = {
  /** ToolButtons for FloorMap's `tools` (the satellite toggle). */
  tools: ReactNode;
  /** Children of FloorMap: the raster layer under the plan, when shown. */
  layers: ReactNode;
  /** True while a street or satellite layer shows (SPEC §9: the minimum zoom is then 1). */
  streetsShown: boolean;
};

/** Tile size of the providers' XYZ layers (the common 256 px raster tiles). */
const BASEMAP_TILE_SIZE_PX = 256;
/**
 * Most providers stop at zoom 19; beyond it MapLibre scales the zoom-19 tiles up, so the ground
 * still shows under a plan at zoom 22 instead of missing tiles.
 */
export const BASEMAP_MAX_ZOOM = 19;
/** The source and layer id of a shown basemap (one at a time). */
export const basemapLayerId = (layer: BasemapLayer) => `basemap-${layer}`;

const TOGGLES: Record<BasemapLayer, { label: string; icon: ComponentType<IconProps>; unset: string }> = {
  satellite: { label: 'Satellite', icon: IconSatellite, unset: 'Satellite layer not configured' },
  streets: { label: 'Street map', icon: IconMap, unset: 'Street map layer not configured' },
};

/**
 * SPEC §2.7 satellite toggle, from the deployment's MAP_SATELLITE_URL (and a street map from
 * MAP_TILES_URL when it names one): one layer at a time, drawn under the plan. Without the setting
 * the toggle is there, unavailable, and says why.
 */
export function useBasemap(): Basemap {
  const config = useMapConfig();
  const [chosen, setChosen] = useState<BasemapLayer | null>(null);
  const shown = chosen && config.data?.[chosen] ? chosen : null;
  const signature = useTileSignature(useQuery(floorplanQueries.signature(shown !== null)).data);
  const toggle = (layer: BasemapLayer) => setChosen((current) => (current === layer ? null : layer));

  const tools = (
    <>
      <LayerToggle layer="satellite" config={config} shown={shown} onToggle={toggle} />
      {/* A street map is offered only where one is configured: SPEC names the satellite toggle. */}
      {config.data?.streets && (
        <LayerToggle layer="streets" config={config} shown={shown} onToggle={toggle} />
      )}
    </>
  );
  const layers =
    shown && signature ? <BasemapRaster layer={shown} url={basemapTilesUrl(shown, signature)} /> : null;
  return { tools, layers, streetsShown: shown !== null };
}

type LayerToggleProps = {
  layer: BasemapLayer;
  config: { data?: MapConfig; isPending: boolean; error: unknown };
  shown: BasemapLayer | null;
  onToggle: (layer: BasemapLayer) => void;
};

function LayerToggle({ layer, config, shown, onToggle }: LayerToggleProps) {
  const { label, icon, unset } = TOGGLES[layer];
  const why = config.isPending
    ? 'Loading the map layers…'
    : config.error
      ? `The map layers could not be loaded: ${reasonOf(config.error)}`
      : !config.data?.[layer]
        ? unset
        : null;
  if (why) return <UnavailableTool label={label} icon={icon} why={why} />;
  const pressed = shown === layer;
  return (
    <ToolButton
      label={label}
      hint={pressed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
      icon={icon}
      pressed={pressed}
      onClick={() => onToggle(layer)}
    />
  );
}

/**
 * A toolbar button that cannot be used, saying why. Not `disabled`: a disabled button gets neither
 * focus nor hover, so its tooltip would never show; aria-disabled keeps it focusable and read out,
 * with the reason as its description.
 */
function UnavailableTool({
  label,
  icon: Icon,
  why,
}: {
  label: string;
  icon: ComponentType<IconProps>;
  why: string;
}) {
  const describedBy = useId();
  return (
    <Tooltip
      label={why}
      position="left"
      withinPortal={false}
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-disabled
        aria-describedby={describedBy}
        data-disabled
        onClick={(event) => event.preventDefault()}
      >
        <Icon size={18} stroke={1.75} aria-hidden />
        <VisuallyHidden id={describedBy}>{why}</VisuallyHidden>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The shown layer's raster tiles, added to FloorMap's map (a child of it) right above the ground:
 * under the plan, the markers and whatever the editors draw. FloorMap keeps it across its style
 * updates (keepForeignLayers); a new URL (a renewed signature) replaces it.
 */
function BasemapRaster({ layer, url }: { layer: BasemapLayer; url: string }) {
  const map = useMapInstance();
  useEffect(() => {
    if (!map) return;
    const id = basemapLayerId(layer);
    map.addSource(id, {
      type: 'raster',
      tiles: [url],
      tileSize: BASEMAP_TILE_SIZE_PX,
      minzoom: MAP_MIN_ZOOM,
      maxzoom: BASEMAP_MAX_ZOOM,
    });
    map.addLayer({ id, type: 'raster', source: id }, aboveGround(map));
    return () => removeBasemap(map, id);
  }, [map, layer, url]);
  return null;
}

/** The first layer that is not the background (the plan, when drawn): the basemap goes under it. */
function aboveGround(map: MapLibreMap): string | undefined {
  return map.getStyle().layers.find((l) => l.type !== 'background')?.id;
}

/** Removes the basemap's layer and source, unless the map itself is gone (FloorMap removed it first). */
function removeBasemap(map: MapLibreMap, id: string) {
  try {
    if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(id)) map.removeSource(id);
  } catch {
    // The map was removed with its style: nothing left to clean.
  }
}
