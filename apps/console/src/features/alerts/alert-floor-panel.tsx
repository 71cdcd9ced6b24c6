import { useMemo } from 'react';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trackerZoom, type Alert, type LngLat } from '@vigil/domain';
import { floorplanQueries } from '../../api/floorplans';
import { gatewayQueries } from '../../api/gateways';
import { ErrorPanel } from '../../ui/error-panel';
import { alertTrackerAt } from '../../ui/map/alert-tracker';
import { FloorMap, type FloorMapView } from '../../ui/map/floor-map';
import type { MapMarker } from '../../ui/map/map-style';
import { useFloorPlanTiles } from '../../ui/map/use-plan-tiles';

/** Issue 15 "The alert on the map": said when there is no floor to show the alert on. */
export const NOT_PLACED = 'This alert’s gateway is not placed on a floor plan.';

const NO_MARKERS: readonly MapMarker[] = [];
const MAP_HEIGHT = 360;

/**
 * The alert detail's floor plan (SPEC §2.7, issue 15): the floor of the gateway that heard the
 * alert, with the alert's tracker focused (SPEC §9: zoom 20 when focusing), on the floor's plan
 * when it has one. A gateway without coordinates, or located under no floor, is not on a plan.
 * The caller shows this panel only to who may read floor plans.
 */
export function AlertFloorPanel({ alert }: { alert: Alert }) {
  return (
    <Stack component="section" aria-labelledby="alert-floor-title" gap="xs">
      <Title order={2} size="h4" id="alert-floor-title">
        Floor plan
      </Title>
      {alert.gateway === null ? <NotPlaced /> : <GatewayFloor alert={alert} gatewayId={alert.gateway} />}
    </Stack>
  );
}

function GatewayFloor({ alert, gatewayId }: { alert: Alert; gatewayId: string }) {
  const gateway = useQuery(gatewayQueries.detail(gatewayId));
  const config = gateway.data?.config;
  const placed = Boolean(config?.coordinates && config.location);
  const floor = useQuery({
    ...floorplanQueries.floorOf(config?.location),
    enabled: placed,
  });
  const { plan, tiles } = useFloorPlanTiles(floor.data ?? undefined);
  const tracker = useMemo(
    () => (gateway.data ? alertTrackerAt(alert, gateway.data) : null),
    [alert, gateway.data],
  );
  const trackers = useMemo(() => (tracker ? [tracker.circle] : []), [tracker]);
  const floorId = floor.data?.id ?? '';
  const view = useMemo<FloorMapView | null>(() => {
    if (!tracker) return null;
    const lngLat: LngLat = [tracker.tracker.latlng.lng, tracker.tracker.latlng.lat];
    return {
      key: `${floorId}:${lngLat.join(',')}`,
      bounds: null,
      bearing: plan?.bearing,
      focus: { lngLat, zoom: trackerZoom({ type: 'alert', focusing: true }) },
    };
  }, [tracker, floorId, plan?.bearing]);

  if (gateway.isError)
    return (
      <ErrorPanel
        error={gateway.error}
        title="Could not load the alert’s gateway"
        onRetry={() => void gateway.refetch()}
      />
    );
  if (gateway.isPending) return <Loading />;
  if (!placed) return <NotPlaced />;
  if (floor.isError)
    return (
      <ErrorPanel
        error={floor.error}
        title="Could not load the gateway’s floor"
        onRetry={() => void floor.refetch()}
      />
    );
  if (floor.isPending) return <Loading />;
  if (!floor.data || !view) return <NotPlaced />;

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

function Loading() {
  return (
    <Center h={MAP_HEIGHT}>
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading the alert’s floor…
        </Text>
      </Stack>
    </Center>
  );
}
