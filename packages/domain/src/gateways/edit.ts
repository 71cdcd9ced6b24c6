import type { AppAbility } from '../permissions/model';
import type { ParseResult } from '../validators/parse-result';
import type { ZoneLevel } from '../zones/enums';
import { DISCONNECTED_THRESHOLD_MS, REBOOT_REASON_POWER } from './constants';
import { isGatewayDisconnected } from './disconnected';
import type { GatewayConfigState, GatewayRemovalAction } from './enums';
import { isUpdating } from './marker-colour';

/** SPEC §5 Gateway edit: the location must be an area. */
export const GATEWAY_AREA_REQUIRED = 'Must specify unit and area';

/** SPEC §5 Gateway edit: null when a zone of this level may locate a gateway, else the reason. */
export function gatewayLocationError(level: ZoneLevel | string | null | undefined): string | null {
  return level === 'area' ? null : GATEWAY_AREA_REQUIRED;
}

export const ALTITUDE_NOT_INTEGER = 'Altitude must be a whole number of metres';

/**
 * SPEC §5 Gateway edit: the altitude override is parsed as an integer and the override flag is set
 * if the value is one. Empty text clears the override (no altitude, flag off); any other text that
 * is not a whole number is refused rather than silently dropped.
 */
export function parseAltitudeOverride(
  text: string | number | null | undefined,
): ParseResult<{ alt: number | null; hasAltitudeOverride: boolean }> {
  const raw = typeof text === 'number' ? String(text) : (text ?? '').trim();
  if (raw === '') return { ok: true, value: { alt: null, hasAltitudeOverride: false } };
  if (!/^[-+]?\d+$/.test(raw)) return { ok: false, reason: ALTITUDE_NOT_INTEGER };
  const alt = Number.parseInt(raw, 10);
  if (!Number.isSafeInteger(alt)) return { ok: false, reason: ALTITUDE_NOT_INTEGER };
  return { ok: true, value: { alt, hasAltitudeOverride: true } };
}

/**
 * SPEC §5: the altitude override is visible (and may be changed) only for outdoor users — the zone's
 * outdoor feature flag on — who may update Gateway outdoor.
 */
export function mayOverrideAltitude(
  ability: AppAbility,
  flags: Record<string, boolean | undefined>,
): boolean {
  return flags.outdoor === true && ability.can('update', 'Gateway', 'outdoor');
}

/**
 * SPEC §3 Gateway removal actions (POST gateways/{id}/unassign): the config state each leaves the
 * gateway in. Every action clears the location and coordinates. none: taken off its place, kept for
 * re-use; uninstall: taken down to go back (shown 'Ready for Return'); factory-reset: wiped, ready to
 * deploy again; rma: returned for repair, with the reason kept; lost: lost.
 */
export const UNASSIGN_STATE = {
  none: 'ready_to_deploy',
  uninstall: 'undeployed',
  'factory-reset': 'ready_to_deploy',
  rma: 'undeployed',
  lost: 'lost',
} as const satisfies Record<GatewayRemovalAction, GatewayConfigState>;

export const GATEWAY_REMOVAL_ACTION_LABELS = {
  none: 'Remove from location only',
  uninstall: 'Uninstall',
  'factory-reset': 'Factory reset',
  rma: 'RMA (return for repair)',
  lost: 'Lost',
} as const satisfies Record<GatewayRemovalAction, string>;

/**
 * `sku` of GET /api/gateways: `indoor` (the default) leaves out nodes (NODE…) and bridges (GWL…),
 * `NODE` and `GWL` list only those families, `all` lists every SKU (SPEC §7 `sku=all`).
 */
export const GATEWAY_SKU_FILTERS = ['indoor', 'all', 'NODE', 'GWL'] as const;
export type GatewaySkuFilter = (typeof GATEWAY_SKU_FILTERS)[number];

/** /outdoor/{type} (SPEC §2.1) and the SKU family it lists. */
export const OUTDOOR_TYPE_SKU = { nodes: 'NODE', bridges: 'GWL' } as const satisfies Record<
  string,
  GatewaySkuFilter
>;
export type OutdoorType = keyof typeof OUTDOOR_TYPE_SKU;

/** What a gateway list row shows as its status (SPEC §3 state.status, §4, §9). */
export type GatewayStatusKind = 'disconnected' | 'updating' | 'safeMode' | 'connected';
export const GATEWAY_STATUS_LABELS = {
  disconnected: 'Disconnected',
  updating: 'Updating',
  safeMode: 'Safe mode',
  connected: 'Connected',
} as const satisfies Record<GatewayStatusKind, string>;

/** The parts of SPEC §3 Gateway state the status reads. */
export type GatewayStatusState = {
  status?: unknown;
  updatedAt?: unknown;
  version?: { isSafeMode?: unknown } | null;
};

/**
 * SPEC §4, §9: disconnected when the gateway says so, has never reported, or its last update is older
 * than the threshold (default 2 days); else updating while its status begins with 'ota'; else safe
 * mode; else connected.
 */
export function gatewayStatus(
  state: GatewayStatusState | null | undefined,
  now: Date,
  thresholdMs: number = DISCONNECTED_THRESHOLD_MS,
): GatewayStatusKind {
  const status = typeof state?.status === 'string' ? state.status : '';
  const updatedAt = typeof state?.updatedAt === 'string' ? state.updatedAt : null;
  if (status === '' || status === 'disconnected' || isGatewayDisconnected(updatedAt, now, thresholdMs)) {
    return 'disconnected';
  }
  if (isUpdating(status)) return 'updating';
  if (state?.version?.isSafeMode === true) return 'safeMode';
  return 'connected';
}

/** SPEC §3, §9: the last reset reason in words; code 9 is a power problem. */
export function resetReasonLabel(code: unknown): string | null {
  if (code === null || code === undefined || code === '') return null;
  const n = Number(code);
  if (!Number.isInteger(n)) return String(code);
  return n === REBOOT_REASON_POWER ? 'Power problem' : `Code ${n}`;
}
