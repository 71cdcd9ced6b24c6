import {
  GATEWAY_STATUS_LABELS,
  MARKER_COLOURS,
  MARKER_COLOUR_HEX,
  gatewayStatus,
  markerColour,
  markerGatewayOf,
  type AppAbility,
  type Gateway,
  type MarkerColour,
  type MarkerColourContext,
} from '@vigil/domain';
import type { MapMarker } from '../../ui/map/map-style';

// SPEC §4 Gateway on the map: each gateway of the floor as a map marker, coloured by the domain's
// marker-colour rule for what the viewer may see, and as a row of the list beside the map.

/** One gateway on the floor: its marker, its colour token and what its row shows. */
export type FloorGateway = {
  gateway: Gateway;
  colour: MarkerColour;
  marker: MapMarker;
  /** Unit › area, where the gateway is placed. */
  place: string | null;
  /** Its status in words, for a viewer who may read it. */
  status: string | null;
};

/** SPEC §6: what the viewer may see of a gateway's status decides the colour rule's branch. */
export function colourContextOf(ability: AppAbility, editMode = false): MarkerColourContext {
  return {
    editMode,
    canReadRealTimeStatus: ability.can('read', 'Gateway', 'realTimeStatus'),
    canReadStatus: ability.can('read', 'Gateway', 'status'),
  };
}

/** The floor's gateways that have coordinates, as markers and rows, in MAC order. */
export function floorGateways(
  gateways: readonly Gateway[],
  context: MarkerColourContext,
  now: Date,
): FloorGateway[] {
  const showsStatus = context.canReadRealTimeStatus || context.canReadStatus;
  return gateways
    .filter((g) => g.config.coordinates)
    .map((gateway): FloorGateway => {
      const colour = markerColour(markerGatewayOf(gateway, now), context);
      const { lat, lng } = gateway.config.coordinates!;
      const place = [gateway.location?.unit, gateway.location?.area].filter(Boolean).join(' › ');
      return {
        gateway,
        colour,
        marker: { id: gateway.id, lngLat: [lng, lat], colour: MARKER_COLOUR_HEX[colour], label: gateway.id },
        place: place || null,
        status: showsStatus ? GATEWAY_STATUS_LABELS[gatewayStatus(gateway.state, now)] : null,
      };
    })
    .sort((a, b) => a.gateway.id.localeCompare(b.gateway.id));
}

/**
 * What a marker colour means to this viewer (SPEC §4's priority list read back), for the legend.
 * The words are ours: SPEC names the colours, not their captions.
 */
export function colourMeaning(colour: MarkerColour, context: MarkerColourContext): string {
  if (colour === 'gray') return 'No gateway assigned';
  if (context.editMode) return 'Gateway (editing)';
  if (!context.canReadRealTimeStatus) {
    if (!context.canReadStatus) return 'Gateway';
    return colour === 'red' ? 'Disconnected' : 'Connected';
  }
  const meanings: Record<Exclude<MarkerColour, 'gray'>, string> = {
    red: 'Disconnected',
    pink: 'Power problem',
    blue: 'Updating',
    darkBlue: 'Safe mode',
    darkGreen: 'Admin mode or bridge',
    green: 'Diagnostics passing',
    orange: 'Needs attention',
  };
  return meanings[colour];
}

/** The legend: each colour on the floor once, in SPEC §4's priority order, with its meaning. */
export function legendOf(
  rows: readonly FloorGateway[],
  context: MarkerColourContext,
): { colour: MarkerColour; hex: string; meaning: string; count: number }[] {
  return MARKER_COLOURS.map((colour) => ({
    colour,
    hex: MARKER_COLOUR_HEX[colour],
    meaning: colourMeaning(colour, context),
    count: rows.filter((r) => r.colour === colour).length,
  })).filter((entry) => entry.count > 0);
}
