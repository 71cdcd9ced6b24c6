import { describe, expect, it } from 'vitest';
import { inventoryAnswerSchema, inventoryDevicesAnswerSchema, inventoryDevicesQuerySchema } from './answers';
import { belowMinimum, countInventory } from './inventory';
import { devicesAt } from './test-devices';

describe('the inventory answers (issue 22, GET /api/warehouse/inventory…)', () => {
  it('reads what countInventory and belowMinimum give', () => {
    const data = countInventory([...devicesAt(3, 'in_stock'), ...devicesAt(1, 'to_return')]);
    const answer = { data, warnings: belowMinimum(data, { TAG5: 10 }) };
    expect(inventoryAnswerSchema.parse(answer)).toEqual(answer);
    expect(inventoryAnswerSchema.safeParse({ data }).success).toBe(false);
  });

  it.each([
    [{ sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'in_stock' }, true],
    // A count without SKU, or outside the chain (place none), is still a count.
    [{ sku: '', state: 'deployed', location: 'factory', place: '' }, true],
    [{ sku: 'TAG5', state: 'available', location: 'customer', place: 'in_stock' }, false],
    [{ sku: 'TAG5', state: 'available', location: 'smpwarehouse', place: 'nowhere' }, false],
    [{ sku: 'TAG5', state: 'available', place: 'in_stock' }, false],
    [{ sku: 'x'.repeat(41), state: 'available', location: 'smpwarehouse', place: 'in_stock' }, false],
  ])('the devices query %j is valid: %s', (query, valid) => {
    expect(inventoryDevicesQuerySchema.safeParse(query).success).toBe(valid);
  });

  it('reads an absent SKU, state or place as none (the console leaves empty keys out)', () => {
    expect(inventoryDevicesQuerySchema.parse({ location: 'factory' })).toEqual({
      sku: '',
      state: '',
      location: 'factory',
      place: '',
    });
  });

  it('lists a count’s devices, never a customer’s', () => {
    const device = {
      id: 'aabbccddee01',
      kind: 'tag',
      sku: 'TAG5',
      state: 'available',
      location: 'smpwarehouse',
      place: 'allocated',
      box: 'TAG5-20240115-1',
      order: 12,
    };
    expect(inventoryDevicesAnswerSchema.safeParse({ data: [device], total: 1 }).success).toBe(true);
    expect(
      inventoryDevicesAnswerSchema.safeParse({ data: [{ ...device, location: 'customer' }], total: 1 })
        .success,
    ).toBe(false);
  });
});
