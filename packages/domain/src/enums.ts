import { z } from 'zod';

// SPEC §3 "Enumerations" that several areas share. Each list is an `as const` tuple, a zod schema
// and the inferred type. An area's own enumerations live in its folder (`tags/enums.ts` …).

/** SPEC §3 Enumerations: SKU codes, the products of tags, gateways and the warehouse's boxes. */
export const SKU_CODES = [
  'GW2',
  'GWL1',
  'TAG3',
  'TAG5',
  'TAG6',
  'TAG7',
  'WEAR1',
  'NODE1',
  'GWC',
  'GWG',
  'DSK',
] as const;
export const skuCodeSchema = z.enum(SKU_CODES);
export type SkuCode = z.infer<typeof skuCodeSchema>;
