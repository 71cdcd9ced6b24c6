import type { GatewayConfigState } from './enums';
import { isNodeSku } from './coverage';

/** SPEC §4 Gateway batch operations, in the order they are offered. */
export const GATEWAY_BATCH_OPERATIONS = ['transfer', 'transfer_inv', 'clear_diag_info', 'mark_lost'] as const;
export type GatewayBatchOperation = (typeof GATEWAY_BATCH_OPERATIONS)[number];

/** SPEC §6: slugs of the logistics organisations. Used by the warehouse and factory kiosks (SPEC §2.1). */
export const LOGISTICS_ORG_SLUGS = ['smpwarehouse', 'factory', 'strongline-inventory'] as const;
export type LogisticsOrgSlug = (typeof LOGISTICS_ORG_SLUGS)[number];

// SPEC §4 lists ready_for_return (a tag state name) beside the gateway states; it is accepted as written.
const TRANSFER_INV_STATES: readonly string[] = ['ready_to_deploy', 'lost', 'ready_for_return', 'undeployed'];

/** What the batch rules read from one selected gateway. */
export type GatewayBatchCandidate = {
  state: GatewayConfigState | 'ready_for_return';
  /** Id (or slug, as long as it matches `inventoryOrg`) of the organisation the gateway belongs to. */
  org: string | null | undefined;
  sku: string | null | undefined;
};

/** SPEC §6: whether an organisation slug is one of the logistics organisations. */
export function isLogisticsOrgSlug(slug: string | null | undefined): slug is LogisticsOrgSlug {
  return (LOGISTICS_ORG_SLUGS as readonly string[]).includes(slug ?? '');
}

/** SPEC §4 Gateway batch operations: the operations offered for this selection; none for an empty one. */
export function gatewayBatchOperations(
  gateways: readonly GatewayBatchCandidate[],
  inventoryOrg: string,
): GatewayBatchOperation[] {
  if (gateways.length === 0) return [];
  const offered: Record<GatewayBatchOperation, boolean> = {
    transfer: gateways.every((g) => g.org === inventoryOrg),
    transfer_inv: gateways.every((g) => TRANSFER_INV_STATES.includes(g.state)),
    clear_diag_info: gateways.every((g) => isNodeSku(g.sku)),
    mark_lost: true,
  };
  return GATEWAY_BATCH_OPERATIONS.filter((operation) => offered[operation]);
}
