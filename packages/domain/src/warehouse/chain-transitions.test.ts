import { describe, expect, it } from 'vitest';
import { INVALID_BARCODE_REASON } from './barcode';
import type { ChainDevice } from './chain';
import { transition } from './chain-transitions';
import { CUSTOMER, deviceAt, FACTORY_BOX } from './test-devices';

const T = 'TAG5 aabbccddee01';
const G = 'GW2 aabbccddee02';
const R_BOX = 'TAG5-20240301-1-R';
const gw = (place: Parameters<typeof deviceAt>[0], overrides: Partial<ChainDevice> = {}) =>
  deviceAt(place, overrides, 'gateway');

describe('transition, factory to customer (issue 22: every transition of the chain and every refusal)', () => {
  it.each([
    // pack (factory)
    [
      'pack a registered device',
      deviceAt('registered'),
      { type: 'pack', box: FACTORY_BOX },
      {
        outcome: 'changed',
        place: 'packed',
        device: { box: FACTORY_BOX },
        text: `${T} packed in box ${FACTORY_BOX}`,
      },
    ],
    [
      'pack into its own box again',
      deviceAt('packed'),
      { type: 'pack', box: FACTORY_BOX },
      { outcome: 'already' },
    ],
    [
      'pack into another box',
      deviceAt('packed'),
      { type: 'pack', box: 'TAG5-20240115-2' },
      { outcome: 'refused', refusal: 'inOtherBox', reason: `${T} is already in box ${FACTORY_BOX}` },
    ],
    [
      'pack into a box of another SKU',
      deviceAt('registered'),
      { type: 'pack', box: 'TAG7-20240115-1' },
      { outcome: 'refused', refusal: 'skuMismatch', reason: `${T} cannot go in a box of TAG7` },
    ],
    [
      'pack under a repack label',
      deviceAt('registered'),
      { type: 'pack', box: R_BOX },
      { outcome: 'refused', refusal: 'badBox' },
    ],
    [
      'pack under no barcode',
      deviceAt('registered'),
      { type: 'pack', box: 'BOX-1' },
      { outcome: 'refused', refusal: 'badBox', reason: INVALID_BARCODE_REASON },
    ],
    [
      'pack a device without SKU',
      deviceAt('registered', { sku: null }),
      { type: 'pack', box: FACTORY_BOX },
      { outcome: 'refused', refusal: 'noSku' },
    ],
    [
      'pack a device in stock',
      deviceAt('in_stock'),
      { type: 'pack', box: FACTORY_BOX },
      {
        outcome: 'refused',
        refusal: 'wrongPlace',
        reason: `${T} is in stock: packing takes devices registered at the factory`,
      },
    ],
    // receive (warehouse)
    [
      'receive a packed tag',
      deviceAt('packed'),
      { type: 'receive' },
      { outcome: 'changed', place: 'in_stock', device: { org: 'smpwarehouse', state: 'available' } },
    ],
    [
      'receive a packed gateway',
      gw('packed'),
      { type: 'receive' },
      { outcome: 'changed', place: 'in_stock', device: { org: 'smpwarehouse', state: 'ready_to_deploy' } },
    ],
    [
      'receive a loose GWC',
      gw('registered', { sku: 'GWC' }),
      { type: 'receive' },
      { outcome: 'changed', place: 'in_stock' },
    ],
    [
      'receive an unpacked TAG5',
      deviceAt('registered'),
      { type: 'receive' },
      {
        outcome: 'refused',
        refusal: 'notPacked',
        reason: `${T} is not packed: the factory packs it in a box of 20 first`,
      },
    ],
    [
      'receive twice',
      deviceAt('in_stock'),
      { type: 'receive' },
      { outcome: 'already', text: `${T} is already received` },
    ],
    ['receive one on an order', deviceAt('allocated'), { type: 'receive' }, { outcome: 'already' }],
    [
      'receive one at a customer',
      deviceAt('at_customer'),
      { type: 'receive' },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    // allocate and release (ship step)
    [
      'allocate from stock',
      deviceAt('in_stock'),
      { type: 'allocate', order: 12 },
      { outcome: 'changed', place: 'allocated', device: { order: 12 }, text: `${T} added to ORD-12` },
    ],
    [
      'allocate to its order again',
      deviceAt('allocated'),
      { type: 'allocate', order: 12 },
      { outcome: 'already' },
    ],
    [
      'allocate to another order',
      deviceAt('allocated'),
      { type: 'allocate', order: 13 },
      { outcome: 'refused', refusal: 'onOtherOrder', reason: `${T} is on order ORD-12` },
    ],
    [
      'allocate a packed device',
      deviceAt('packed'),
      { type: 'allocate', order: 12 },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    [
      'allocate a lost device',
      deviceAt('lost'),
      { type: 'allocate', order: 12 },
      {
        outcome: 'refused',
        refusal: 'wrongPlace',
        reason: `${T} is marked lost: only devices in stock go on an order`,
      },
    ],
    [
      'release from its order',
      deviceAt('allocated', { qc: { result: 'pass', order: 12, notes: '' } }),
      { type: 'release', order: 12 },
      { outcome: 'changed', place: 'in_stock', device: { order: null, qc: null } },
    ],
    ['release one in stock', deviceAt('in_stock'), { type: 'release', order: 12 }, { outcome: 'already' }],
    [
      'release from another order',
      deviceAt('allocated'),
      { type: 'release', order: 13 },
      { outcome: 'refused', refusal: 'onOtherOrder' },
    ],
    [
      'release a shipped device',
      deviceAt('at_customer'),
      { type: 'release', order: 12 },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    // quality control
    [
      'qc pass',
      deviceAt('allocated'),
      { type: 'qc', order: 12, result: 'pass', notes: '' },
      { outcome: 'changed', place: 'allocated', device: { qc: { result: 'pass', order: 12 } } },
    ],
    [
      'qc pass twice',
      deviceAt('allocated', { qc: { result: 'pass', order: 12, notes: '' } }),
      { type: 'qc', order: 12, result: 'pass', notes: '' },
      { outcome: 'already' },
    ],
    [
      'qc fail',
      deviceAt('allocated'),
      { type: 'qc', order: 12, result: 'fail', notes: ' no LED ' },
      {
        outcome: 'changed',
        place: 'returned',
        device: {
          state: 'returned',
          order: null,
          box: null,
          qc: { result: 'fail', order: 12, notes: 'no LED' },
        },
        text: `${T} failed quality control and left ORD-12: inspect it at returns`,
      },
    ],
    [
      'qc fail without notes',
      deviceAt('allocated'),
      { type: 'qc', order: 12, result: 'fail', notes: '  ' },
      { outcome: 'refused', refusal: 'notesRequired', reason: `Say why ${T} failed` },
    ],
    [
      'qc fail twice',
      deviceAt('returned', { qc: { result: 'fail', order: 12, notes: 'x' } }),
      { type: 'qc', order: 12, result: 'fail', notes: 'x' },
      { outcome: 'already' },
    ],
    [
      'qc on another order',
      deviceAt('allocated'),
      { type: 'qc', order: 13, result: 'pass', notes: '' },
      { outcome: 'refused', refusal: 'onOtherOrder' },
    ],
    [
      'qc on a device in stock',
      deviceAt('in_stock'),
      { type: 'qc', order: 12, result: 'pass', notes: '' },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    // ship
    [
      'ship a tag',
      deviceAt('allocated'),
      { type: 'ship', order: 12, customerOrgId: CUSTOMER },
      {
        outcome: 'changed',
        place: 'at_customer',
        device: {
          org: 'customer',
          customerOrgId: CUSTOMER,
          state: 'reserved',
          invoiceZone: CUSTOMER,
          order: 12,
        },
      },
    ],
    [
      'ship a gateway',
      gw('allocated'),
      { type: 'ship', order: 12, customerOrgId: CUSTOMER },
      {
        outcome: 'changed',
        device: { state: 'ready_to_deploy', invoiceZone: null, customerOrgId: CUSTOMER },
      },
    ],
    [
      'ship twice',
      deviceAt('at_customer'),
      { type: 'ship', order: 12, customerOrgId: CUSTOMER },
      { outcome: 'already' },
    ],
    [
      'ship with another order',
      deviceAt('allocated', { order: 13 }),
      { type: 'ship', order: 12, customerOrgId: CUSTOMER },
      { outcome: 'refused', refusal: 'onOtherOrder' },
    ],
    [
      'ship from stock',
      deviceAt('in_stock'),
      { type: 'ship', order: 12, customerOrgId: CUSTOMER },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
  ] as const)('%s', (_case, device, event, expected) => {
    expect(transition(device, event)).toMatchObject(expected);
  });

  it('names gateways by SKU too', () => {
    expect(transition(gw('in_stock'), { type: 'receive' })).toMatchObject({
      text: `${G} is already received`,
    });
  });
});
