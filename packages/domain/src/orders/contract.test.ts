import { describe, expect, it } from 'vitest';
import {
  ORDER_LINES_MAX,
  ORDER_MESSAGES,
  orderAddressBodySchema,
  orderCreateSchema,
  orderLinesSchema,
  orderRecipientBodySchema,
  orderUpdateSchema,
} from './contract';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const RECIPIENT = '22222222-2222-4222-8222-222222222222';
const ADDRESS = '33333333-3333-4333-8333-333333333333';

describe('orderLinesSchema (SPEC §9 orderable SKUs; 1–20 lines, quantity 1–10,000)', () => {
  it.each([
    [[{ sku: 'TAG5', quantity: 20 }], true],
    [
      [
        { sku: 'GW2', quantity: 1 },
        { sku: 'DSK', quantity: 10_000 },
      ],
      true,
    ],
    [
      ['GW2', 'GWL1', 'TAG5', 'TAG7', 'NODE1', 'GWC', 'GWG', 'DSK'].map((sku) => ({ sku, quantity: 1 })),
      true,
    ],
    [[], false],
    [[{ sku: 'TAG3', quantity: 1 }], false],
    [[{ sku: 'WEAR1', quantity: 1 }], false],
    [[{ sku: 'TAG5', quantity: 0 }], false],
    [[{ sku: 'TAG5', quantity: 10_001 }], false],
    [[{ sku: 'TAG5', quantity: 1.5 }], false],
    [
      [
        { sku: 'TAG5', quantity: 1 },
        { sku: 'TAG5', quantity: 2 },
      ],
      false,
    ],
    [[{ sku: 'TAG5', quantity: 1, price: 3 }], false],
  ])('%j → valid: %s', (lines, valid) => {
    expect(orderLinesSchema.safeParse(lines).success).toBe(valid);
  });

  it(`refuses more than ${ORDER_LINES_MAX} lines`, () => {
    const lines = Array.from({ length: ORDER_LINES_MAX + 1 }, () => ({ sku: 'TAG5', quantity: 1 }));
    expect(orderLinesSchema.safeParse(lines).error?.issues[0]?.message).toBe('An order has at most 20 lines');
  });
});

describe('orderCreateSchema', () => {
  const lines = [{ sku: 'TAG5', quantity: 20 }];
  it.each([
    [{ customerOrgId: CUSTOMER, lines }, true],
    [{ customerOrgId: CUSTOMER, lines, recipientId: RECIPIENT, addressId: ADDRESS, notes: 'Dock 2' }, true],
    [{ customerOrgId: CUSTOMER, lines, addressId: ADDRESS }, false],
    [{ customerOrgId: 'demo', lines }, false],
    [{ lines }, false],
    [{ customerOrgId: CUSTOMER, lines, state: 'shipped' }, false],
  ])('%j → valid: %s', (body, valid) => {
    expect(orderCreateSchema.safeParse(body).success).toBe(valid);
  });
});

describe('orderUpdateSchema', () => {
  it.each([
    [{ notes: '' }, true],
    [{ recipientId: null }, true],
    [{ lines: [{ sku: 'GW2', quantity: 5 }] }, true],
    [{}, false],
    [{ state: 'open' }, false],
  ])('%j → valid: %s', (body, valid) => {
    expect(orderUpdateSchema.safeParse(body).success).toBe(valid);
  });
});

describe('address book bodies (SPEC §3)', () => {
  it('trims a recipient name and refuses a blank one', () => {
    expect(orderRecipientBodySchema.parse({ name: '  Central Stores ' })).toEqual({ name: 'Central Stores' });
    expect(orderRecipientBodySchema.safeParse({ name: ' ' }).success).toBe(false);
  });

  it('upper-cases the country code and needs line 1 and the city', () => {
    expect(
      orderAddressBodySchema.parse({
        recipientId: RECIPIENT,
        line1: '1 Main St',
        city: 'Springfield',
        country: 'us',
      }),
    ).toMatchObject({ country: 'US' });
    expect(orderAddressBodySchema.safeParse({ recipientId: RECIPIENT, line1: '', city: 'X' }).success).toBe(
      false,
    );
    expect(
      orderAddressBodySchema.safeParse({ recipientId: RECIPIENT, line1: 'a', city: 'X', country: 'USA' })
        .success,
    ).toBe(false);
  });
});

describe('ORDER_MESSAGES (SPEC §8)', () => {
  it('says the exact text when recipients cannot be read', () => {
    expect(ORDER_MESSAGES.recipientsLoadFailed).toBe('Failed to fetch order recipient data');
  });
});
