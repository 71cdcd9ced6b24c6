import { z } from 'zod';
import { SKU_CODES, skuCodeSchema, type SkuCode } from '../enums';
import { CHAIN_PLACES, chainPlace, type ChainDevice, type ChainOrg, type ChainPlace } from './chain';

// Issue 22 inventory (/warehouse/inventory): counts by SKU, SPEC §3 state and location (the
// logistics organisation), each with its place in the chain, and a warning for every SKU whose
// stock is below its minimum. A count opens its devices: the list filtered by the same four keys.

/** The organisation that keeps the minimums (SPEC §6: stock lives in the warehouse). */
export const INVENTORY_MINIMUMS_ORG = 'smpwarehouse' satisfies ChainOrg;

/** The largest minimum a SKU may be given. */
export const INVENTORY_MINIMUM_MAX = 100_000;

/** PUT of the minimums: SKU → the fewest devices in stock before a warning (0 or absent: none). */
export const inventoryMinimumsSchema = z.partialRecord(
  skuCodeSchema,
  z.number().int('A minimum is a whole number').min(0).max(INVENTORY_MINIMUM_MAX),
);
export type InventoryMinimums = z.infer<typeof inventoryMinimumsSchema>;

/** One count of the inventory; its devices are those with the same four keys. */
export type InventoryCount = {
  sku: string;
  state: string;
  location: ChainOrg;
  place: ChainPlace | null;
  count: number;
};

/**
 * What decides a device's place (./chain.ts chainPlace): the server may group by these columns in
 * SQL and read each group's place from one stand-in device, instead of loading every device.
 */
export type PlaceKey = Pick<ChainDevice, 'kind' | 'org' | 'state'> & {
  inBox: boolean;
  onOrder: boolean;
  inspection: 'reusable' | 'scrapped' | null;
};

/** Issue 22: the place of every device sharing `key`. */
export function placeOfKey(key: PlaceKey): ChainPlace | null {
  return chainPlace({
    id: '',
    kind: key.kind,
    sku: null,
    state: key.state,
    org: key.org,
    customerOrgId: null,
    box: key.inBox ? 'box' : null,
    order: key.onOrder ? 1 : null,
    qc: null,
    inspection: key.inspection ? { verdict: key.inspection, notes: '' } : null,
    invoiceZone: null,
    firmwareKey: null,
  });
}

const LOCATION_ORDER: readonly ChainOrg[] = ['factory', 'smpwarehouse', 'strongline-inventory', 'customer'];
const rank = (list: readonly (string | null)[], value: string | null) => {
  const i = list.indexOf(value);
  return i === -1 ? list.length : i;
};

/** Issue 22: the inventory of logistics devices (customers' devices are not inventory), grouped and sorted. */
export function countInventory(devices: readonly ChainDevice[]): InventoryCount[] {
  const counts = new Map<string, InventoryCount>();
  for (const device of devices) {
    if (device.org === 'customer') continue;
    const row = {
      sku: device.sku ?? '',
      state: device.state ?? '',
      location: device.org,
      place: chainPlace(device),
    };
    const key = [row.sku, row.state, row.location, row.place].join('|');
    const found = counts.get(key);
    if (found) found.count += 1;
    else counts.set(key, { ...row, count: 1 });
  }
  return [...counts.values()].sort(
    (a, b) =>
      rank(SKU_CODES, a.sku) - rank(SKU_CODES, b.sku) ||
      rank(LOCATION_ORDER, a.location) - rank(LOCATION_ORDER, b.location) ||
      rank(CHAIN_PLACES, a.place) - rank(CHAIN_PLACES, b.place) ||
      a.state.localeCompare(b.state),
  );
}

export type InventoryWarning = { sku: string; inStock: number; minimum: number; text: string };

/** Issue 22: every SKU whose stock (in smpwarehouse, not on an order) is below its minimum. */
export function belowMinimum(
  counts: readonly InventoryCount[],
  minimums: InventoryMinimums,
): InventoryWarning[] {
  return SKU_CODES.flatMap((sku) => {
    const minimum = minimums[sku] ?? 0;
    const inStock = counts
      .filter((c) => c.sku === sku && c.place === 'in_stock')
      .reduce((sum, c) => sum + c.count, 0);
    if (minimum === 0 || inStock >= minimum) return [];
    return [{ sku, inStock, minimum, text: `${sku}: ${inStock} in stock, below the minimum of ${minimum}` }];
  });
}

/** Issue 22: the SKUs (SPEC §9 order) whose minimum the inventory offers to set: those in stock or with one. */
export function minimumSkus(counts: readonly InventoryCount[], minimums: InventoryMinimums): SkuCode[] {
  return SKU_CODES.filter(
    (sku) =>
      (minimums[sku] ?? 0) > 0 || counts.some((c) => c.sku === sku && c.place === 'in_stock' && c.count > 0),
  );
}
