import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trackerZoom, type Alert, type AlertPosition, type LngLat, alertPersonName } from '@vigil/domain';
import { floorplanQueries } from '../../api/floorplans';
import { responderQueries, useMaySeeResponders } from '../../api/responders';
import { ErrorPanel } from '../../ui/error-panel';
import { ALERT_MODE_HEX } from '../../ui/map/alert-tracker';
import { FloorMap, type FloorMapView } from '../../ui/map/floor-map';
import { MapLoading } from '../../ui/map/map-panel';
import type { MapMarker, MapTrackerCircle } from '../../ui/map/map-style';
import { useFloorPlanTiles } from '../../ui/map/use-plan-tiles';
import { responderTrackers } from '../../ui/map/responder-tracker';
import { useNow } from '../../ui/use-now';
import { NearestResponders } from './nearest-responders';

/** Issue 15 "The alert on the map": said when there is no floor to show the alert on. */
export const NOT_PLACED = 'This alert’s gateway is not placed on a floor plan.';

const NO_MARKERS: readonly MapMarker[] = [];
const MAP_HEIGHT = 360;

/**
 * The alert detail's floor plan (SPEC §2.7, issue 15): the floor of the gateway that heard the
 * alert, with the alert's tracker focused (SPEC §9: zoom 20 when focusing), on the floor's plan
 * when it has one. The alert carries its position (the server answers it to who may read floor
 * plans), so a responder needs no read Gateway (SPEC §6 security); no position, or none on a floor
 * of the caller's zones, is not on a plan. The caller shows this panel only to who may read floor
 * plans and zones.
 */
export function AlertFloorPanel({ alert }: { alert: Alert }) {
  const now = useNow(5_000);
  return (
    <Stack component="section" aria-labelledby="alert-floor-title" gap="xs">
      <Title order={2} size="h4" id="alert-floor-title">
        Floor plan
      </Title>
      {alert.position ? <PositionFloor alert={alert} position={alert.position} /> : <NotPlaced />}
      {alert.state !== 'closed' && <NearestResponders alertId={alert.id} now={now} />}
    </Stack>
  );
}

/**
 * SPEC §3 Map tracker of type alert at the alert's position, as wide as its gateway's coverage, like
 * the floor map's (ui/map/alert-tracker.ts); an acknowledged alert is outlined.
 */
function positionCircle(alert: Alert, position: AlertPosition): MapTrackerCircle {
  return {
    id: alert.id,
    latlng: { lat: position.lat, lng: position.lng },
    radius: position.radius,
    color: ALERT_MODE_HEX[alert.mode],
    name: alertPersonName(alert),
    outlined: alert.acknowledged,
  };
}

function PositionFloor({ alert, position }: { alert: Alert; position: AlertPosition }) {
  const floor = useQuery(floorplanQueries.floorOf(position.floorId));
  const { plan, tiles } = useFloorPlanTiles(floor.data ?? undefined);
  const circle = useMemo(() => positionCircle(alert, position), [alert, position]);
  // Issue 20: the alert's nearest responders heard on this floor, as alert-responder trackers (the
  // same answer as the card's lines, NearestResponders).
  const maySeeResponders = useMaySeeResponders();
  const near = useQuery(responderQueries.nearest(alert.id, maySeeResponders && alert.state !== 'closed'));
  const trackers = useMemo(
    () => [
      circle,
      ...responderTrackers(near.data?.data, position.floorId, 'alert-responder').map((t) => t.circle),
    ],
    [circle, near.data, position.floorId],
  );
  const view = useMemo<FloorMapView>(() => {
    const lngLat: LngLat = [position.lng, position.lat];
    return {
      key: `${position.floorId}:${lngLat.join(',')}`,
      bounds: null,
      bearing: plan?.bearing,
      focus: { lngLat, zoom: trackerZoom({ type: 'alert', focusing: true }) },
    };
  }, [position, plan?.bearing]);

  if (floor.isError)
    return (
      <ErrorPanel
        error={floor.error}
        title="Could not load the alert’s floor"
        onRetry={() => void floor.refetch()}
      />
    );
  if (floor.isPending) return <MapLoading height={MAP_HEIGHT} text="Loading the alert’s floor…" />;
  if (!floor.data) return <NotPlaced />;

  return (
    <FloorMap
      label={`Map of ${floor.data.name}`}
      plan={tiles}
      markers={NO_MARKERS}
      view={view}
      trackers={trackers}
      selectedTrackerId={alert.id}
      defaultLabels
      h={MAP_HEIGHT}
    />
  );
}

function NotPlaced() {
  return (
    <Text size="sm" c="dimmed">
      {NOT_PLACED}
    </Text>
  );
}
