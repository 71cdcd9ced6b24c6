import { describe, expect, it } from 'vitest';
import {
  CHAIN_PLACES,
  chainOrgOf,
  chainPlace,
  describePlace,
  firmwareRefusal,
  type ChainDevice,
} from './chain';
import { noDeviceResult, registerDevice } from './chain-transitions';
import { deviceAt, FACTORY_BOX } from './test-devices';

const T = 'TAG5 aabbccddee01';
const gw = (place: Parameters<typeof deviceAt>[0], overrides: Partial<ChainDevice> = {}) =>
  deviceAt(place, overrides, 'gateway');

describe('chainPlace (issue 22: where a device is, from SPEC §3 config.state, its organisation and logistics facts)', () => {
  it.each(CHAIN_PLACES.flatMap((place) => [[place, 'tag'] as const, [place, 'gateway'] as const]))(
    'a %s %s is read back at its place',
    (place, kind) => {
      expect(chainPlace(deviceAt(place, {}, kind))).toBe(place);
    },
  );

  it.each([
    ['a deployed tag in the factory', deviceAt('registered', { state: 'deployed' }), null],
    ['a deployed tag in smpwarehouse (staff’s own)', deviceAt('in_stock', { state: 'deployed' }), null],
    ['a tag without state at a customer', deviceAt('at_customer', { state: null }), 'at_customer'],
    ['a deployed tag at a customer', deviceAt('at_customer', { state: 'deployed' }), 'at_customer'],
    ['a tag the customer set returned', deviceAt('at_customer', { state: 'returned' }), 'to_return'],
    [
      'a gateway the customer unassigned (undeployed)',
      gw('at_customer', { state: 'undeployed' }),
      'to_return',
    ],
    [
      'anything in strongline-inventory (transfer_inv)',
      deviceAt('in_stock', { org: 'strongline-inventory' }),
      'to_return',
    ],
    ['a tag lost in stock', deviceAt('in_stock', { state: 'lost' }), 'lost'],
  ])('%s → %s', (_case, device, place) => {
    expect(chainPlace(device)).toBe(place);
  });

  it.each([
    ['smpwarehouse', 'smpwarehouse'],
    ['factory', 'factory'],
    ['strongline-inventory', 'strongline-inventory'],
    ['st-marys', 'customer'],
    ['customer', 'customer'],
    [null, 'customer'],
  ])('organisation slug %s is %s (SPEC §6 logistics slugs)', (slug, org) => {
    expect(chainOrgOf(slug)).toBe(org);
  });

  it.each([
    [deviceAt('packed'), `packed at the factory in box ${FACTORY_BOX}`],
    [deviceAt('allocated'), 'on order ORD-12'],
    [deviceAt('reusable'), 'inspected reusable, waiting to be repacked'],
    [
      deviceAt('in_stock', { state: 'deployed' }),
      'outside the supply chain (state deployed in smpwarehouse)',
    ],
  ])('describes %#', (device, text) => {
    expect(describePlace(device)).toBe(text);
  });
});

describe('firmwareRefusal (SPEC §9 firmware keys: indoor GW2, GW2_ff, GW5; outdoor NODE1, GWL1)', () => {
  it.each([
    ['GW2', 'GW2', null],
    ['GW2', 'GW2_ff', null],
    ['GW2', 'GW5', null],
    ['GWC', 'GW5', null],
    ['NODE1', 'NODE1', null],
    ['GWL1', 'GWL1', null],
    ['TAG5', null, null],
    ['GW2', null, 'GW2 is flashed with indoor firmware: GW2, GW2_ff, GW5'],
    ['GW2', 'NODE1', 'GW2 is flashed with indoor firmware: GW2, GW2_ff, GW5'],
    ['NODE1', 'GWL1', 'NODE1 is flashed with firmware NODE1'],
    ['GWL1', null, 'GWL1 is flashed with firmware GWL1'],
    ['TAG5', 'GW2', 'TAG5 takes no firmware key'],
  ] as const)('%s with %s → %s', (sku, key, refusal) => {
    expect(firmwareRefusal(sku, key)).toBe(refusal);
  });
});

describe('registerDevice (issue 22 factory: a newly flashed device, state flashed in the factory organisation)', () => {
  const id = 'aabbccddee01';
  it.each([
    [
      'a new tag',
      null,
      'TAG5',
      null,
      { outcome: 'changed', place: 'registered', device: { state: 'flashed', org: 'factory', sku: 'TAG5' } },
    ],
    [
      'a new indoor gateway',
      null,
      'GW2',
      'GW5',
      { outcome: 'changed', device: { kind: 'gateway', state: 'ready_to_deploy', firmwareKey: 'GW5' } },
    ],
    ['a new node', null, 'NODE1', 'NODE1', { outcome: 'changed', device: { kind: 'gateway', sku: 'NODE1' } }],
    ['a gateway without firmware', null, 'GW2', null, { outcome: 'refused', refusal: 'firmware' }],
    ['a node with the bridge firmware', null, 'NODE1', 'GWL1', { outcome: 'refused', refusal: 'firmware' }],
    [
      'the same again',
      deviceAt('registered'),
      'TAG5',
      null,
      { outcome: 'already', text: `${T} is already registered` },
    ],
    ['the same once packed', deviceAt('packed'), 'TAG5', null, { outcome: 'already' }],
    [
      'a new SKU before packing',
      deviceAt('registered'),
      'TAG7',
      null,
      { outcome: 'changed', text: `TAG7 ${id} registered again (was TAG5)`, device: { sku: 'TAG7' } },
    ],
    [
      'a new SKU once packed',
      deviceAt('packed'),
      'TAG7',
      null,
      {
        outcome: 'refused',
        refusal: 'inOtherBox',
        reason: `${T} is packed in box ${FACTORY_BOX}: it cannot be registered again`,
      },
    ],
    [
      'a tag as a gateway',
      deviceAt('registered'),
      'GW2',
      'GW2',
      { outcome: 'refused', refusal: 'kindMismatch', reason: `${T} is a tag; GW2 is a gateway` },
    ],
    [
      'a device in stock',
      deviceAt('in_stock'),
      'TAG5',
      null,
      {
        outcome: 'refused',
        refusal: 'wrongPlace',
        reason: `${T} is in stock: a used device comes back through returns`,
      },
    ],
  ] as const)('%s', (_case, existing, sku, key, expected) => {
    expect(registerDevice(id, existing, sku, key)).toMatchObject(expected);
  });

  it('an unknown id is refused at every other step', () => {
    expect(noDeviceResult('0123456789ab')).toEqual({
      outcome: 'refused',
      refusal: 'noDevice',
      reason: 'Device 0123456789ab is not registered: the factory registers new devices',
    });
  });
});
