import { describe, expect, it } from 'vitest';
import { REPACK_BARCODE_REASON } from './barcode';
import type { SkuCode } from '../enums';
import { classifyScan } from './scan-kind';
import { scanAnswerSchema, type ScanFound } from './scan-step';
import { BOX_STEP_START, reduceBoxScan, type BoxStepState } from './step-box';
import { reduceRegisterScan, REGISTER_START } from './step-register';
import { deviceAt, devicesAt, FACTORY_BOX } from './test-devices';

const KEY = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
const ctx = { today: '20240115', nextBoxNumber: 7 };
const NEW_BOX = 'TAG5-20240115-7';
const T = 'TAG5 aabbccddee01';

function register(text: string, found: ScanFound, sku: SkuCode = 'TAG5', firmwareKey: 'GW2' | null = null) {
  const request = { step: 'register' as const, text, idempotencyKey: KEY, sku, firmwareKey };
  const result = reduceRegisterScan({
    state: REGISTER_START,
    scan: classifyScan(text),
    request,
    found,
    ctx: {},
  });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

function box(
  step: 'pack' | 'repack',
  state: BoxStepState,
  text: string,
  found: ScanFound = {},
  today = ctx.today,
) {
  const request = { step, text, idempotencyKey: KEY };
  const result = reduceBoxScan(step, {
    state,
    scan: classifyScan(text),
    request,
    found,
    ctx: { ...ctx, today },
  });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

describe('reduceRegisterScan (issue 22 /factory/home: register newly flashed devices)', () => {
  it('registers a new device in the factory organisation, state flashed', () => {
    const result = register('AA:BB:CC:DD:EE:01', { device: null });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `${T} registered at the factory`,
    });
    expect(result.devices).toEqual([
      { before: null, after: expect.objectContaining({ state: 'flashed', org: 'factory' }) },
    ]);
    expect(result.answer.next).toBe('Scan the next TAG5 (1 registered)');
  });

  it.each([
    [
      'the same device again',
      'aabbccddee01',
      { device: deviceAt('registered') },
      'TAG5',
      null,
      'nothing',
      undefined,
    ],
    ['a gateway without firmware key', 'aabbccddee02', { device: null }, 'GW2', null, 'refused', 'firmware'],
    [
      'a device a customer has',
      'aabbccddee01',
      { device: deviceAt('at_customer') },
      'TAG5',
      null,
      'refused',
      'wrongPlace',
    ],
    ['a box label', FACTORY_BOX, {}, 'TAG5', null, 'refused', 'wrongKind'],
  ] as const)('%s', (_case, text, found, sku, key, outcome, code) => {
    const result = register(text, found, sku, key);
    expect(result.answer.changed).toMatchObject({ outcome, ...(code && { code }) });
    expect(result.devices).toEqual([]);
  });
});

describe('reduceBoxScan pack (issue 22 factory: boxes of the SKU’s box quantity, SPEC §5 label, §9)', () => {
  it('opens a box with the first device and has its label printed', () => {
    const result = box('pack', BOX_STEP_START, 'aabbccddee01', { device: deviceAt('registered') });
    expect(result.answer.print).toEqual({ barcode: NEW_BOX, sku: 'TAG5', repack: false });
    expect(result.answer.changed.text).toBe(`${T} packed in box ${NEW_BOX} (1 of 20)`);
    expect(result.state).toEqual({ open: { barcode: NEW_BOX, sku: 'TAG5', count: 1 } });
    expect(result.devices[0].after.box).toBe(NEW_BOX);
    expect(result.answer.next).toBe(
      `Scan the next TAG5 into box ${NEW_BOX}: 1 of 20 (scan its label to close it short)`,
    );
  });

  it('adds to the open box without printing again, and closes it when full', () => {
    const open = { open: { barcode: NEW_BOX, sku: 'TAG5', count: 19 } };
    const result = box('pack', open, 'aabbccddee01', { device: deviceAt('registered') });
    expect(result.answer.print).toBeNull();
    expect(result.answer.changed.text).toBe(
      `${T} packed in box ${NEW_BOX}: box ${NEW_BOX} is full (20 of 20), close it`,
    );
    expect(result.state).toEqual({ open: null });
    expect(result.answer.next).toBe('Scan a registered device to start a box');
  });

  it('closes the open box short when its own label is scanned', () => {
    const result = box('pack', { open: { barcode: NEW_BOX, sku: 'TAG5', count: 12 } }, NEW_BOX);
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `Box ${NEW_BOX} closed with 12 of 20`,
    });
    expect(result.state).toEqual({ open: null });
  });

  it('reopens a short box still at the factory', () => {
    const result = box('pack', BOX_STEP_START, FACTORY_BOX, { boxDevices: devicesAt(12, 'packed') });
    expect(result.answer.changed.text).toBe(`Box ${FACTORY_BOX} reopened (12 of 20)`);
    expect(result.state).toEqual({ open: { barcode: FACTORY_BOX, sku: 'TAG5', count: 12 } });
  });

  const open = { open: { barcode: NEW_BOX, sku: 'TAG5', count: 3 } };
  it.each([
    [
      'a full box label',
      BOX_STEP_START,
      FACTORY_BOX,
      { boxDevices: devicesAt(20, 'packed') },
      'nothing',
      undefined,
      `Box ${FACTORY_BOX} is full (20 of 20)`,
    ],
    [
      'a device already in the open box',
      open,
      'aabbccddee01',
      { device: deviceAt('packed', { box: NEW_BOX }) },
      'nothing',
      undefined,
      `${T} is already in box ${NEW_BOX}`,
    ],
    [
      'a device of another SKU than the open box',
      open,
      'aabbccddee01',
      { device: deviceAt('registered', { sku: 'TAG7' }) },
      'refused',
      'skuMismatch',
      `Box ${NEW_BOX} holds TAG5 and TAG7 aabbccddee01 is not one: scan the box label to close it first`,
    ],
    [
      'a device in another box',
      open,
      'aabbccddee01',
      { device: deviceAt('packed') },
      'refused',
      'inOtherBox',
      undefined,
    ],
    [
      'a SKU shipped loose',
      BOX_STEP_START,
      'aabbccddee02',
      { device: deviceAt('registered', { sku: 'GWC' }, 'gateway') },
      'refused',
      'notBoxed',
      'GWC is not packed in boxes: it is received loose',
    ],
    [
      'a device not registered here',
      BOX_STEP_START,
      'aabbccddee01',
      { device: deviceAt('in_stock') },
      'refused',
      'wrongPlace',
      undefined,
    ],
    ['an unknown device', BOX_STEP_START, '0123456789ab', { device: null }, 'refused', 'noDevice', undefined],
    [
      'an unknown box label',
      BOX_STEP_START,
      'TAG5-20240115-99',
      { boxDevices: [] },
      'refused',
      'unknownBox',
      undefined,
    ],
    [
      'a repack label',
      BOX_STEP_START,
      'TAG5-20240115-1-R',
      { boxDevices: [] },
      'refused',
      'badBox',
      'Box TAG5-20240115-1-R is a repack box (-R): it belongs to Repackaging',
    ],
    [
      'a box that left the factory',
      BOX_STEP_START,
      FACTORY_BOX,
      { boxDevices: devicesAt(12, 'in_stock') },
      'refused',
      'boxLeft',
      undefined,
    ],
    ['an order label', BOX_STEP_START, 'ORD-4', {}, 'refused', 'wrongKind', undefined],
  ] as const)('%s', (_case, state, text, found, outcome, code, reason) => {
    const result = box('pack', state, text, found);
    expect(result.answer.changed).toMatchObject({
      outcome,
      ...(code && { code }),
      ...(reason && { text: reason }),
    });
    expect(result.devices).toEqual([]);
    expect(result.state).toBe(state);
  });
});

describe('reduceBoxScan repack (issue 22 /warehouse/repackaging; SPEC §5 the repack barcode requires -R)', () => {
  const R_BOX = 'TAG5-20240301-7-R';

  it('opens a repack box with a reusable device, back in stock, and prints its -R label', () => {
    const result = box(
      'repack',
      BOX_STEP_START,
      'aabbccddee01',
      { device: deviceAt('reusable') },
      '20240301',
    );
    expect(result.answer.print).toEqual({ barcode: R_BOX, sku: 'TAG5', repack: true });
    expect(result.devices[0].after).toMatchObject({ state: 'available', box: R_BOX, org: 'smpwarehouse' });
  });

  it('opens a pre-printed -R label no device carries yet', () => {
    const result = box('repack', BOX_STEP_START, R_BOX, { boxDevices: [] });
    expect(result.answer.changed.text).toBe(`Box ${R_BOX} opened`);
    expect(result.state).toEqual({ open: { barcode: R_BOX, sku: 'TAG5', count: 0 } });
  });

  it('puts a reusable device of a SKU shipped loose back in stock without a box', () => {
    const gwc = deviceAt('reusable', { sku: 'GWC' }, 'gateway');
    const result = box('repack', BOX_STEP_START, gwc.id, { device: gwc });
    expect(result.answer.changed.text).toBe(`GWC ${gwc.id} back in stock (shipped loose)`);
    expect(result.answer.print).toBeNull();
    expect(result.state).toEqual(BOX_STEP_START);
  });

  it.each([
    ['a factory label', FACTORY_BOX, { boxDevices: [] }, 'badBox', REPACK_BARCODE_REASON],
    [
      'a device not inspected yet',
      'aabbccddee01',
      { device: deviceAt('returned') },
      'notInspected',
      `${T} is not inspected yet: inspect it at returns first`,
    ],
    ['a scrapped device', 'aabbccddee01', { device: deviceAt('scrapped') }, 'scrapped', `${T} was scrapped`],
    [
      'a repack box already on an order',
      R_BOX,
      { boxDevices: devicesAt(5, 'allocated', { box: R_BOX }) },
      'boxLeft',
      undefined,
    ],
  ] as const)('refuses %s', (_case, text, found, code, reason) => {
    const result = box('repack', BOX_STEP_START, text, found);
    expect(result.answer.changed).toMatchObject({
      outcome: 'refused',
      code,
      ...(reason && { text: reason }),
    });
    expect(result.devices).toEqual([]);
  });
});
