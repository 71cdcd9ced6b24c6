import { useEffect, useMemo } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  MAP_MIN_ZOOM,
  OUTDOOR_TRACKER_RADIUS_M,
  alertPersonName,
  trackerZoom,
  type Alert,
  type AlertVisit,
} from '@vigil/domain';
import { basemapQueries, basemapTilesUrl } from '../../api/basemap';
import { floorplanQueries } from '../../api/floorplans';
import { useSignedIn } from '../../session/session';
import { ALERT_MODE_HEX } from '../../ui/map/alert-tracker';
import { BASEMAP_MAX_ZOOM } from '../../ui/map/basemap';
import { FloorMap, type FloorMapView } from '../../ui/map/floor-map';
import { useMapInstance } from '../../ui/map/map-context';
import { useTileSignature } from '../../ui/map/tile-signature';

// Issue 20 "Home visits": an alert of a remote person on a visit (a press during it, or the
// lone-worker timer's) is at the patient's home: its address, who visits, and (with a street layer
// configured) the address on a street map as an outdoor tracker (SPEC §9: radius 16, zoom 18).

/** 'Home visit: 14 Rose Lane' ('Home visit overdue: …' for the lone-worker timer's alert). */
export function alertVisitText(visit: AlertVisit): string {
  return `${visit.overdue ? 'Home visit overdue' : 'Home visit'}: ${visit.address}`;
}

/** The alert card's line: the home's address and the remote person; nothing for an alert of no visit. */
export function AlertVisitLine({ alert }: { alert: Alert }) {
  if (!alert.visit) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <IconHome size={16} aria-hidden />
      <Text fw={600}>{alertVisitText(alert.visit)}</Text>
      {alert.remote && <Text c="dimmed">· {alert.remote.person.name}</Text>}
      {alert.visit.overdue && (
        <Badge color="red.8" variant="outline">
          Not checked out
        </Badge>
      )}
    </Group>
  );
}

const MAP_HEIGHT = 320;
const STREETS_SOURCE = 'home-visit-streets';

/**
 * The alert detail's home visit: address and remote person, and the street map when the deployment
 * has a street layer, the home's zone a point and the caller may read floor plans (the tiles come
 * through our server with the image signature). Else the address alone, as text without a link.
 */
export function AlertVisitPanel({ alert }: { alert: Alert }) {
  return alert.visit ? <VisitPanel alert={alert} visit={alert.visit} /> : null;
}

function VisitPanel({ alert, visit }: { alert: Alert; visit: AlertVisit }) {
  const { ability } = useSignedIn();
  const mayMap = ability.can('read', 'FloorPlan');
  // Asked only of a visit's alert, and only by who may read the tiles.
  const config = useQuery({ ...basemapQueries.config(), enabled: mayMap && visit.point !== null });
  const point = visit.point;
  const streets = mayMap && config.data?.streets === true && point !== null;
  return (
    <Stack component="section" aria-labelledby="alert-visit-title" gap="xs">
      <Title order={2} size="h4" id="alert-visit-title">
        {visit.overdue ? 'Home visit overdue' : 'Home visit'}
      </Title>
      {visit.overdue && <Text size="sm">The visit was not checked out in time.</Text>}
      <Text>Address: {visit.address}</Text>
      {alert.remote && <Text size="sm">Visiting: {alert.remote.person.name}</Text>}
      {streets && <VisitStreetMap alert={alert} point={point} />}
    </Stack>
  );
}

function VisitStreetMap({ alert, point }: { alert: Alert; point: { lat: number; lng: number } }) {
  const trackers = useMemo(
    () => [
      {
        id: alert.id,
        latlng: point,
        radius: OUTDOOR_TRACKER_RADIUS_M,
        color: ALERT_MODE_HEX[alert.mode],
        name: alertPersonName(alert),
        outlined: alert.acknowledged,
      },
    ],
    [alert, point],
  );
  const view = useMemo<FloorMapView>(
    () => ({
      key: `${point.lng},${point.lat}`,
      bounds: null,
      focus: { lngLat: [point.lng, point.lat], zoom: trackerZoom({ type: 'alert', outdoor: true }) },
    }),
    [point],
  );
  return (
    <FloorMap
      label={`Street map of ${alert.visit?.address ?? 'the home'}`}
      plan={null}
      markers={[]}
      view={view}
      trackers={trackers}
      selectedTrackerId={alert.id}
      defaultLabels
      streets
      h={MAP_HEIGHT}
    >
      <StreetLayer />
    </FloorMap>
  );
}

/**
 * The deployment's street tiles under the tracker, shown at once (the floor map's basemap toggle
 * starts hidden, useBasemap): proxied by our server, signed like the plan tiles.
 */
function StreetLayer() {
  const map = useMapInstance();
  const signature = useTileSignature(useQuery(floorplanQueries.signature(true)).data);
  const url = signature ? basemapTilesUrl('streets', signature) : null;
  useEffect(() => {
    if (!map || !url) return;
    map.addSource(STREETS_SOURCE, {
      type: 'raster',
      tiles: [url],
      tileSize: 256,
      minzoom: MAP_MIN_ZOOM,
      maxzoom: BASEMAP_MAX_ZOOM,
    });
    const ground = map.getStyle().layers.find((l) => l.type !== 'background')?.id;
    map.addLayer({ id: STREETS_SOURCE, type: 'raster', source: STREETS_SOURCE }, ground);
    return () => {
      try {
        if (map.getLayer(STREETS_SOURCE)) map.removeLayer(STREETS_SOURCE);
        if (map.getSource(STREETS_SOURCE)) map.removeSource(STREETS_SOURCE);
      } catch {
        // The map was removed with its style: nothing left to clean.
      }
    };
  }, [map, url]);
  return null;
}
