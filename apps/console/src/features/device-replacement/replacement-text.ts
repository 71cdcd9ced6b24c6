import {
  GATEWAY_CONFIG_STATE_LABELS,
  GATEWAY_REMOVAL_ACTION_LABELS,
  INVALID_MAC_REASON,
  UNASSIGN_STATE,
  deviceIdFromQr,
  macSearchPrefix,
  parseMac,
  type GatewayDetail,
  type GatewayRemovalAction,
} from '@vigil/domain';

// The words and readings of the device replacement screen (issue 21), kept out of its components.

/**
 * The MAC in what was typed (SPEC §5 Device MAC: 12 hex, or pairs joined by ':' or '-') or scanned
 * (SPEC §5 QR scan: the trailing 12 hex characters, lowercased, e.g. a label's link); else null.
 */
export function macOf(text: string): string | null {
  const typed = parseMac(text);
  return typed.ok ? typed.value : deviceIdFromQr(text);
}

/** Why the MAC field has nothing to look up yet, or null when it has. */
export function macProblem(text: string): string | null {
  return macOf(text) === null ? INVALID_MAC_REASON : null;
}

/** What the MAC field says under it while typing (suggestions start after 4 characters, SPEC §9). */
export function macHint(text: string, suggestions: number): string {
  if (text.trim() === '') return 'Type at least 4 characters of the MAC, or scan its label.';
  if (macSearchPrefix(text) === null && macOf(text) === null)
    return 'Keep typing: a MAC has 12 hex characters.';
  if (suggestions === 0) return 'No matching gateway yet: type the whole MAC, or scan its label.';
  return 'Choose a suggestion, or type the whole MAC.';
}

/** Where a gateway is, in words. */
export const placeOf = (gateway: GatewayDetail) => gateway.location.path ?? 'No location';

/** What the removal action leaves the old gateway as (SPEC §3 removal actions). */
export function removalOutcome(action: GatewayRemovalAction): string {
  return `It becomes ${GATEWAY_CONFIG_STATE_LABELS[UNASSIGN_STATE[action]]} and is told with the answer to its next heartbeat.`;
}

export const removalLabel = (action: GatewayRemovalAction) => GATEWAY_REMOVAL_ACTION_LABELS[action];
