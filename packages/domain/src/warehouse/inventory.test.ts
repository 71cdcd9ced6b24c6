import { describe, expect, it } from 'vitest';
import { belowMinimum, countInventory, inventoryMinimumsSchema, minimumSkus, placeOfKey } from './inventory';
import { deviceAt, devicesAt } from './test-devices';

describe('countInventory (issue 22 /warehouse/inventory: by SKU, state and location)', () => {
  it('groups logistics devices by SKU, SPEC §3 state, organisation and place, leaving customers out', () => {
    const devices = [
      ...devicesAt(3, 'in_stock'),
      ...devicesAt(2, 'allocated', {}, 'tag', 10),
      ...devicesAt(4, 'packed', {}, 'gateway'),
      deviceAt('scrapped'),
      deviceAt('at_customer'),
      deviceAt('in_stock', { org: 'strongline-inventory', state: 'returned' }),
    ];
    expect(countInventory(devices)).toEqual([
      { sku: 'GW2', state: 'ready_to_deploy', location: 'factory', place: 'packed', count: 4 },
      { sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'in_stock', count: 3 },
      { sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'allocated', count: 2 },
      { sku: 'TAG5', state: 'returned', location: 'smpwarehouse', place: 'scrapped', count: 1 },
      { sku: 'TAG5', state: 'returned', location: 'strongline-inventory', place: 'to_return', count: 1 },
    ]);
  });
});

describe('belowMinimum (issue 22: below-minimum warnings on stock)', () => {
  const counts = countInventory([
    ...devicesAt(30, 'in_stock'),
    ...devicesAt(50, 'allocated', {}, 'tag', 100),
  ]);
  it.each([
    [
      { TAG5: 100 },
      [{ sku: 'TAG5', inStock: 30, minimum: 100, text: 'TAG5: 30 in stock, below the minimum of 100' }],
    ],
    [{ TAG5: 30 }, []],
    [{ TAG5: 0 }, []],
    [{ GW2: 1 }, [{ sku: 'GW2', inStock: 0, minimum: 1, text: 'GW2: 0 in stock, below the minimum of 1' }]],
    [{}, []],
  ])('minimums %j → %j', (minimums, warnings) => {
    expect(belowMinimum(counts, minimums)).toEqual(warnings);
  });

  it.each([
    [{ TAG5: 100, GW2: 0 }, true],
    [{ TAG5: -1 }, false],
    [{ TAG5: 1.5 }, false],
    [{ TAG9: 10 }, false],
  ])('minimums %j are valid: %s', (body, valid) => {
    expect(inventoryMinimumsSchema.safeParse(body).success).toBe(valid);
  });
});

describe('placeOfKey (issue 22: a group of devices has the place of any one of them)', () => {
  it.each([
    [
      { kind: 'tag', org: 'smpwarehouse', state: 'available', inBox: true, onOrder: false, inspection: null },
      'in_stock',
    ],
    [
      { kind: 'tag', org: 'smpwarehouse', state: 'available', inBox: true, onOrder: true, inspection: null },
      'allocated',
    ],
    [
      {
        kind: 'gateway',
        org: 'factory',
        state: 'ready_to_deploy',
        inBox: false,
        onOrder: false,
        inspection: null,
      },
      'registered',
    ],
    [
      {
        kind: 'tag',
        org: 'smpwarehouse',
        state: 'returned',
        inBox: false,
        onOrder: false,
        inspection: 'scrapped',
      },
      'scrapped',
    ],
    [
      { kind: 'tag', org: 'factory', state: 'deployed', inBox: false, onOrder: false, inspection: null },
      null,
    ],
  ] as const)('%j → %s', (key, place) => {
    expect(placeOfKey(key)).toBe(place);
  });
});

describe('minimumSkus (issue 22: the SKUs the minimums editor offers)', () => {
  const counts = countInventory([...devicesAt(3, 'in_stock'), ...devicesAt(4, 'packed', {}, 'gateway')]);
  it.each([
    [{}, ['TAG5']],
    [{ GW2: 10 }, ['GW2', 'TAG5']],
    [{ GW2: 0, WEAR1: 5 }, ['TAG5', 'WEAR1']],
  ])('minimums %j → %j (SPEC §9 order; stock is in_stock only)', (minimums, skus) => {
    expect(minimumSkus(counts, minimums)).toEqual(skus);
  });
});
