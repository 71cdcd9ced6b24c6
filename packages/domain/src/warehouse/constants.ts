import type { SkuCode } from '../enums';

// SPEC §9 boxes, orders and firmware: the numbers of the warehouse and factory kiosks and of the
// operations orders (SPEC §2.1 /warehouse/…, /factory/home, /operations/orders).

/**
 * SPEC §9: units per box, by SKU.
 * Used by the warehouse kiosk's receiving, shipping and repackaging screens (SPEC §2.1 /warehouse).
 */
export const BOX_QUANTITY_BY_SKU = {
  TAG3: 20,
  TAG5: 20,
  TAG7: 20,
  WEAR1: 20,
  TAG6: 50,
  GW2: 5,
  GWL1: 1,
  NODE1: 1,
} as const satisfies Partial<Record<SkuCode, number>>;

/**
 * SPEC §9: boxes per carton (box count), by SKU.
 * Used by the warehouse kiosk's receiving, shipping and repackaging screens (SPEC §2.1 /warehouse).
 */
export const BOX_COUNT_BY_SKU = {
  TAG3: 10,
  TAG5: 10,
  TAG7: 10,
  WEAR1: 10,
  TAG6: 4,
  GW2: 20,
  GWL1: 6,
  NODE1: 6,
} as const satisfies Partial<Record<SkuCode, number>>;

/**
 * SPEC §9: SKUs that can be ordered.
 * Used by the orders screens (SPEC §2.1 /operations/orders, /warehouse/orders).
 */
export const ORDERABLE_SKUS = [
  'GW2',
  'GWL1',
  'TAG5',
  'TAG7',
  'NODE1',
  'GWC',
  'GWG',
  'DSK',
] as const satisfies readonly SkuCode[];

/**
 * SPEC §9: firmware keys by gateway kind.
 * Used by the factory kiosk (SPEC §2.1 /factory/home).
 */
export const FIRMWARE_KEYS = {
  indoor: ['GW2', 'GW2_ff', 'GW5'],
  outdoor: ['NODE1', 'GWL1'],
} as const;
