import { describe, expect, it } from 'vitest';
import type { ChainDevice } from './chain';
import { classifyScan } from './scan-kind';
import { scanAnswerSchema, type ChainOrder, type QcDecision, type ScanFound } from './scan-step';
import { NO_ORDER_STATE, qcSample, type OrderStepState } from './step-order';
import { reduceQcScan } from './step-qc';
import { CUSTOMER, deviceAt, devicesAt, GW_BOX } from './test-devices';

const KEY = '0b7d9a3e-51c2-4f6a-8e0d-2c4b6a8d0f1e';
const ORDER: ChainOrder = {
  number: 12,
  state: 'qc',
  customerOrgId: CUSTOMER,
  lines: [
    { sku: 'TAG5', quantity: 40 },
    { sku: 'GW2', quantity: 5 },
  ],
};
const pass = { result: 'pass' as const, order: 12, notes: '' };
const tags = devicesAt(40, 'allocated');
const gateways = devicesAt(5, 'allocated', { box: GW_BOX }, 'gateway');
const state = (
  devices: ChainDevice[] = [...tags, ...gateways],
  order: Partial<ChainOrder> = {},
): OrderStepState => ({
  order: { ...ORDER, ...order },
  devices,
});

function qc(s: OrderStepState, text: string, found: ScanFound = {}, decision?: QcDecision) {
  const request = { step: 'qc' as const, text, idempotencyKey: KEY, decision };
  const result = reduceQcScan({ state: s, scan: classifyScan(text), request, found, ctx: {} });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

describe('qcSample (issue 22: one device from each box, every loose unit)', () => {
  it.each([
    ['TAG5', 100, 5],
    ['TAG5', 30, 2],
    ['TAG6', 1000, 20],
    ['GW2', 10, 2],
    ['NODE1', 6, 6],
    ['GWC', 3, 3],
  ])('%s × %i → %i', (sku, quantity, sample) => {
    expect(qcSample(sku, quantity)).toBe(sample);
  });
});

describe('reduceQcScan (issue 22 /warehouse/logistics/qc/{order?})', () => {
  it.each([
    ['an order in quality control', { order: ORDER }, 'nothing', 'ORD-12 chosen for quality control'],
    [
      'an order being picked',
      { order: { ...ORDER, state: 'picking' as const } },
      'refused',
      'ORD-12 is still being picked: quality control starts once it is complete',
    ],
    [
      'an open order',
      { order: { ...ORDER, state: 'open' as const } },
      'refused',
      'ORD-12 is still being picked: quality control starts once it is complete',
    ],
    ['a shipped order', { order: { ...ORDER, state: 'shipped' as const } }, 'refused', 'ORD-12 is shipped'],
    ['an unknown order', { order: null }, 'refused', 'Order ORD-12 is not known'],
  ])('choosing %s', (_case, found, outcome, text) => {
    expect(qc(NO_ORDER_STATE, 'ORD-12', found).answer.changed).toMatchObject({ outcome, text });
  });

  it.each([
    ['nothing checked', state(), 'Check one device from each box of ORD-12: TAG5 2, GW2 1 still to check'],
    [
      'one tag passed',
      state([{ ...tags[0], qc: pass }, ...tags.slice(1), ...gateways]),
      'Check one device from each box of ORD-12: TAG5 1, GW2 1 still to check',
    ],
    [
      'the sample passed',
      state([
        { ...tags[0], qc: pass },
        { ...tags[20], qc: pass },
        ...tags.slice(1, 20),
        ...tags.slice(21),
        { ...gateways[0], qc: pass },
        ...gateways.slice(1),
      ]),
      'Quality control of ORD-12 is done: ship it at Ship',
    ],
    [
      'a tag failed',
      state([...tags.slice(1), ...gateways]),
      'ORD-12 is short after a failed device: at Ship, scan 1 more TAG5 one by one (a box holds 20): 39 of 40 scanned',
    ],
    ['no order', NO_ORDER_STATE, 'Scan the label of an order in quality control (ORD-…)'],
  ])('next when %s', (_case, s, next) => {
    expect(qc(s, 'hello').answer.next).toBe(next);
  });

  it('looks at a device of the order scanned without a decision', () => {
    const result = qc(state(), tags[0].id, { device: tags[0] });
    expect(result.answer.changed).toMatchObject({
      outcome: 'nothing',
      text: `TAG5 ${tags[0].id} of ORD-12: record pass or fail`,
    });
    expect(result.devices).toEqual([]);
  });

  it('records a pass', () => {
    const result = qc(state(), tags[0].id, { device: tags[0] }, { result: 'pass', notes: '' });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `TAG5 ${tags[0].id} passed quality control`,
    });
    expect(result.devices[0].after.qc).toEqual(pass);
    expect(result.answer.order?.lines[0]).toMatchObject({ qcSample: 2, qcPassed: 1 });
  });

  it('records a fail: the device leaves the order, which stays in quality control, short', () => {
    const result = qc(state(), tags[0].id, { device: tags[0] }, { result: 'fail', notes: 'LED dead' });
    expect(result.answer.changed.text).toBe(
      `TAG5 ${tags[0].id} failed quality control and left ORD-12: inspect it at returns`,
    );
    expect(result.devices[0].after).toMatchObject({
      state: 'returned',
      order: null,
      qc: { result: 'fail', notes: 'LED dead' },
    });
    expect(result.order).toBeNull();
    expect(result.answer.order).toMatchObject({ state: 'qc', complete: false });
  });

  it.each([
    [
      'a fail without notes',
      state(),
      tags[0].id,
      { device: tags[0] },
      { result: 'fail', notes: '' },
      'notesRequired',
    ],
    [
      'a device of another order',
      state(),
      'aabbccddeeff',
      { device: deviceAt('allocated', { id: 'aabbccddeeff', order: 13 }) },
      undefined,
      'notOnOrder',
    ],
    [
      'a pass for a device of another order',
      state(),
      'aabbccddeeff',
      { device: deviceAt('allocated', { id: 'aabbccddeeff', order: 13 }) },
      { result: 'pass', notes: '' },
      'onOtherOrder',
    ],
    ['an unknown device', state(), '0123456789ab', { device: null }, undefined, 'noDevice'],
    [
      'a device before an order is chosen',
      NO_ORDER_STATE,
      tags[0].id,
      { device: tags[0] },
      undefined,
      'noOrder',
    ],
    [
      'a device of an order being picked',
      state(undefined, { state: 'picking' }),
      tags[0].id,
      { device: tags[0] },
      undefined,
      'notInQc',
    ],
    ['a box label', state(), GW_BOX, { boxDevices: gateways }, undefined, 'openBox'],
    ['an unreadable scan', state(), 'hello', {}, undefined, 'unknown'],
  ] as const)('refuses %s', (_case, s, text, found, decision, code) => {
    const result = qc(s, text, found, decision);
    expect(result.answer.changed).toMatchObject({ outcome: 'refused', code });
    expect(result.devices).toEqual([]);
  });

  it('says how to check a box', () => {
    expect(qc(state(), GW_BOX).answer.changed.text).toBe(`Open box ${GW_BOX} and scan one of its devices`);
  });
});
