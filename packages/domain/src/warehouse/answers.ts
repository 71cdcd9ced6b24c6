import { z } from 'zod';
import { CHAIN_ORGS, CHAIN_PLACES, type DeviceKind } from './chain';
import type { InventoryCount, InventoryWarning } from './inventory';
import { scanAnswerSchema, scanStepSchema } from './scan-step';

// Issue 22: the warehouse area's answers (GET /api/warehouse/…), one schema for the server that
// answers and the console that reads (docs/WAREHOUSE.md "Inventory", docs/API.md).

/** GET /api/warehouse/steps/{step}: the caller's state of the step, what it expects, the chosen order. */
export const stepAnswerSchema = z.object({
  step: scanStepSchema,
  state: z.record(z.string(), z.unknown()),
  next: z.string(),
  order: scanAnswerSchema.shape.order,
});
export type StepAnswer = z.infer<typeof stepAnswerSchema>;

const placeSchema = z.enum(CHAIN_PLACES);
/** The logistics organisations a count or a device of the inventory is in (never a customer). */
const inventoryLocationSchema = z.enum(CHAIN_ORGS).exclude(['customer']);

export const inventoryCountSchema = z.object({
  sku: z.string(),
  state: z.string(),
  location: z.enum(CHAIN_ORGS),
  place: placeSchema.nullable(),
  count: z.number().int(),
}) satisfies z.ZodType<InventoryCount>;

export const inventoryWarningSchema = z.object({
  sku: z.string(),
  inStock: z.number().int(),
  minimum: z.number().int(),
  text: z.string(),
}) satisfies z.ZodType<InventoryWarning>;

/** GET /api/warehouse/inventory: the counts (countInventory's order) and belowMinimum's warnings. */
export const inventoryAnswerSchema = z.object({
  data: z.array(inventoryCountSchema),
  warnings: z.array(inventoryWarningSchema),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswerSchema>;

/** The most devices one count's list answers (its `total` says how many there are). */
export const INVENTORY_DEVICES_LIMIT = 500;

/**
 * GET /api/warehouse/inventory/devices: the four keys of one count. An empty or absent `sku` or
 * `state` is a device without one; an empty or absent `place` is the count whose place is none
 * (outside the chain). A count always has its organisation.
 */
export const inventoryDevicesQuerySchema = z.object({
  sku: z.string().trim().max(40).default(''),
  state: z.string().trim().max(40).default(''),
  location: inventoryLocationSchema,
  place: z.union([placeSchema, z.literal('')]).default(''),
});
export type InventoryDevicesQuery = z.infer<typeof inventoryDevicesQuerySchema>;

export const inventoryDeviceSchema = z.object({
  id: z.string(),
  kind: z.enum(['tag', 'gateway'] satisfies DeviceKind[]),
  sku: z.string(),
  state: z.string(),
  location: inventoryLocationSchema,
  place: placeSchema.nullable(),
  /** config.logistics.barcode: the box it is packed in. */
  box: z.string().nullable(),
  /** config.logistics.order: the order it is on. */
  order: z.number().int().nullable(),
});
export type InventoryDevice = z.infer<typeof inventoryDeviceSchema>;

/** The devices of one count, by id, at most INVENTORY_DEVICES_LIMIT; `total` counts them all. */
export const inventoryDevicesAnswerSchema = z.object({
  data: z.array(inventoryDeviceSchema),
  total: z.number().int(),
});
export type InventoryDevicesAnswer = z.infer<typeof inventoryDevicesAnswerSchema>;
