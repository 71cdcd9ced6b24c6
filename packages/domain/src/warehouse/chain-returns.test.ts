import { describe, expect, it } from 'vitest';
import { REPACK_BARCODE_REASON } from './barcode';
import type { ChainDevice } from './chain';
import { NOT_REUSABLE_REASON, transition } from './chain-transitions';
import { deviceAt, FACTORY_BOX } from './test-devices';

const T = 'TAG5 aabbccddee01';
const R_BOX = 'TAG5-20240301-1-R';
const gw = (place: Parameters<typeof deviceAt>[0], overrides: Partial<ChainDevice> = {}) =>
  deviceAt(place, overrides, 'gateway');

describe('transition, customer back to stock (issue 22, SPEC §4 tag reuse, §5 repack barcode)', () => {
  it.each([
    // customer
    [
      'a customer marks a tag for return',
      deviceAt('at_customer', { state: 'deployed' }),
      { type: 'markForReturn' },
      { outcome: 'changed', place: 'to_return', device: { state: 'ready_for_return' } },
    ],
    [
      'a customer marks a gateway for return',
      gw('at_customer'),
      { type: 'markForReturn' },
      { outcome: 'changed', device: { state: 'undeployed' } },
    ],
    ['mark for return twice', deviceAt('to_return'), { type: 'markForReturn' }, { outcome: 'already' }],
    [
      'mark a device in stock',
      deviceAt('in_stock'),
      { type: 'markForReturn' },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    // returns
    [
      'a return received',
      deviceAt('to_return'),
      { type: 'returnReceived' },
      {
        outcome: 'changed',
        place: 'returned',
        device: {
          org: 'smpwarehouse',
          customerOrgId: null,
          state: 'returned',
          invoiceZone: null,
          order: null,
          box: null,
        },
        text: `${T} returned: inspect it`,
      },
    ],
    [
      'a lost tag turns up',
      deviceAt('lost'),
      { type: 'returnReceived' },
      { outcome: 'changed', place: 'returned' },
    ],
    [
      'a gateway from strongline-inventory',
      gw('in_stock', { org: 'strongline-inventory' }),
      { type: 'returnReceived' },
      { outcome: 'changed', place: 'returned', device: { org: 'smpwarehouse' } },
    ],
    [
      'a return received twice',
      deviceAt('returned'),
      { type: 'returnReceived' },
      { outcome: 'already', text: `${T} is already returned, waiting for inspection` },
    ],
    ['a return already inspected', deviceAt('scrapped'), { type: 'returnReceived' }, { outcome: 'already' }],
    [
      'a tag still in use',
      deviceAt('at_customer', { state: 'deployed' }),
      { type: 'returnReceived' },
      {
        outcome: 'refused',
        refusal: 'stillInUse',
        reason: `${T} is still in use at its customer (deployed): the customer marks it for return first`,
      },
    ],
    [
      'a device that never left',
      deviceAt('in_stock'),
      { type: 'returnReceived' },
      {
        outcome: 'refused',
        refusal: 'wrongPlace',
        reason: `${T} is in stock: returns take devices sent back by customers`,
      },
    ],
    // inspection (SPEC §4 tag reuse)
    [
      'inspect reusable',
      deviceAt('returned'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: true, notes: '' },
      { outcome: 'changed', place: 'reusable', text: `${T} is reusable: repack it` },
    ],
    [
      'inspect reusable against the reuse rule',
      deviceAt('returned'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: false, notes: '' },
      { outcome: 'refused', refusal: 'notReusable', reason: `${T} is not reusable: ${NOT_REUSABLE_REASON}` },
    ],
    [
      'inspect a gateway reusable (no rule)',
      gw('returned'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: null, notes: '' },
      { outcome: 'changed', place: 'reusable' },
    ],
    [
      'scrap with notes',
      deviceAt('returned'),
      { type: 'inspect', verdict: 'scrapped', reusableByRule: true, notes: 'cracked' },
      {
        outcome: 'changed',
        place: 'scrapped',
        device: { state: 'returned', inspection: { verdict: 'scrapped', notes: 'cracked' } },
      },
    ],
    [
      'scrap a reusable one without notes',
      deviceAt('returned'),
      { type: 'inspect', verdict: 'scrapped', reusableByRule: true, notes: '' },
      { outcome: 'refused', refusal: 'notesRequired', reason: `Say why ${T} is scrapped` },
    ],
    [
      'scrap by the reuse rule',
      deviceAt('returned'),
      { type: 'inspect', verdict: 'scrapped', reusableByRule: false, notes: '' },
      {
        outcome: 'changed',
        place: 'scrapped',
        device: { inspection: { notes: `Not reusable: ${NOT_REUSABLE_REASON}` } },
      },
    ],
    [
      'inspect reusable twice',
      deviceAt('reusable'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: true, notes: '' },
      { outcome: 'already' },
    ],
    [
      'scrap one found reusable before',
      deviceAt('reusable'),
      { type: 'inspect', verdict: 'scrapped', reusableByRule: true, notes: 'battery swollen' },
      { outcome: 'changed', place: 'scrapped' },
    ],
    [
      'scrap twice',
      deviceAt('scrapped'),
      { type: 'inspect', verdict: 'scrapped', reusableByRule: null, notes: '' },
      { outcome: 'already' },
    ],
    [
      'make a scrapped one reusable',
      deviceAt('scrapped'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: true, notes: '' },
      { outcome: 'refused', refusal: 'scrapped', reason: `${T} was scrapped` },
    ],
    [
      'inspect before it is received',
      deviceAt('to_return'),
      { type: 'inspect', verdict: 'reusable', reusableByRule: true, notes: '' },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    // repack (SPEC §5: the repack barcode requires -R)
    [
      'repack a reusable device',
      deviceAt('reusable'),
      { type: 'repack', box: R_BOX },
      {
        outcome: 'changed',
        place: 'in_stock',
        device: { state: 'available', box: R_BOX, inspection: null },
        text: `${T} repacked in box ${R_BOX}: back in stock`,
      },
    ],
    [
      'repack a reusable gateway',
      gw('reusable'),
      { type: 'repack', box: 'GW2-20240301-1-R' },
      { outcome: 'changed', device: { state: 'ready_to_deploy' } },
    ],
    [
      'repack under a factory label',
      deviceAt('reusable'),
      { type: 'repack', box: FACTORY_BOX },
      { outcome: 'refused', refusal: 'badBox', reason: REPACK_BARCODE_REASON },
    ],
    [
      'repack into another SKU',
      deviceAt('reusable'),
      { type: 'repack', box: 'TAG7-20240301-1-R' },
      { outcome: 'refused', refusal: 'skuMismatch' },
    ],
    [
      'repack twice',
      deviceAt('in_stock', { box: R_BOX }),
      { type: 'repack', box: R_BOX },
      { outcome: 'already' },
    ],
    [
      'repack before inspection',
      deviceAt('returned'),
      { type: 'repack', box: R_BOX },
      { outcome: 'refused', refusal: 'notInspected' },
    ],
    [
      'repack a scrapped device',
      deviceAt('scrapped'),
      { type: 'repack', box: R_BOX },
      { outcome: 'refused', refusal: 'scrapped' },
    ],
    [
      'repack one at a customer',
      deviceAt('at_customer'),
      { type: 'repack', box: R_BOX },
      { outcome: 'refused', refusal: 'wrongPlace' },
    ],
    [
      'a loose GWC back to stock',
      gw('reusable', { sku: 'GWC' }),
      { type: 'repack', box: null },
      { outcome: 'changed', place: 'in_stock', device: { box: null } },
    ],
    [
      'a TAG5 without its box',
      deviceAt('reusable'),
      { type: 'repack', box: null },
      { outcome: 'refused', refusal: 'badBox', reason: `${T} goes back in a repack box (-R) of 20` },
    ],
  ] as const)('%s', (_case, device, event, expected) => {
    expect(transition(device, event)).toMatchObject(expected);
  });
});
