import {
  MARKER_COLOUR_HEX,
  cameraMarkerColour,
  markerColour,
  type Gateway,
  type LngLat,
  type Marker,
  type MarkerColour,
} from '@vigil/domain';

// SPEC §4 Gateway on the map, in the edit modes: which markers each mode edits, their colours, the
// GeoJSON the editor's own layers draw, and the keyboard's nudges. Pure, so tested without a map.

/** The two modes this editor serves (SPEC §2.7): markers and gateways, or cameras. */
export type MarkerKind = 'markers' | 'cameras';

/** A marker is a camera when it carries `camera` (even without its id and name yet). */
export function isCamera(marker: Marker): boolean {
  return marker.config.camera != null;
}

/** The markers a mode edits: cameras in cameras mode, every other marker in markers mode. */
export function markersOfKind(markers: readonly Marker[], kind: MarkerKind): Marker[] {
  return markers.filter((marker) => isCamera(marker) === (kind === 'cameras'));
}

/**
 * SPEC §4 in the edit modes: a camera with an id dark blue, without gray; a marker with a gateway
 * blue (edit mode), without gray. The domain's rules decide; this only picks which.
 */
export function editColour(marker: Marker, kind: MarkerKind): MarkerColour {
  if (kind === 'cameras') return cameraMarkerColour(marker.config.camera);
  // In edit mode the colour does not read the gateway's state: that there is one is enough.
  const context = { editMode: true, canReadRealTimeStatus: false, canReadStatus: false };
  return markerColour(marker.gateway ? { configState: 'unknown' } : null, context);
}

/** What a marker is called in the list, the map's tooltip and the form's heading. */
export function markerName(marker: Marker, kind: MarkerKind): string {
  if (kind === 'cameras') {
    const { id, name } = marker.config.camera ?? {};
    if (name && id) return `${name} (${id})`;
    return name || id || 'Camera without id';
  }
  return marker.gateway ? `Gateway ${marker.gateway}` : 'Marker without gateway';
}

/** Markers by name (unnamed last), then by when they were made, so the list does not jump on refresh. */
export function sortMarkers(markers: readonly Marker[], kind: MarkerKind): Marker[] {
  const unnamed = (m: Marker) => (kind === 'cameras' ? !m.config.camera?.name : !m.gateway);
  return [...markers].sort(
    (a, b) =>
      Number(unnamed(a)) - Number(unnamed(b)) ||
      markerName(a, kind).localeCompare(markerName(b, kind)) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}

export type EditFeatureCollection = {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: string;
    geometry: { type: 'Point'; coordinates: [lng: number, lat: number] };
    /** False for a gateway placed without a marker: drawn, but edited on the gateway's screen. */
    properties: { id: string; colour: string; label: string; editable: boolean };
  }[];
};

/**
 * Gateways placed on the floor that no marker holds (placed on the gateway's screen): the markers
 * mode draws them too, so a new marker is not put on top of one unknowingly.
 */
export function unmarkedGateways(gateways: readonly Gateway[], markers: readonly Marker[]): Gateway[] {
  const held = new Set(markers.map((marker) => marker.gateway));
  return gateways.filter((gateway) => gateway.config.coordinates && !held.has(gateway.id));
}

type Point = EditFeatureCollection['features'][number];

function point(
  id: string,
  [lng, lat]: LngLat,
  colour: MarkerColour,
  label: string,
  editable: boolean,
): Point {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: { id, colour: MARKER_COLOUR_HEX[colour], label, editable },
  };
}

/**
 * The markers of a mode as GeoJSON points for the editor's circle layer, each in its edit colour;
 * `moved` overrides positions while a marker is being dragged or nudged (not saved yet). In the
 * markers mode, `gateways` placed without a marker are drawn too, in the edit-mode colour.
 */
export function editFeatures(
  markers: readonly Marker[],
  kind: MarkerKind,
  moved: ReadonlyMap<string, LngLat> = new Map(),
  gateways: readonly Gateway[] = [],
): EditFeatureCollection {
  const own = markersOfKind(markers, kind).map((marker) =>
    point(
      marker.id,
      moved.get(marker.id) ?? lngLatOf(marker),
      editColour(marker, kind),
      markerName(marker, kind),
      true,
    ),
  );
  const others =
    kind === 'markers'
      ? unmarkedGateways(gateways, markers).map((gateway) => {
          const { lat, lng } = gateway.config.coordinates!;
          const colour = markerColour(
            { configState: gateway.config.state ?? 'unknown' },
            { editMode: true, canReadRealTimeStatus: false, canReadStatus: false },
          );
          return point(`gateway:${gateway.id}`, [lng, lat], colour, `Gateway ${gateway.id}`, false);
        })
      : [];
  return { type: 'FeatureCollection', features: [...others, ...own] };
}

/** A marker's place as [lng, lat] (its coordinates are SPEC §3's {lat, lng}). */
export function lngLatOf(marker: Marker): LngLat {
  return [marker.config.coordinates.lng, marker.config.coordinates.lat];
}

export type NudgeDirection = 'up' | 'down' | 'left' | 'right';

/** The arrow keys that nudge a marker, and where each moves it on the screen. */
export const NUDGE_KEYS: Readonly<Record<string, NudgeDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** One nudge, in metres on the ground; with Shift, a bigger step (ours: SPEC gives none). */
export const NUDGE_METRES = 0.5;
export const NUDGE_METRES_SHIFT = 5;

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * A point moved `metres` towards a side of the screen. The map is turned by the plan's bearing
 * (degrees clockwise from north), so "up" on the screen is that bearing on the ground.
 */
export function nudge([lng, lat]: LngLat, direction: NudgeDirection, metres: number, bearing = 0): LngLat {
  const screenAngle = { up: 0, right: 90, down: 180, left: 270 }[direction];
  const angle = ((bearing + screenAngle) * Math.PI) / 180;
  const north = Math.cos(angle) * metres;
  const east = Math.sin(angle) * metres;
  const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
  return [lng + east / metresPerDegreeLng, lat + north / METRES_PER_DEGREE_LAT];
}
