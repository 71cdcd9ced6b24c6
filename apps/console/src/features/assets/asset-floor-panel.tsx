import { useMemo } from 'react';
import { DEFAULT_THEME, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trackerZoom, type AssetDetail, type AssetTracker, type LngLat } from '@vigil/domain';
import { floorplanQueries } from '../../api/floorplans';
import { ErrorPanel } from '../../ui/error-panel';
import { FloorMap, type FloorMapView } from '../../ui/map/floor-map';
import { MapLoading } from '../../ui/map/map-panel';
import type { MapMarker, MapTrackerCircle } from '../../ui/map/map-style';
import { useFloorPlanTiles } from '../../ui/map/use-plan-tiles';

/** The colour of an asset's tracker: Mantine's violet.7, apart from the alert and marker colours. */
export const ASSET_TRACKER_HEX = DEFAULT_THEME.colors.violet[7];

export const FLOOR_PANEL_TEXTS = {
  notHeard: 'Its tag has not been heard yet, so it is on no floor.',
  outside: 'Its tag was last heard outside your zones.',
  notPlaced: 'The gateway that heard its tag is not placed on the floor plan.',
  noFloor: 'It was last heard in a zone on no floor.',
} as const;

const NO_MARKERS: readonly MapMarker[] = [];
const MAP_HEIGHT = 420;

/**
 * The asset's floor plan (SPEC §2.1 /assets/{id}, issue 20): the floor it was last heard on, with
 * its SPEC §3 tracker of type asset at the gateway that heard its tag best, the camera on it at the
 * single-tracker zoom of an asset (SPEC §9: 19). The caller shows it to who may read floor plans.
 */
export function AssetFloorPanel({ asset }: { asset: AssetDetail }) {
  const floorId = asset.tracker?.floorId ?? asset.lastSeen?.floorId ?? null;
  return (
    <Stack component="section" aria-labelledby="asset-floor-title" gap="xs">
      <Title order={2} size="h4" id="asset-floor-title">
        Floor plan
      </Title>
      {floorId ? <Floor asset={asset} floorId={floorId} /> : <Note text={whyNoFloor(asset)} />}
    </Stack>
  );
}

function whyNoFloor(asset: AssetDetail): string {
  if (!asset.lastSeen) return FLOOR_PANEL_TEXTS.notHeard;
  if (!asset.lastSeen.zoneId) return FLOOR_PANEL_TEXTS.outside;
  return FLOOR_PANEL_TEXTS.noFloor;
}

/** SPEC §3 Map tracker of type asset as the map draws it: as wide as the gateway's coverage. */
function trackerCircle(asset: AssetDetail, tracker: AssetTracker): MapTrackerCircle {
  return {
    id: asset.id,
    latlng: { lat: tracker.lat, lng: tracker.lng },
    radius: tracker.radius,
    color: ASSET_TRACKER_HEX,
    name: asset.name,
    type: 'asset',
  };
}

function Floor({ asset, floorId }: { asset: AssetDetail; floorId: string }) {
  const floor = useQuery(floorplanQueries.floorOf(floorId));
  const { plan, tiles, bounds } = useFloorPlanTiles(floor.data ?? undefined);
  const tracker = asset.tracker;
  const trackers = useMemo(() => (tracker ? [trackerCircle(asset, tracker)] : []), [asset, tracker]);
  const view = useMemo<FloorMapView>(() => {
    if (!tracker) return { key: `${floorId}:plan`, bounds, bearing: plan?.bearing };
    const lngLat: LngLat = [tracker.lng, tracker.lat];
    return {
      key: `${floorId}:${lngLat.join(',')}`,
      bounds: null,
      bearing: plan?.bearing,
      focus: { lngLat, zoom: trackerZoom({ type: 'asset' }) },
    };
  }, [floorId, tracker, bounds, plan?.bearing]);

  if (floor.isError)
    return (
      <ErrorPanel
        error={floor.error}
        title="Could not load the asset’s floor"
        onRetry={() => void floor.refetch()}
      />
    );
  if (floor.isPending) return <MapLoading height={MAP_HEIGHT} text="Loading the asset’s floor…" />;
  if (!floor.data) return <Note text={FLOOR_PANEL_TEXTS.noFloor} />;

  return (
    <Stack gap="xs">
      {!tracker && <Note text={FLOOR_PANEL_TEXTS.notPlaced} />}
      <FloorMap
        label={`Map of ${floor.data.name}`}
        plan={tiles}
        markers={NO_MARKERS}
        view={view}
        trackers={trackers}
        selectedTrackerId={tracker ? asset.id : null}
        defaultLabels
        h={MAP_HEIGHT}
      />
    </Stack>
  );
}

function Note({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}
