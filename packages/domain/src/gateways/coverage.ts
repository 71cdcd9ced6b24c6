import { BRIDGE_COVERAGE_RADIUS_M, BRIDGE_SKUS, COVERAGE_RADIUS_M, NODE_SKUS } from './constants';

export type CoverageKind = keyof typeof COVERAGE_RADIUS_M;

/** SPEC §9: a node is SKU NODE0 or NODE1. */
export function isNodeSku(sku: string | null | undefined): boolean {
  return (NODE_SKUS as readonly string[]).includes(sku ?? '');
}

/** SPEC §9: a bridge is SKU GWL0 or GWL1. */
export function isBridgeSku(sku: string | null | undefined): boolean {
  return (BRIDGE_SKUS as readonly string[]).includes(sku ?? '');
}

/**
 * SPEC §9: coverage radius: indoor 16, garage 32, outdoor 64; bridges (GWL0, GWL1) 0 whatever the kind.
 * Used by the floor-plan map's coverage heatmap (SPEC §2.7).
 */
export function coverageRadiusM(kind: CoverageKind, sku?: string | null): number {
  return isBridgeSku(sku) ? BRIDGE_COVERAGE_RADIUS_M : COVERAGE_RADIUS_M[kind];
}
