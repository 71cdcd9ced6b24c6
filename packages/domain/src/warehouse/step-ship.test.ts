import { describe, expect, it } from 'vitest';
import type { ChainDevice } from './chain';
import { classifyScan } from './scan-kind';
import { scanAnswerSchema, type ChainOrder, type ScanFound } from './scan-step';
import { reduceShipScan } from './step-ship';
import { NO_ORDER_STATE, type OrderStepState } from './step-order';
import { CUSTOMER, devicesAt, GW_BOX } from './test-devices';

const KEY = '6f1c2a52-3c4e-4d0b-9a55-0f1e2d3c4b5a';
const BOX_A = 'TAG5-20240115-1';
const BOX_B = 'TAG5-20240115-2';
const BOX_C = 'TAG5-20240115-3';
const ORDER: ChainOrder = {
  number: 12,
  state: 'open',
  customerOrgId: CUSTOMER,
  lines: [
    { sku: 'TAG5', quantity: 40 },
    { sku: 'GW2', quantity: 5 },
  ],
};
const boxA = devicesAt(20, 'in_stock', { box: BOX_A });
const boxB = devicesAt(20, 'in_stock', { box: BOX_B }, 'tag', 21);
const boxC = devicesAt(20, 'in_stock', { box: BOX_C }, 'tag', 41);
const gwBox = devicesAt(5, 'in_stock', { box: GW_BOX }, 'gateway');
const onOrder = (devices: ChainDevice[], qc: ChainDevice['qc'] = null) =>
  devices.map((d) => ({ ...d, order: 12, qc }));
const pass = { result: 'pass' as const, order: 12, notes: '' };

function ship(
  state: OrderStepState,
  text: string,
  found: ScanFound = {},
  options: { remove?: boolean; mayShip?: boolean } = {},
) {
  const request = { step: 'ship' as const, text, idempotencyKey: KEY, remove: options.remove ?? false };
  const result = reduceShipScan({
    state,
    scan: classifyScan(text),
    request,
    found,
    ctx: { mayShip: options.mayShip ?? true },
  });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

const chosen = (order: Partial<ChainOrder> = {}, devices: ChainDevice[] = []): OrderStepState => ({
  order: { ...ORDER, ...order },
  devices,
});
const picked = chosen({ state: 'qc' }, [...onOrder([...boxA, ...boxB]), ...onOrder(gwBox)]);
const checked = chosen({ state: 'qc' }, [...onOrder([...boxA, ...boxB], pass), ...onOrder(gwBox, pass)]);

describe('reduceShipScan: choosing the order (issue 22 /warehouse/logistics/ship/{order?})', () => {
  it.each([
    ['an unknown order', NO_ORDER_STATE, { order: null }, 'refused', 'Order ORD-12 is not known'],
    [
      'a shipped order',
      NO_ORDER_STATE,
      { order: { ...ORDER, state: 'shipped' as const } },
      'refused',
      'ORD-12 is shipped',
    ],
    [
      'a cancelled order',
      NO_ORDER_STATE,
      { order: { ...ORDER, state: 'cancelled' as const } },
      'refused',
      'ORD-12 is cancelled',
    ],
    ['an open order', NO_ORDER_STATE, { order: ORDER }, 'nothing', 'ORD-12 chosen: 40 TAG5, 5 GW2'],
    [
      'a picked and checked order not chosen yet',
      NO_ORDER_STATE,
      { order: checked.order, orderDevices: checked.devices },
      'nothing',
      'ORD-12 chosen: 40 TAG5, 5 GW2',
    ],
    [
      'the chosen order before quality control is done',
      picked,
      { order: picked.order, orderDevices: picked.devices },
      'nothing',
      'ORD-12 chosen: 40 TAG5, 5 GW2',
    ],
  ] as const)('%s', (_case, state, found, outcome, text) => {
    expect(ship(state, 'ORD-12', found).answer.changed).toMatchObject({ outcome, text });
  });

  it.each([
    [NO_ORDER_STATE, 'Scan an order label (ORD-…)'],
    [chosen(), 'Scan the next box of TAG5: 0 of 2 boxes scanned (0 of 40)'],
    [picked, 'All picked: quality control checks TAG5 2, GW2 1 of ORD-12'],
    [checked, 'All picked and checked: scan ORD-12 to ship it'],
  ])('says what is next (%#)', (state, next) => {
    expect(ship(state, 'hello').answer.next).toBe(next);
  });

  it('refuses a box before an order is chosen', () => {
    expect(ship(NO_ORDER_STATE, BOX_A, { boxDevices: boxA }).answer.changed).toMatchObject({
      outcome: 'refused',
      code: 'noOrder',
      text: 'Scan an order label first (ORD-…)',
    });
  });
});

describe('reduceShipScan: picking boxes and devices into the order (issue 22, SPEC §9 box quantity)', () => {
  it('adds a box of stock and starts picking', () => {
    const result = ship(chosen(), BOX_A, { boxDevices: boxA });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `Box ${BOX_A}: 20 TAG5 added to ORD-12`,
    });
    expect(result.answer.changed.devices).toHaveLength(20);
    expect(result.devices.every((w) => w.after.order === 12 && w.before?.order === null)).toBe(true);
    expect(result.order).toEqual({ number: 12, states: ['picking'] });
    expect(result.answer.next).toBe('Scan the next box of TAG5: 1 of 2 boxes scanned (20 of 40)');
    expect(result.answer.order?.lines[0]).toMatchObject({
      sku: 'TAG5',
      scanned: 20,
      remaining: 20,
      qcSample: 2,
    });
  });

  it('moves the order to quality control when the last box completes it', () => {
    const state = chosen({ state: 'picking' }, [...onOrder([...boxA, ...boxB])]);
    const result = ship(state, GW_BOX, { boxDevices: gwBox });
    expect(result.order).toEqual({ number: 12, states: ['qc'] });
    expect(result.state.order?.state).toBe('qc');
    expect(result.answer.next).toBe('All picked: quality control checks TAG5 2, GW2 1 of ORD-12');
  });

  it('goes open → picking → qc when one box is the whole order', () => {
    const state = chosen({ lines: [{ sku: 'GW2', quantity: 5 }] });
    expect(ship(state, GW_BOX, { boxDevices: gwBox }).order).toEqual({
      number: 12,
      states: ['picking', 'qc'],
    });
  });

  it('tops up a line left short by a failed device while the order stays in quality control', () => {
    const short = chosen({ state: 'qc' }, [...onOrder([...boxA, ...boxB.slice(1)]), ...onOrder(gwBox)]);
    const result = ship(short, boxC[0].id, { device: boxC[0] });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `TAG5 ${boxC[0].id} added to ORD-12`,
    });
    expect(result.order).toBeNull();
  });

  it('takes a box off the order with remove', () => {
    const state = chosen({ state: 'picking' }, onOrder(boxA));
    const result = ship(state, BOX_A, { boxDevices: onOrder(boxA) }, { remove: true });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `Box ${BOX_A}: 20 TAG5 taken off ORD-12`,
    });
    expect(result.devices.every((w) => w.after.order === null)).toBe(true);
    expect(result.order).toBeNull();
  });

  const half = chosen({ state: 'picking' }, onOrder(boxA));
  it.each([
    [
      'the same box again',
      half,
      BOX_A,
      { boxDevices: onOrder(boxA) },
      'nothing',
      undefined,
      `Box ${BOX_A}: TAG5 ${boxA[0].id} is already on ORD-12`,
    ],
    [
      'a box of a SKU not ordered',
      half,
      'TAG7-20240115-1',
      { boxDevices: devicesAt(20, 'in_stock', { sku: 'TAG7', box: 'TAG7-20240115-1' }) },
      'refused',
      'notOrdered',
      'Box TAG7-20240115-1: This order has no TAG7',
    ],
    [
      'a box more than the line needs',
      chosen({ state: 'picking' }, onOrder([...boxA, ...boxB])),
      BOX_C,
      { boxDevices: boxC },
      'refused',
      'tooMany',
      `Box ${BOX_C}: This order has all its 40 TAG5; this scan brings 20`,
    ],
    [
      'a box with a device on another order',
      half,
      BOX_B,
      { boxDevices: [{ ...boxB[0], order: 13 }, ...boxB.slice(1)] },
      'refused',
      'onOtherOrder',
      `Box ${BOX_B}: TAG5 ${boxB[0].id} is on order ORD-13`,
    ],
    [
      'a box still at the factory',
      half,
      BOX_B,
      { boxDevices: devicesAt(20, 'packed', { box: BOX_B }) },
      'refused',
      'wrongPlace',
      undefined,
    ],
    [
      'an unknown box',
      half,
      BOX_B,
      { boxDevices: [] },
      'refused',
      'unknownBox',
      `Box ${BOX_B} is not known: no devices were packed under this label`,
    ],
    [
      'a box of mixed SKUs',
      half,
      BOX_B,
      { boxDevices: [...boxB.slice(1), { ...boxB[0], sku: 'TAG7' }] },
      'refused',
      'mixedSkus',
      undefined,
    ],
    [
      'an unknown device',
      half,
      '0123456789ab',
      { device: null },
      'refused',
      'noDevice',
      'Device 0123456789ab is not registered: the factory registers new devices',
    ],
    [
      'a shipped order',
      chosen({ state: 'shipped' }),
      BOX_B,
      { boxDevices: boxB },
      'refused',
      'orderClosed',
      'ORD-12 is shipped',
    ],
    [
      'an unreadable scan',
      half,
      'hello',
      {},
      'refused',
      'unknown',
      'Not a box label, a device id or an order label',
    ],
  ] as const)('%s', (_case, state, text, found, outcome, code, reason) => {
    const result = ship(state, text, found);
    expect(result.answer.changed).toMatchObject({
      outcome,
      ...(code && { code }),
      ...(reason && { text: reason }),
    });
    expect(result.devices).toEqual([]);
    expect(result.order).toBeNull();
    expect(result.state).toBe(state);
  });
});

describe('reduceShipScan: shipping (issue 22: the devices go to the customer in one transaction)', () => {
  const found = { order: checked.order, orderDevices: checked.devices };

  it('ships every device when the chosen order, picked and checked, is scanned', () => {
    const result = ship(checked, 'ORD-12', found);
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: 'ORD-12 shipped: 45 devices moved to the customer',
    });
    expect(result.order).toEqual({ number: 12, states: ['shipped'] });
    expect(result.devices).toHaveLength(45);
    const tags = result.devices.filter((w) => w.after.kind === 'tag').map((w) => w.after);
    expect(
      tags.every((d) => d.state === 'reserved' && d.invoiceZone === CUSTOMER && d.org === 'customer'),
    ).toBe(true);
    const gateways = result.devices.filter((w) => w.after.kind === 'gateway').map((w) => w.after);
    expect(gateways.every((d) => d.state === 'ready_to_deploy' && d.customerOrgId === CUSTOMER)).toBe(true);
    expect(result.answer.next).toBe('ORD-12 is shipped. Scan the next order label');
    // The progress still counts what left with the order (not 0 of 45).
    expect(result.answer.order?.state).toBe('shipped');
    expect(result.answer.order?.lines.reduce((sum, line) => sum + line.scanned, 0)).toBe(45);
  });

  it('leaves shipping to those who may update Order (SPEC §6: not warehouseTempo)', () => {
    const result = ship(checked, 'ORD-12', found, { mayShip: false });
    expect(result.answer.changed).toMatchObject({ outcome: 'refused', code: 'notAllowed' });
    expect(result.devices).toEqual([]);
  });
});
