import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { scanRequestSchema } from '@vigil/domain';
import {
  orderListSchema,
  scanAnswerSchema,
  scanStepSchema,
  type ScanAnswer,
  type ScanStep,
} from '@vigil/domain';
import { api } from './client';

// Issue 22 (docs/WAREHOUSE.md "The scan call"): the factory's and the warehouse's kiosk calls.

export const warehouseKeys = {
  all: ['warehouse'] as const,
  step: (step: ScanStep) => [...warehouseKeys.all, 'step', step] as const,
  inventory: () => [...warehouseKeys.all, 'inventory'] as const,
  openOrders: () => [...warehouseKeys.all, 'orders'] as const,
};

const answer: z.ZodType<ScanAnswer> = scanAnswerSchema;

/** GET warehouse/steps/{step}: the caller's state of the step, what it expects next, the chosen order. */
export const stepAnswerSchema = z.object({
  step: scanStepSchema,
  state: z.record(z.string(), z.unknown()),
  next: z.string(),
  order: scanAnswerSchema.shape.order,
});
export type StepAnswer = z.infer<typeof stepAnswerSchema>;

/**
 * GET warehouse/inventory: counts by SKU, state, organisation and place. The answer's schema is the
 * server's own (apps/server/src/warehouse/inventory.ts); it is repeated here until the domain has it.
 */
export const inventoryAnswerSchema = z.object({
  data: z.array(
    z.object({
      sku: z.string(),
      state: z.string(),
      location: z.string(),
      place: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
});
export type InventoryRow = z.infer<typeof inventoryAnswerSchema>['data'][number];

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
  inventory: () =>
    queryOptions({
      queryKey: warehouseKeys.inventory(),
      queryFn: async ({ signal }) =>
        (await api.get('warehouse/inventory', { signal, schema: inventoryAnswerSchema })).data,
    }),
  /** The orders the warehouse works on: open, picking and in quality control. */
  openOrders: () =>
    queryOptions({
      queryKey: warehouseKeys.openOrders(),
      queryFn: async ({ signal }) =>
        (await api.get('orders', { signal, query: { limit: 100 }, schema: orderListSchema })).data,
    }),
};
