import type { Gateway, GatewayBatchCandidate, GatewayBatchOperation } from '@vigil/domain';

// Moved from features/gateways/gateway-fields.ts (issue 22): the gateway lists and the Gateway
// Scratch List both offer SPEC §4's gateway batch operations.

/** SPEC §4 gateway batch operations, as the menu names them. */
export const GATEWAY_BATCH_LABELS = {
  transfer: 'Transfer to organisation',
  transfer_inv: 'Transfer to inventory',
  clear_diag_info: 'Clear diagnostics info',
  mark_lost: 'Mark lost',
} as const satisfies Record<GatewayBatchOperation, string>;

/** SPEC §6: the inventory organisation's slug, where transfer starts and transfer_inv ends. */
export const INVENTORY_ORG_SLUG = 'strongline-inventory';

/** What SPEC §4's rules read of a listed gateway; every listed row is of the selected organisation. */
export function batchCandidateOf(gateway: Gateway, orgSlug: string | null): GatewayBatchCandidate {
  return {
    state: gateway.config.state ?? 'unknown',
    org: orgSlug,
    sku: gateway.config.logistics?.sku || null,
  };
}
