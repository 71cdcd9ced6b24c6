import { describe, it, expect } from 'vitest';
import { SKU_CODES } from '../enums';
import * as c from './constants';

describe('SPEC §9 box, order and firmware constants', () => {
  it.each([
    [
      'box quantity by SKU',
      c.BOX_QUANTITY_BY_SKU,
      { TAG3: 20, TAG5: 20, TAG7: 20, WEAR1: 20, TAG6: 50, GW2: 5, GWL1: 1, NODE1: 1 },
    ],
    [
      'box count by SKU',
      c.BOX_COUNT_BY_SKU,
      { TAG3: 10, TAG5: 10, TAG7: 10, WEAR1: 10, TAG6: 4, GW2: 20, GWL1: 6, NODE1: 6 },
    ],
    ['orderable SKUs', c.ORDERABLE_SKUS, ['GW2', 'GWL1', 'TAG5', 'TAG7', 'NODE1', 'GWC', 'GWG', 'DSK']],
    ['firmware keys', c.FIRMWARE_KEYS, { indoor: ['GW2', 'GW2_ff', 'GW5'], outdoor: ['NODE1', 'GWL1'] }],
  ] as const)('%s', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('orderable and boxed SKUs are SKU codes of §3', () => {
    const skus: readonly string[] = SKU_CODES;
    for (const sku of [
      ...c.ORDERABLE_SKUS,
      ...Object.keys(c.BOX_QUANTITY_BY_SKU),
      ...Object.keys(c.BOX_COUNT_BY_SKU),
    ]) {
      expect(skus).toContain(sku);
    }
    expect(Object.keys(c.BOX_COUNT_BY_SKU).sort()).toEqual(Object.keys(c.BOX_QUANTITY_BY_SKU).sort());
  });
});
