import { REBOOT_REASON_POWER } from './constants';
import type { GatewayConfigState } from './enums';
import { isBridgeSku } from './coverage';
import { diagnosticsPass, type DiagnosticsPercents } from './diagnostics';

/**
 * SPEC §4 Gateway on the map: marker colour tokens; the console maps them to MARKER_COLOUR_HEX.
 * Used by the floor-plan map (SPEC §2.7), as is the rest of this file but isUpdating.
 */
export const MARKER_COLOURS = [
  'red',
  'pink',
  'blue',
  'darkBlue',
  'darkGreen',
  'green',
  'orange',
  'gray',
] as const;
export type MarkerColour = (typeof MARKER_COLOURS)[number];

/** Mantine default palette shades for each marker colour token. */
export const MARKER_COLOUR_HEX = {
  red: '#e03131',
  pink: '#e64980',
  blue: '#228be6',
  darkBlue: '#364fc7',
  darkGreen: '#2b8a3e',
  green: '#40c057',
  orange: '#fd7e14',
  gray: '#868e96',
} as const satisfies Record<MarkerColour, string>;

/** SPEC §4, §7: the gateway config states shown on (and loaded for) the map. */
export const GATEWAY_MAP_STATES = [
  'deployed',
  'ready_to_deploy',
] as const satisfies readonly GatewayConfigState[];

/** What the marker colour reads from the gateway assigned to a marker (SPEC §3 Gateway). */
export type MarkerGateway = {
  /** state.status */
  status?: string | null;
  /** config.state */
  configState: GatewayConfigState;
  /** config.logistics.sku */
  sku?: string | null;
  /** state.version.isSafeMode */
  isSafeMode?: boolean | null;
  /** state.adminMode */
  adminMode?: boolean | null;
  /** state.debug.rebootInfo.lastResetReason */
  lastResetReason?: number | string | null;
  /** state.diagnostics (percent over 24 h) */
  diagnostics?: DiagnosticsPercents | null;
};

/** The viewer's situation: map edit mode and read Gateway realTimeStatus / status (SPEC §6). */
export type MarkerColourContext = {
  editMode: boolean;
  canReadRealTimeStatus: boolean;
  canReadStatus: boolean;
};

/** SPEC §4: only deployed and ready_to_deploy gateways are shown on the map. Used by the floor-plan map. */
export function isGatewayShownOnMap(state: string | null | undefined): boolean {
  return (GATEWAY_MAP_STATES as readonly string[]).includes(state ?? '');
}

/** SPEC §4: a status beginning with 'ota' means the gateway is updating. */
export function isUpdating(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.startsWith('ota');
}

// A gateway that has never reported a status is treated like a disconnected one.
function isConnected(status: string | null | undefined): boolean {
  return typeof status === 'string' && status !== '' && status !== 'disconnected';
}

function realTimeColour(gateway: MarkerGateway): MarkerColour {
  if (!isConnected(gateway.status)) return 'red';
  if (Number(gateway.lastResetReason) === REBOOT_REASON_POWER) return 'pink';
  if (isUpdating(gateway.status)) return 'blue';
  if (gateway.isSafeMode) return 'darkBlue';
  const deployed = gateway.configState === 'deployed';
  if (deployed && (gateway.adminMode || isBridgeSku(gateway.sku))) return 'darkGreen';
  if (deployed && diagnosticsPass(gateway.diagnostics)) return 'green';
  return 'orange';
}

/**
 * SPEC §4 Gateway on the map: a marker's colour. No gateway: gray; edit mode: blue; with read
 * realTimeStatus the full priority list; with only read status: connected blue, else red.
 * Without either permission the marker is blue, as in edit mode (SPEC leaves this case open).
 * Used by the floor-plan map (SPEC §2.7).
 */
export function markerColour(
  gateway: MarkerGateway | null | undefined,
  context: MarkerColourContext,
): MarkerColour {
  if (!gateway) return 'gray';
  if (context.editMode) return 'blue';
  if (context.canReadRealTimeStatus) return realTimeColour(gateway);
  if (context.canReadStatus) return isConnected(gateway.status) ? 'blue' : 'red';
  return 'blue';
}

/** SPEC §4 Gateway on the map: a camera with an id is dark blue, without one gray. Used by the floor-plan map. */
export function cameraMarkerColour(camera: { id?: string | null } | null | undefined): MarkerColour {
  return camera?.id ? 'darkBlue' : 'gray';
}
