import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { scanRequestSchema } from '@vigil/domain';
import {
  inventoryAnswerSchema,
  inventoryDevicesAnswerSchema,
  inventoryMinimumsSchema,
  orderListSchema,
  scanAnswerSchema,
  stepAnswerSchema,
  type InventoryCount,
  type InventoryDevicesQuery,
  type InventoryMinimums,
  type ScanAnswer,
  type ScanStep,
} from '@vigil/domain';
import { api } from './client';

// Issue 22 (docs/WAREHOUSE.md "The scan call"): the factory's and the warehouse's kiosk calls.

export const warehouseKeys = {
  all: ['warehouse'] as const,
  step: (step: ScanStep) => [...warehouseKeys.all, 'step', step] as const,
  inventory: () => [...warehouseKeys.all, 'inventory'] as const,
  countDevices: (query: InventoryDevicesQuery) => [...warehouseKeys.inventory(), 'devices', query] as const,
  minimums: () => [...warehouseKeys.inventory(), 'minimums'] as const,
  openOrders: () => [...warehouseKeys.all, 'orders'] as const,
};

const answer: z.ZodType<ScanAnswer> = scanAnswerSchema;
const minimums: z.ZodType<InventoryMinimums> = inventoryMinimumsSchema;

/**
 * The keys of GET warehouse/inventory/devices that open a count's devices (the answers' schemas are
 * the domain's, as the server's). A count is never a customer's: countInventory leaves them out.
 */
export const countQuery = (row: InventoryCount): InventoryDevicesQuery => ({
  sku: row.sku,
  state: row.state,
  location: row.location === 'customer' ? 'smpwarehouse' : row.location,
  place: row.place ?? '',
});

/** POST warehouse/scan: one scan, answered (a refusal is an answer too). */
export function postScan(body: z.input<typeof scanRequestSchema>): Promise<ScanAnswer> {
  return api.post('warehouse/scan', { body, schema: answer });
}

export const warehouseQueries = {
  step: (step: ScanStep) =>
    queryOptions({
      queryKey: warehouseKeys.step(step),
      queryFn: ({ signal }) => api.get(`warehouse/steps/${step}`, { signal, schema: stepAnswerSchema }),
    }),
  /** The counts and the warnings of the SKUs below their minimum. */
  inventory: () =>
    queryOptions({
      queryKey: warehouseKeys.inventory(),
      queryFn: ({ signal }) => api.get('warehouse/inventory', { signal, schema: inventoryAnswerSchema }),
    }),
  /** The devices of one count (at most INVENTORY_DEVICES_LIMIT, with their total). */
  countDevices: (query: InventoryDevicesQuery) =>
    queryOptions({
      queryKey: warehouseKeys.countDevices(query),
      queryFn: ({ signal }) =>
        api.get('warehouse/inventory/devices', { signal, query, schema: inventoryDevicesAnswerSchema }),
    }),
  /** The warehouse's minimum stock per SKU. */
  minimums: () =>
    queryOptions({
      queryKey: warehouseKeys.minimums(),
      queryFn: ({ signal }) => api.get('warehouse/inventory/minimums', { signal, schema: minimums }),
    }),
  /** The orders the warehouse works on: open, picking and in quality control. */
  openOrders: () =>
    queryOptions({
      queryKey: warehouseKeys.openOrders(),
      queryFn: async ({ signal }) =>
        (await api.get('orders', { signal, query: { limit: 100 }, schema: orderListSchema })).data,
    }),
};

/** PUT warehouse/inventory/minimums: the whole set; the inventory's warnings are read again. */
export function useSaveMinimums() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryMinimums) =>
      api.put('warehouse/inventory/minimums', { body, schema: minimums }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.inventory() }),
  });
}
