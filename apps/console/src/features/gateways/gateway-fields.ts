import {
  GATEWAY_CONFIG_STATE_LABELS,
  GATEWAY_STATUS_LABELS,
  gatewayStatus,
  type Gateway,
  type GatewayConfigState,
  type GatewayStatusKind,
  type LocationNames,
} from '@vigil/domain';

/** What a gateway row's `state` may hold (SPEC §3 Gateway state), read defensively. */
export type GatewayStateView = {
  status?: string;
  updatedAt?: string;
  version?: { app?: string; boot?: string; isSafeMode?: boolean };
  hardware?: { revision?: string };
  adminMode?: boolean;
  diagnostics?: { button?: number; coverage?: number; floor?: number };
  neighbors?: Record<string, number>;
  debug?: { rebootInfo?: { lastResetReason?: number | string } };
};

export const stateOf = (gateway: Pick<Gateway, 'state'>) => gateway.state as GatewayStateView;

export const STATUS_COLOURS = {
  disconnected: 'red',
  updating: 'blue',
  safeMode: 'indigo',
  connected: 'green',
} as const satisfies Record<GatewayStatusKind, string>;

/** SPEC §4, §9: Disconnected after the threshold, Updating, Safe mode or Connected. */
export function statusOf(gateway: Pick<Gateway, 'state'>, now: Date): GatewayStatusKind {
  return gatewayStatus(stateOf(gateway), now);
}
export const statusLabel = (kind: GatewayStatusKind) => GATEWAY_STATUS_LABELS[kind];

/** SPEC §3: the config state in words; undeployed is shown as 'Ready for Return'. */
export function configStateLabel(state: GatewayConfigState | undefined): string {
  return state ? GATEWAY_CONFIG_STATE_LABELS[state] : '';
}

export const skuOf = (gateway: Pick<Gateway, 'config'>) => gateway.config.logistics?.sku ?? '';

export function versionText(gateway: Pick<Gateway, 'state'>): string {
  const version = stateOf(gateway).version;
  return version?.app ?? '';
}

export const isSafeMode = (gateway: Pick<Gateway, 'state'>) => stateOf(gateway).version?.isSafeMode === true;

export function locationText(location: LocationNames | undefined): string {
  return location?.path ?? '';
}

export const when = (iso: string | undefined | null) => (iso ? new Date(iso).toLocaleString() : '');
