import { describe, expect, it } from 'vitest';
import { classifyScan } from './scan-kind';
import { scanAnswerSchema, type ScanFound } from './scan-step';
import { RECEIVE_START, reduceReceiveScan, type ReceiveState } from './step-receive';
import { deviceAt, devicesAt, FACTORY_BOX } from './test-devices';

const KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const packed = devicesAt(20, 'packed', { box: FACTORY_BOX });

function receive(text: string, found: ScanFound = {}, state: ReceiveState = RECEIVE_START) {
  const request = { step: 'receive' as const, text, idempotencyKey: KEY };
  const result = reduceReceiveScan({ state, scan: classifyScan(text), request, found, ctx: {} });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

describe('reduceReceiveScan (issue 22 /warehouse/logistics/receive: boxes from the factory into stock)', () => {
  it('brings every device of a box into stock in smpwarehouse', () => {
    const result = receive(FACTORY_BOX, { boxDevices: packed });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `Box ${FACTORY_BOX}: 20 TAG5 received into stock`,
    });
    expect(result.devices.map((w) => [w.after.org, w.after.state])).toEqual(
      Array(20).fill(['smpwarehouse', 'available']),
    );
    expect(result.state).toEqual({ boxes: 1, devices: 20 });
    expect(result.answer.next).toBe('Scan the next box from the factory (1 box, 20 devices received)');
  });

  it('says when a box is short of its SPEC §9 quantity', () => {
    expect(receive(FACTORY_BOX, { boxDevices: packed.slice(0, 18) }).answer.changed.text).toBe(
      `Box ${FACTORY_BOX}: 18 TAG5 received into stock (short: 18 of 20)`,
    );
  });

  it('receives a SKU shipped loose by its device id', () => {
    const gwc = deviceAt('registered', { sku: 'GWC', firmwareKey: 'GW5' }, 'gateway');
    const result = receive(gwc.id, { device: gwc });
    expect(result.answer.changed).toMatchObject({
      outcome: 'changed',
      text: `GWC ${gwc.id} received into stock`,
    });
    expect(result.state).toEqual({ boxes: 0, devices: 1 });
  });

  it.each([
    [
      'the same box again',
      FACTORY_BOX,
      { boxDevices: devicesAt(20, 'in_stock') },
      'nothing',
      undefined,
      `Box ${FACTORY_BOX}: already received`,
    ],
    [
      'a repack box already in stock',
      'TAG5-20240301-1-R',
      { boxDevices: devicesAt(20, 'in_stock', { box: 'TAG5-20240301-1-R' }) },
      'nothing',
      undefined,
      'Box TAG5-20240301-1-R: already received',
    ],
    [
      'an unknown box',
      FACTORY_BOX,
      { boxDevices: [] },
      'refused',
      'unknownBox',
      `Box ${FACTORY_BOX} is not known: no devices were packed under this label`,
    ],
    [
      'a box with a device at a customer',
      FACTORY_BOX,
      { boxDevices: [...packed.slice(1), { ...deviceAt('at_customer'), id: packed[0].id }] },
      'refused',
      'wrongPlace',
      `Box ${FACTORY_BOX}: TAG5 ${packed[0].id} is at a customer: receiving takes devices packed at the factory`,
    ],
    [
      'a box of two SKUs',
      FACTORY_BOX,
      { boxDevices: [...packed.slice(1), { ...packed[0], sku: 'TAG7' }] },
      'refused',
      'mixedSkus',
      undefined,
    ],
    [
      'a box over its quantity',
      'GW2-20240115-1',
      { boxDevices: devicesAt(6, 'packed', { box: 'GW2-20240115-1' }, 'gateway') },
      'refused',
      'over',
      'Box GW2-20240115-1: A box of GW2 holds 5; this one would hold 6',
    ],
    [
      'one device of a packed box',
      packed[0].id,
      { device: packed[0] },
      'refused',
      'inBox',
      `TAG5 ${packed[0].id} is packed in box ${FACTORY_BOX}: scan the box label`,
    ],
    [
      'an unpacked TAG5',
      'aabbccddee01',
      { device: deviceAt('registered') },
      'refused',
      'notPacked',
      undefined,
    ],
    ['an unknown device', '0123456789ab', { device: null }, 'refused', 'noDevice', undefined],
    [
      'an order label',
      'ORD-12',
      {},
      'refused',
      'wrongKind',
      'Order ORD-12: receiving takes box labels from the factory, or loose devices',
    ],
    ['an unreadable scan', 'TAG5-2024', {}, 'refused', 'unknown', undefined],
  ] as const)('%s', (_case, text, found, outcome, code, reason) => {
    const result = receive(text, found);
    expect(result.answer.changed).toMatchObject({
      outcome,
      ...(code && { code }),
      ...(reason && { text: reason }),
    });
    expect(result.devices).toEqual([]);
    expect(result.state).toBe(RECEIVE_START);
  });
});
